// The verifier against deliberately broken proofs: each must be rejected with
// a message that names the first bad node and what is wrong with it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
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

using Tokens = std::vector<std::string>;

// Applies `edit` to the white-space separated tokens of the first line for
// which `wanted` holds, and joins them again.
std::string edit_first(const std::string& text, const std::function<bool(const Tokens&)>& wanted,
                       const std::function<void(Tokens&)>& edit) {
    std::istringstream in(text);
    std::string line, out;
    bool done = false;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        Tokens tokens{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
        if (!done && wanted(tokens)) {
            edit(tokens);
            line.clear();
            for (const auto& t : tokens) line += (line.empty() ? "" : " ") + t;
            done = true;
        }
        out += line + "\n";
    }
    EXPECT_TRUE(done) << "no line to edit";
    return out;
}

// The first node line of a type (play, all, pair).
std::function<bool(const Tokens&)> node_of_type(const std::string& type) {
    return [type](const Tokens& t) { return t.size() >= 3 && t[1] == type; };
}
std::function<bool(const Tokens&)> line_starting(const std::string& first) {
    return [first](const Tokens& t) { return !t.empty() && t[0] == first; };
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
    std::string moved = edit_first(text, line_starting("0"), [](Tokens& t) { t[2] = "3,3"; });
    prover::VerifyReport report = verify_text(moved);
    EXPECT_FALSE(report.ok);
    EXPECT_NE(report.message.find("node"), std::string::npos) << report.message;
    expect_rejected(edit_first(text, node_of_type("all"), [](Tokens& t) { t[1] = "bogus"; }),
                    "unknown node type 'bogus'");
    expect_rejected(edit_first(text, node_of_type("play"), [](Tokens& t) { t[2] = "9,9"; }), "off the 4x4 board");
}

TEST(ProverVerifier, RejectsAProofForAnotherGame) {
    std::string text = proof_text("mnk:4,4,3");
    auto game = [&](const std::string& name) {
        return edit_first(text, line_starting("game"), [&](Tokens& t) { t[1] = name; });
    };
    expect_rejected(game("mnk:4,4,4"), "section 1 (X wins), node");
    expect_rejected(game("mnk:3,3,3"), "off the 3x3 board");
    expect_rejected(game("chess"), "unknown game");
}

TEST(ProverVerifier, RejectsAMissingDefenderReply) {
    std::string text = proof_text("mnk:4,4,3");
    // The first entry goes, with its ` @id` when the claimer's reply has one.
    expect_rejected(edit_first(text, node_of_type("all"),
                               [](Tokens& t) {
                                   bool reference = t.size() > 3 && t[3][0] == '@';
                                   t.erase(t.begin() + 2, t.begin() + (reference ? 4 : 3));
                               }),
                    "does not answer the opponent's move");
}

TEST(ProverVerifier, RejectsAPairingThatMissesALiveLine) {
    std::string text = proof_text("mnk:5,5,5");
    expect_rejected(edit_first(text, node_of_type("pair"), [](Tokens& t) { t.erase(t.begin() + 2); }),
                    "misses the live line");
    // The second pair takes the first pair's second cell.
    expect_rejected(edit_first(text, node_of_type("pair"),
                               [](Tokens& t) { t[3] = t[2].substr(t[2].find('-') + 1) + t[3].substr(t[3].find('-')); }),
                    "in two pairs");
}

TEST(ProverVerifier, RejectsFalseClaims) {
    // A draw claimed as a win.
    expect_rejected(edit_first(proof_text("tictactoe"), line_starting("value"), [](Tokens& t) { t[1] = "win"; }),
                    "claims a win but its sections prove a draw");
    // Half a draw: only one side's section.
    std::string text = proof_text("mnk:5,5,5");
    expect_rejected(text.substr(0, text.find("section X")), "only part of a value");
    // A pairing offered as a proof of a win.
    expect_rejected(edit_first(text, line_starting("section"), [](Tokens& t) { t[2] = "win"; }),
                    "a pairing proves a draw at most");
    // A win claimed where the winning move does not complete a line.
    std::string win = proof_text("mnk:4,4,3");
    expect_rejected(edit_first(win, node_of_type("all"), [](Tokens& t) { t[2].back() = '#'; }),
                    "says the game is over after");
}

TEST(ProverVerifier, RejectsAFalseDoubleThreatOfTheDefender) {
    // 5,5,4: O's at-least-draw section answers many of X's moves with a
    // double threat of its own (`MOVE=REPLY*`). The first such reply moved
    // onto the move X just played, then onto the other side of the board.
    std::string text = proof_text("mnk:5,5,4");
    auto has_star = [](const Tokens& t) {
        return t.size() >= 3 && t[1] == "all" &&
               std::any_of(t.begin() + 2, t.end(), [](const std::string& e) { return e.back() == '*'; });
    };
    auto move_reply = [&](bool onto_own_move) {
        return edit_first(text, has_star, [&](Tokens& t) {
            for (auto it = t.begin() + 2; it != t.end(); ++it)
                if (it->back() == '*') {
                    std::string move = it->substr(0, it->find('='));
                    std::string reply = onto_own_move ? move : (move == "4,4" ? "4,3" : "4,4");
                    *it = move + "=" + reply + "*";
                    return;
                }
        });
    };
    expect_rejected(move_reply(true), "section 1 (O at least draws)");
    expect_rejected(move_reply(true), "is not legal");
    expect_rejected(move_reply(false), "not a double threat");
}

TEST(ProverVerifier, RejectsAStrayNode) {
    std::string text = proof_text("mnk:4,4,3");
    int count = 0;
    std::string bigger = edit_first(text, line_starting("section"), [&](Tokens& t) {
        count = std::stoi(t[3]);
        t[3] = std::to_string(count + 1);
    });
    bigger.insert(bigger.rfind("end"), std::to_string(count) + " play 0,0#\n");
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
