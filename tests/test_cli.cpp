// End-to-end tests of the `kinrow` command line: what a user types, what they see.
#include <gtest/gtest.h>

#include <algorithm>

#include "run_command.hpp"

using kinrow::testing::run_kinrow;

namespace {

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

// Bad input: one line naming the problem, a non-zero exit.
void expect_one_line_error(const std::string& args, const std::string& needle) {
    auto r = run_kinrow(args);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_EQ(count_lines(r.output), 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("error"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(needle), std::string::npos) << args << "\n" << r.output;
}

}  // namespace

TEST(Cli, CountPrintsTicTacToeFacts) {
    auto r = run_kinrow("count tictactoe --json");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("\"positions\": 5478"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"positions_up_to_symmetry\": 765"), std::string::npos);
    EXPECT_NE(r.output.find("\"total\": 255168"), std::string::npos);
}

TEST(Cli, BadInputGivesOneLineErrors) {
    expect_one_line_error("solve chess", "unknown game");
    expect_one_line_error("solve mnk:3,3,4", "k=4 out of range");
    expect_one_line_error("solve mnk:30,3,3", "out of range");
    expect_one_line_error("solve connect:9,9,4", "out of range");
    expect_one_line_error("solve tictactoe --moves '1,1 1,1'", "occupied");
    expect_one_line_error("solve tictactoe --moves '5,5'", "outside");
    expect_one_line_error("solve tictactoe --moves 'a'", "bad move");
    expect_one_line_error("solve connect:3,2,3 --moves 111", "full");
    expect_one_line_error("solve tictactoe --moves '0,0 1,0 0,1 1,1 0,2 2,2'", "after the game ended");
    expect_one_line_error("solve tictactoe --board 'XX./.../...'", "unreachable");
    expect_one_line_error("solve tictactoe --board 'XXX/OOO/X..'", "both X and O");
    expect_one_line_error("solve connect:3,3,3 --board '.../X../.O.'", "floating");
    expect_one_line_error("solve tictactoe --id 19683", "out of range");
    expect_one_line_error("solve connect4 --id 5", "too large for an id");
    expect_one_line_error("solve tictactoe --depth -1", "--depth");
    expect_one_line_error("solve tictactoe --tt-mb 0", "--tt-mb");
    expect_one_line_error("solve tictactoe --tt-mb 100000000", "larger than this machine's memory");
    expect_one_line_error("count gomoku", "at most 64");
    expect_one_line_error("play tictactoe --human z", "--human");
    expect_one_line_error("tune-gomoku --policy", "--load-games");
    expect_one_line_error("tune-gomoku --policy --load-games /nonexistent/games.txt", "cannot read");
    expect_one_line_error("tune-gomoku --network", "--load-games");
    expect_one_line_error("tune-gomoku --search-judge", "--load-games");
    expect_one_line_error("tune-gomoku --search-judge --load-games /nonexistent/games.txt", "cannot read");
    expect_one_line_error("tune-gomoku --search-judge --judge-scale 0", "--judge-scale");
    expect_one_line_error("tune-gomoku --policy --compare-games /nonexistent/c.txt", "--compare-games");
    expect_one_line_error("tune-gomoku --compare-weight 3", "--compare-games");
    expect_one_line_error("tune-gomoku --compare-games /nonexistent/c.txt", "cannot read");
    expect_one_line_error("tune-gomoku --compare-games /nonexistent/c.txt --compare-weight 0", "--compare-weight");
    expect_one_line_error("tune-gomoku --network --load-games /nonexistent/games.txt", "cannot read");
    expect_one_line_error("tune-gomoku --network --epochs 0", "--epochs");
    expect_one_line_error("tune-gomoku --network --choice-weight -1", "--choice-weight");
    expect_one_line_error("tune-gomoku --network --network-share 1.5", "--network-share");
    expect_one_line_error("tune-gomoku --network --network-share -0.1", "--network-share");
    expect_one_line_error("tune-gomoku --network --load-games /nonexistent/games.txt --choice-weight 0.1",
                          "--choice-games");
    expect_one_line_error("tune-gomoku --network --load-games /nonexistent/games.txt --choice-games /nonexistent/c.txt",
                          "--choice-weight");
}

