// End-to-end: `kinrow solve/analyze` on gravity games, run as a user would.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

namespace {

struct CliRun {
    std::string out;
    int status;
};

// Runs the built kinrow with `args` (shell syntax), standard error merged in.
CliRun run_cli(const std::string& args, const std::string& input = "") {
    auto r = kinrow::testing::run_kinrow(args, input);
    return {r.output, r.exit_code};
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST(ConnectCli, SolveReportsScoreMoveAndLine) {
    // From Pons's Test_L3_R1: the side to move loses with score -1.
    CliRun r = run_cli("solve connect4 --moves 2252576253462244111563365343671351441 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["score"], -1);
    EXPECT_EQ(j["result"], "loss");
    EXPECT_EQ(j["engine"], "connect");
    EXPECT_EQ(j["best_move"].get<std::string>().size(), 1u);  // a column digit
    EXPECT_GT(j["nodes"].get<long long>(), 0);
    // -1: the opponent wins with stone 41 (-(43 - 40) / 2), so the line holds
    // stones 38 to 41, and the game ends 4 plies from now.
    EXPECT_EQ(j["pv"].size(), 4u);
    EXPECT_EQ(j["plies_to_end"], 4);

    CliRun text = run_cli("solve connect:4,3,3");
    ASSERT_EQ(text.status, 0) << text.out;
    EXPECT_NE(text.out.find("value: X wins"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("score: 2 (connect scale)"), std::string::npos) << text.out;
}

TEST(ConnectCli, AnalyzeGivesEveryColumn) {
    CliRun r = run_cli("analyze connect:4,3,3 --moves 222 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    auto scores = nlohmann::json::parse(r.out)["scores"];
    ASSERT_EQ(scores.size(), 4u);
    EXPECT_TRUE(scores[1].is_null());  // column 2 is full
    CliRun best = run_cli("solve connect:4,3,3 --moves 222 --json");
    auto j = nlohmann::json::parse(best.out);
    int max = -100;
    for (const auto& s : scores)
        if (!s.is_null()) max = std::max(max, s.get<int>());
    EXPECT_EQ(max, j["score"].get<int>());
    EXPECT_EQ(scores[std::stoi(j["best_move"].get<std::string>()) - 1], j["score"]);
}

TEST(ConnectCli, BatchSolvesGoodLinesAndReportsBadOnes) {
    CliRun r = run_cli("solve connect4 --batch",
                   "2252576253462244111563365343671351441\n4453x\n\n"
                   "7422341735647741166133573473242566\n4455667\n89\n");
    EXPECT_EQ(r.status, 1);
    auto out = lines(r.out);
    ASSERT_EQ(out.size(), 6u) << r.out;
    std::istringstream first(out[0]);
    std::string moves;
    int score;
    long long nodes, micros;
    first >> moves >> score >> nodes >> micros;
    EXPECT_EQ(moves, "2252576253462244111563365343671351441");
    EXPECT_EQ(score, -1);
    EXPECT_GT(nodes, 0);
    EXPECT_EQ(out[1].rfind("4453x error: ", 0), 0u) << out[1];
    EXPECT_EQ(out[2].rfind("7422341735647741166133573473242566 1 ", 0), 0u) << out[2];
    EXPECT_EQ(out[3].rfind("4455667 error: ", 0), 0u) << out[3];
    EXPECT_EQ(out[4].rfind("89 error: ", 0), 0u) << out[4];
    EXPECT_EQ(out[5], "kinrow: error: 3 of 5 batch positions were invalid");

    CliRun weak = run_cli("solve connect4 --batch --weak", "7422341735647741166133573473242566\n");
    EXPECT_EQ(weak.status, 0);
    EXPECT_EQ(weak.out.rfind("7422341735647741166133573473242566 1 ", 0), 0u) << weak.out;
}

TEST(ConnectCli, ChainedTableSolvesTheSame) {
    // The textbook dictionary in place of the fixed tables: same score, same
    // principal variation (the search is exact either way).
    CliRun fixed = run_cli("solve connect:5,4,4 --moves 3 --json");
    CliRun chained = run_cli("solve connect:5,4,4 --moves 3 --json --chained 10");
    ASSERT_EQ(fixed.status, 0) << fixed.out;
    ASSERT_EQ(chained.status, 0) << chained.out;
    auto f = nlohmann::json::parse(fixed.out), c = nlohmann::json::parse(chained.out);
    EXPECT_EQ(c["score"], f["score"]);
    EXPECT_GT(c["stats"]["table_bytes"].get<long long>(), 0);

    CliRun batch = run_cli("solve connect4 --batch --chained 1000",
                           "2252576253462244111563365343671351441\n7422341735647741166133573473242566\n");
    ASSERT_EQ(batch.status, 0) << batch.out;
    auto out = lines(batch.out);
    ASSERT_EQ(out.size(), 2u) << batch.out;
    EXPECT_EQ(out[0].rfind("2252576253462244111563365343671351441 -1 ", 0), 0u) << out[0];
    EXPECT_EQ(out[1].rfind("7422341735647741166133573473242566 1 ", 0), 0u) << out[1];

    for (const char* args : {"solve connect4 --chained 10 --no-tt", "solve connect4 --chained 10 --threads 2"}) {
        CliRun r = run_cli(args);
        EXPECT_EQ(r.status, 1) << args;
        EXPECT_EQ(r.out.rfind("kinrow: error: ", 0), 0u) << args << ": " << r.out;
    }
}

TEST(ConnectCli, BadInputGetsOneLineErrors) {
    for (const char* args : {"solve connect4 --moves 4455667", "solve connect4 --moves 48",
                             "solve connect4 --moves 4444444", "analyze connect4 --moves 4a",
                             "solve connect4 --depth 3", "solve connect:9,9,4"}) {
        CliRun r = run_cli(args);
        EXPECT_EQ(r.status, 1) << args;
        EXPECT_EQ(r.out.rfind("kinrow: error: ", 0), 0u) << args << ": " << r.out;
        EXPECT_EQ(lines(r.out).size(), 1u) << args << ": " << r.out;
    }
}

TEST(ConnectCli, BenchComparesTablesOnOneSolve) {
    CliRun r = run_cli("bench-connect connect:4,4,4 --sizes 1,2");
    ASSERT_EQ(r.status, 0) << r.out;
    auto out = lines(r.out);
    // title, header, none, 3 chained, 2 fixed, 2 split, the chained footer
    ASSERT_EQ(out.size(), 2u + 1 + 3 + 2 + 2 + 1) << r.out;
    EXPECT_EQ(out.back().rfind("chained tables: ", 0), 0u) << out.back();
    // Every row solves the same draw; a table saves nodes; the chained
    // tables never lose a position, so they all search the same tree, and the
    // fewer the buckets, the more inserts land in an occupied one.
    long long none_nodes = 0, chained_nodes = 0;
    std::vector<long long> chained_collisions;
    for (std::size_t i = 2; i + 1 < out.size(); ++i) {
        std::istringstream row(out[i]);
        std::string word;
        std::vector<std::string> fields;
        while (row >> word) fields.push_back(word);
        ASSERT_GE(fields.size(), 7u) << out[i];
        // Columns from the right: collisions, hit %, probes, time, nodes, score.
        std::size_t n = fields.size();
        EXPECT_EQ(fields[n - 6], "0") << out[i];
        long long nodes = std::stoll(fields[n - 5]);
        if (fields[0] == "none") {
            none_nodes = nodes;
            continue;
        }
        EXPECT_LT(nodes, none_nodes) << out[i];
        if (fields[0] == "chained") {
            if (chained_collisions.empty()) chained_nodes = nodes;
            EXPECT_EQ(nodes, chained_nodes) << out[i];
            chained_collisions.push_back(std::stoll(fields[n - 1]));
        }
    }
    EXPECT_GT(none_nodes, 0);
    ASSERT_EQ(chained_collisions.size(), 3u);
    EXPECT_GT(chained_collisions[0], chained_collisions[1]);
    EXPECT_GT(chained_collisions[1], chained_collisions[2]);
}
