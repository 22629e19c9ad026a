// The verifier against deliberately broken proofs: each must be rejected with
// a message that names the first bad node and what is wrong with it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "rules/game.hpp"
#include "prover/proof_file.hpp"
#include "prover/prover.hpp"
#include "prover/verifier.hpp"
#include "run_command.hpp"

using namespace kinrow;

namespace {


// The proof file the prover writes for a game, as text.
std::string proof_text(const std::string& game) {
    prover::Options options;
    options.table_mb = 8;
    options.proof_path = kinrow::testing::temp_file_path("source");
    prover::Result r = prover::prove(Position(parse_game(game)), options);
    EXPECT_TRUE(r.proven) << game;
    std::string text = kinrow::testing::read_text_file(options.proof_path);
    std::filesystem::remove(options.proof_path);
    return text;
}

prover::VerifyReport verify_text(const std::string& text) {
    std::string path = kinrow::testing::temp_file_path("broken");
    std::ofstream(path, std::ios::binary) << text;
    prover::VerifyReport report = prover::verify_file(path);
    std::filesystem::remove(path);
    return report;
}

// The first line matching `pattern`, replaced by `replacement` (regex syntax).
std::string edit_first(const std::string& text, const std::string& pattern, const std::string& replacement) {
    std::istringstream in(text);
    std::string line, out;
    bool done = false;
    std::regex re(pattern);
    while (std::getline(in, line)) {
        if (!done && std::regex_search(line, re)) {
            line = std::regex_replace(line, re, replacement, std::regex_constants::format_first_only);
            done = true;
        }
        out += line + "\n";
    }
    EXPECT_TRUE(done) << "no line matches " << pattern;
    return out;
}

void expect_rejected(const std::string& text, const std::string& expected_part) {
    prover::VerifyReport report = verify_text(text);
    EXPECT_FALSE(report.ok);
    EXPECT_NE(report.message.find(expected_part), std::string::npos) << report.message;
}

}  // namespace

TEST(ProverVerifier, AcceptsTheProversProofs) {
    for (const char* game : {"tictactoe", "mnk:4,4,3", "mnk:5,5,4", "mnk:6,5,4", "mnk:5,5,5", "mnk:6,6,5"}) {
        prover::VerifyReport report = verify_text(proof_text(game));
        EXPECT_TRUE(report.ok) << game << ": " << report.message;
    }
}

TEST(ProverVerifier, RejectsATruncatedFile) {
    std::string text = proof_text("mnk:4,4,3");
    expect_rejected(text.substr(0, text.size() / 2), "truncated");
    expect_rejected(text.substr(0, 30), "truncated");
    expect_rejected("", "not a kinrow proof file");
}

TEST(ProverVerifier, RejectsACorruptedNode) {
    std::string text = proof_text("mnk:4,4,3");
    // The claimer's first move moved onto another cell: the tree below no
    // longer matches the position.
    std::string moved = edit_first(text, R"(^0 play \d+,\d+)", "0 play 3,3");
    prover::VerifyReport report = verify_text(moved);
    EXPECT_FALSE(report.ok);
    EXPECT_NE(report.message.find("node"), std::string::npos) << report.message;
    expect_rejected(edit_first(text, R"( all )", " bogus "), "unknown node type 'bogus'");
    expect_rejected(edit_first(text, R"( play \d+,\d+)", " play 9,9"), "off the 4x4 board");
}

TEST(ProverVerifier, RejectsAProofForAnotherGame) {
    std::string text = proof_text("mnk:4,4,3");
    expect_rejected(edit_first(text, "^game .*", "game mnk:4,4,4"), "section 1 (X wins), node");
    expect_rejected(edit_first(text, "^game .*", "game mnk:3,3,3"), "off the 3x3 board");
    expect_rejected(edit_first(text, "^game .*", "game chess"), "unknown game");
}

TEST(ProverVerifier, RejectsAMissingDefenderReply) {
    std::string text = proof_text("mnk:4,4,3");
    expect_rejected(edit_first(text, R"( \d+,\d+=[^ ]+( @\d+)?)", ""), "does not answer the opponent's move");
}

TEST(ProverVerifier, RejectsAPairingThatMissesALiveLine) {
    std::string text = proof_text("mnk:5,5,5");
    expect_rejected(edit_first(text, R"( pair \d+,\d+-\d+,\d+)", " pair"), "misses the live line");
    expect_rejected(edit_first(text, R"( pair \d+,\d+-(\d+,\d+) (\d+,\d+)-)", " pair $1-$2 $2-"), "in two pairs");
}

TEST(ProverVerifier, RejectsFalseClaims) {
    // A draw claimed as a win.
    expect_rejected(edit_first(proof_text("tictactoe"), "^value draw", "value win"),
                    "claims a win but its sections prove a draw");
    // Half a draw: only one side's section.
    std::string text = proof_text("mnk:5,5,5");
    expect_rejected(text.substr(0, text.find("section X")), "only part of a value");
    // A pairing offered as a proof of a win.
    expect_rejected(edit_first(text, "^section O at-least-draw", "section O win"), "a pairing proves a draw at most");
    // A win claimed where the winning move does not complete a line.
    std::string win = proof_text("mnk:4,4,3");
    expect_rejected(edit_first(win, R"(=(\d+,\d+)\*)", "=$1#"), "says the game is over after");
}

TEST(ProverVerifier, RejectsAStrayNode) {
    std::string text = proof_text("mnk:4,4,3");
    std::regex header(R"(section X win (\d+))");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, header));
    int count = std::stoi(m[1]);
    std::string extra = std::to_string(count) + " play 0,0#\n";
    std::string bigger = std::regex_replace(text, header, "section X win " + std::to_string(count + 1));
    bigger.insert(bigger.rfind("end"), extra);
    expect_rejected(bigger, "no node refers to it");
}

TEST(ProverVerifierCli, VerifyExitsNonZeroOnABadProof) {
    std::string path = kinrow::testing::temp_file_path("cli");
    auto solved = kinrow::testing::run_kinrow("solve mnk:5,5,4 --engine prover --json --proof '" + path + "'");
    EXPECT_EQ(solved.exit_code, 0) << solved.output;
    EXPECT_NE(solved.output.find("\"engine\": \"prover\""), std::string::npos) << solved.output;
    EXPECT_NE(solved.output.find("\"result\": \"draw\""), std::string::npos) << solved.output;
    auto good = kinrow::testing::run_kinrow("verify '" + path + "'");
    EXPECT_EQ(good.exit_code, 0) << good.output;
    EXPECT_NE(good.output.find("ok: draw"), std::string::npos) << good.output;
    std::ofstream(path, std::ios::app) << "garbage\n";
    auto bad = kinrow::testing::run_kinrow("verify '" + path + "'");
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_EQ(bad.output.rfind("kinrow: error: proof rejected:", 0), 0u) << bad.output;
    auto missing = kinrow::testing::run_kinrow("verify /nonexistent/proof");
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.output.find("cannot read"), std::string::npos) << missing.output;
    std::filesystem::remove(path);
}