TEST(Cli, PlayHumanAgainstEngineToTheEnd) {
    // X takes the centre and then plays whatever cells are free; the engine
    // holds at least a draw, so the game ends with "Draw." or "O wins.".
    std::string input;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) input += std::to_string(r) + "," + std::to_string(c) + "\n";
    auto r = run_kinrow("play tictactoe --human x", "1,1\n" + input);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(r.output.find("Draw.") != std::string::npos || r.output.find("O wins.") != std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("is occupied; try again"), std::string::npos);  // re-prompted
}

TEST(Cli, PlayQuitsCleanlyOnEndOfInput) {
    auto r = run_kinrow("play mnk:4,4,3 --human o", "");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.output.find("end of input"), std::string::npos) << r.output;
}

TEST(Cli, EngineAgainstEngineFinishesWithLegalMoves) {
    for (const char* game : {"tictactoe", "mnk:4,4,3", "mnk:4,3,3", "connect:4,3,3"}) {
        auto r = run_kinrow(std::string("play ") + game + " --human none");
        EXPECT_EQ(r.exit_code, 0) << game << "\n" << r.output;
        EXPECT_EQ(r.output.find(",-1"), std::string::npos) << game << "\n" << r.output;
        bool ended = r.output.find("X wins.") != std::string::npos ||
                     r.output.find("O wins.") != std::string::npos ||
                     r.output.find("Draw.") != std::string::npos;
        EXPECT_TRUE(ended) << game << "\n" << r.output;
    }
}

TEST(Cli, SolvesGomokuThreatPuzzles) {
    auto vcf = run_kinrow("solve gomoku --vcf --moves \"h8 g8 i8 a1 j8 a3 k7 a5 k6 a7 k5 o1\"");
    EXPECT_EQ(vcf.exit_code, 0) << vcf.output;
    EXPECT_NE(vcf.output.find("X wins by continuous fours"), std::string::npos) << vcf.output;
    // A win by threes and fours that no VCF has (kinrow's game against Rapfi, seed 4703).
    const std::string moves = "7,6 7,7 5,6 6,6 6,5 5,4 8,5 7,4 6,7 5,8 8,8 8,4 9,4 10,3 8,9 7,8";
    auto no_vcf = run_kinrow("solve gomoku --vcf --json --moves \"" + moves + "\"");
    EXPECT_NE(no_vcf.output.find("\"vcf\":false"), std::string::npos) << no_vcf.output;
    EXPECT_NE(no_vcf.output.find("\"complete\":true"), std::string::npos) << no_vcf.output;
    auto vct = run_kinrow("solve gomoku --vct --json --moves \"" + moves + "\"");
    EXPECT_EQ(vct.exit_code, 0) << vct.output;
    EXPECT_NE(vct.output.find("\"vct\":true"), std::string::npos) << vct.output;
    EXPECT_NE(vct.output.find("\"complete\":true"), std::string::npos) << vct.output;
    EXPECT_EQ(vct.output.find("\"first\":\"\""), std::string::npos) << vct.output;
    // Too few threats allowed: a complete search that finds nothing.
    auto short_vct = run_kinrow("solve gomoku --vct --depth 2 --moves \"" + moves + "\"");
    EXPECT_NE(short_vct.output.find("X has no VCT within 2 threats"), std::string::npos) << short_vct.output;
    // The budget runs out first: said so, not taken for "no VCT".
    auto cut = run_kinrow("solve gomoku --vct --nodes 1000 --moves \"" + moves + "\"");
    EXPECT_NE(cut.output.find("no VCT for X found within 1000 nodes (search incomplete)"), std::string::npos)
        << cut.output;
    expect_one_line_error("solve gomoku --vct --vcf --moves h8", "excludes");
    expect_one_line_error("solve tictactoe --vct", "k=5");
    expect_one_line_error("solve gomoku --vct --moves \"h8 h8\"", "occupied");
}
