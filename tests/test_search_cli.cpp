// End-to-end: the kinrow binary's solve / analyze / bench on the generic engine.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

namespace {

struct CliRun {
    int status;
    std::string out;
};

// Runs the binary with `args`; stderr goes to stdout when `merge` is set.
CliRun run(const std::string& args, bool merge = false) {
    auto r = kinrow::testing::run_kinrow(args, "", merge);
    return {r.exit_code, r.output};
}

}  // namespace

TEST(SearchCli, SolveJson) {
    CliRun r = run("solve tictactoe --json --tt-mb 4");
    ASSERT_EQ(r.status, 0);
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["result"], "draw");
    EXPECT_EQ(j["bound"], "exact");
    EXPECT_EQ(j["pv"].size(), 9u);
    EXPECT_GT(j["stats"]["nodes"].get<int>(), 0);
    EXPECT_TRUE(j["stats"].contains("tt_collisions"));
}

TEST(SearchCli, SolveTextNamesTheWinner) {
    CliRun r = run("solve mnk:4,4,3 --tt-mb 4");
    ASSERT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("value: X wins in 3 moves (5 plies)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("best move: "), std::string::npos);
}

TEST(SearchCli, GenericEngineOnGravity) {
    CliRun r = run("solve connect:4,3,3 --generic --json --tt-mb 4");
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(nlohmann::json::parse(r.out)["result"], "win");
}

TEST(SearchCli, AnalyzeJsonValuesEveryMove) {
    CliRun r = run("analyze tictactoe --moves \"0,0 1,1 2,2\" --json --tt-mb 4");
    ASSERT_EQ(r.status, 0);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["moves"].size(), 6u);
    int losses = 0;
    for (const auto& m : j["moves"]) losses += m["result"] == "loss";
    EXPECT_EQ(losses, 2);  // the two free corners
}

TEST(SearchCli, BadOptionsAreOneLineErrors) {
    CliRun huge = run("solve tictactoe --tt-mb 1000000", true);
    EXPECT_NE(huge.status, 0);
    EXPECT_EQ(huge.out.rfind("kinrow: error: --tt-mb: table size 1000000 MiB is larger than this machine's memory", 0), 0u) << huge.out;
    CliRun tree = run("solve tictactoe --full-tree", true);
    EXPECT_EQ(tree.status, 1);
    EXPECT_NE(tree.out.find("--full-tree applies to --algorithm minimax only"), std::string::npos);
    CliRun chained = run("solve tictactoe --chained 10 --no-tt", true);
    EXPECT_EQ(chained.status, 1);
    EXPECT_NE(chained.out.find("--chained"), std::string::npos);
}

TEST(SearchCliSlow, BenchTicTacToeTable) {
    CliRun r = run("bench --tictactoe --json");
    ASSERT_EQ(r.status, 0);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j.size(), 6u);
    EXPECT_EQ(j[0]["nodes"], 986410);
    EXPECT_EQ(j[1]["nodes"], 549946);
}

TEST(SearchCliSlow, BenchSignatureIsDeterministic) {
    CliRun a = run("bench --json"), b = run("bench --json");
    ASSERT_EQ(a.status, 0);
    EXPECT_EQ(nlohmann::json::parse(a.out)["nodes"], nlohmann::json::parse(b.out)["nodes"]);
}
