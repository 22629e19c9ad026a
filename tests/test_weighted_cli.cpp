// End to end: the `kinrow` binary against the course's reference transcripts
// and on bad input. Each test spawns KINROW_BINARY through the shell with a
// file (or nothing) on standard input.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "run_command.hpp"
#include "shared_data.hpp"

namespace {

const std::string kReference = "reference/weighted/";
using kinrow::testing::read_shared_file;

struct Outcome {
    std::string output;  // standard output and standard error, interleaved
    int status = -1;
};

Outcome run(const std::string& args, const std::string& stdin_file = "/dev/null") {
    auto r = kinrow::testing::run_command_from_file(kinrow::testing::kinrow_command(args), stdin_file);
    return {r.output, r.exit_code};
}

// The reference files must exist: an empty read would compare as a mismatch anyway,
// but this names the missing file.
std::string drop_first_line(const std::string& text) { return text.substr(text.find('\n') + 1); }

// Splits off the last line, which must be the timing line.
std::string drop_timing_line(const std::string& text) {
    std::size_t last = text.rfind('\n', text.size() - 2);
    std::string timing = text.substr(last + 1);
    const std::string head = "Took ", tail = " milliseconds.\n";
    bool ok = timing.size() > head.size() + tail.size() && timing.starts_with(head) &&
              timing.ends_with(tail) &&
              timing.find_first_not_of("0123456789", head.size()) == timing.size() - tail.size();
    EXPECT_TRUE(ok) << timing;
    return text.substr(0, last + 1);
}

// A stdin file with the task-1 moves, without the course's task-menu answer.
std::string moves_file(const std::string& name) {
    std::string path = ::testing::TempDir() + "kinrow_weighted_" + name + ".txt";
    std::ofstream(path) << drop_first_line(read_shared_file(kReference + "inputs/input" + name + ".txt"));
    return path;
}

std::string write_temp(const std::string& name, const std::string& text) {
    std::string path = ::testing::TempDir() + "kinrow_weighted_" + name;
    std::ofstream(path) << text;
    return path;
}

}  // namespace

// Task 2 (minimax + table) and task 4 (alpha-beta): the auto games at depths
// 4 and 9, byte for byte but for the menu line and the timing line. Every
// engine configuration must play the same game.
TEST(WeightedCli, AutoGamesMatchTheCourseTranscripts) {
    KINROW_NEEDS_SHARED_DATA(kReference + "outputs/output2_3_4.txt");
    for (const char* depth : {"4", "9"}) {
        std::string minimax = drop_timing_line(
            drop_first_line(read_shared_file(kReference + "outputs/output2_3_" + depth + ".txt")));
        std::string alphabeta = drop_timing_line(
            drop_first_line(read_shared_file(kReference + "outputs/output4_3_" + depth + ".txt")));
        EXPECT_EQ(minimax, alphabeta);
        for (std::string flags : {"-a", "-a -ab", "--auto --alphabeta", "-a --no-table",
                                  "-a -ab --no-table", "-a -ab --no-ordering"}) {
            Outcome r = run("weighted " + flags + " -d " + depth);
            EXPECT_EQ(r.status, 0) << flags;
            EXPECT_EQ(drop_timing_line(r.output), minimax) << flags << " depth " << depth;
        }
    }
}

TEST(WeightedCli, ManualModeMatchesTheTaskOneTranscripts) {
    KINROW_NEEDS_SHARED_DATA(kReference + "outputs/output1_3_draw.txt");
    for (const char* name : {"1_3_draw", "1_3_win"}) {
        Outcome r = run("weighted -m", moves_file(name));
        EXPECT_EQ(r.status, 0);
        EXPECT_EQ(r.output,
                  drop_first_line(read_shared_file(kReference + "outputs/output" + name + ".txt")))
            << name;
    }
}

TEST(WeightedCli, TableDemoMatchesTaskThree) {
    KINROW_NEEDS_SHARED_DATA(kReference + "outputs/output3.txt");
    Outcome r = run("weighted --table-demo");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.output, drop_first_line(read_shared_file(kReference + "outputs/output3.txt")));
}

TEST(WeightedCli, GridFromStandardInputOrTheCommandLine) {
    // The default grid given explicitly plays the default game.
    std::string expected = run("weighted -a -d 4").output;
    std::string grid = write_temp("grid.txt", "4 3 8\n9 5 1\n2 7 6\n");
    Outcome from_stdin = run("weighted -a -d 4 -s", grid);
    EXPECT_EQ(from_stdin.status, 0);
    EXPECT_EQ(drop_timing_line(from_stdin.output), drop_timing_line(expected));
    Outcome from_option = run("weighted -a -d 4 --grid '4,3,8/9,5,1/2,7,6'");
    EXPECT_EQ(drop_timing_line(from_option.output), drop_timing_line(expected));
    // A grid, then the moves, on one standard input.
    Outcome manual =
        run("weighted -m -s", write_temp("grid_moves.txt", "1 1 1\n1 1 1\n1 1 1\n1 1\n-1\n"));
    EXPECT_EQ(manual.status, 0);
    EXPECT_NE(manual.output.find("Score: 4\nID: 81\n"), std::string::npos) << manual.output;
}

TEST(WeightedCli, FourByFourAndLargerBoards) {
    Outcome four = run("weighted --size 4 -a -ab -d 3");
    EXPECT_EQ(four.status, 0);
    EXPECT_NE(four.output.find("=================\n|   |   |   |   |\n"), std::string::npos);
    EXPECT_NE(four.output.find("Took "), std::string::npos);
    // 7x7: ids over 64 bits are still printed exactly.
    Outcome seven = run("weighted --size 7 -m", write_temp("seven.txt", "6 6\n-1\n"));
    EXPECT_EQ(seven.status, 0);
    EXPECT_NE(seven.output.find("ID: 79766443076872509863361\n"), std::string::npos)
        << seven.output;
}

TEST(WeightedCli, IdCommandConvertsBothWays) {
    Outcome board = run("id 4721");
    EXPECT_EQ(board.status, 0);
    EXPECT_EQ(board.output,
              "=============\n| O | X | O |\n=============\n|   | X | X |\n=============\n"
              "|   | O |   |\n=============\n");
    Outcome id = run("id --board OXO/.XX/.O.");
    EXPECT_EQ(id.output, "4721\n");
    EXPECT_EQ(run("id --size 4 --board X.../..../..../...O").output, "28697815\n");  // 1 + 2*3^15
}

TEST(WeightedCli, TreeCommandWritesDot) {
    Outcome r = run("tree -d 2 --alphabeta --moves '1,1 0,0'");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.output.rfind("digraph search {", 0), 0u);
    EXPECT_NE(r.output.find("pruned"), std::string::npos);
    Outcome big = run("tree -d 9");
    EXPECT_EQ(big.status, 1);
    EXPECT_NE(big.output.find("kinrow: error: search tree over"), std::string::npos);
}

TEST(WeightedCli, BadInputGetsOneLineErrors) {
    struct Case {
        std::string args;
        std::string message;
    };
    const Case cases[] = {
        {"weighted --bogus", "--bogus"},
        {"weighted -d", "--depth"},
        {"weighted -d -3", "depth must be a positive whole number of plies, got '-3'"},
        {"weighted -d x", "got 'x'"},
        {"weighted -a -m", "choose one mode"},
        {"weighted -v -a", "choose one mode"},
        {"weighted --grid '1 2 3'", "a 3x3 board needs 9 weights, got 3"},
        {"weighted --grid '1 2 3 4 5 6 7 8 nine'", "'nine' is not an integer weight"},
        {"weighted -s", "standard input ended after 0"},
        {"weighted --size 0", "--size 0 out of range"},
        {"weighted --side X", "--side applies to --versus only"},
        {"id 19683", "id 19683 out of range"},
        {"id 99999999999999999999999", "over 64 bits"},
        {"id abc", "'abc' is not a non-negative integer"},
        {"id --size 7 1", "board too large for an id"},
        {"id --board XXX/XXX/XXX", "unreachable board"},
        {"tree --moves '0,0 0,1 1,1 0,2 2,2'", "the game is over"},
    };
    for (const Case& c : cases) {
        Outcome r = run(c.args);
        EXPECT_NE(r.status, 0) << c.args;
        EXPECT_NE(r.output.find(c.message), std::string::npos) << c.args << "\n" << r.output;
        EXPECT_EQ(r.output.find("terminate"), std::string::npos) << c.args;
    }
}

TEST(WeightedCli, EndOfInputEndsTheGameWithAMessage) {
    for (const char* mode : {"", "-m", "-v"}) {
        Outcome r = run(std::string("weighted ") + mode);
        EXPECT_EQ(r.status, 0) << mode;
        EXPECT_NE(r.output.find("End of input: game abandoned."),
                  std::string::npos)
            << mode;
    }
    Outcome quit = run("weighted -m", write_temp("quit.txt", "-1\n"));
    EXPECT_EQ(quit.status, 0);
}

// The benchmark game (4x4, default grid, depth 7): minimax with the table —
// the course's reference semantics — and alpha-beta with and without the
// table play the same game.
TEST(WeightedCliSlow, FourByFourDepthSevenGameIsTheSameWithEveryEngine) {
    std::string minimax = drop_timing_line(run("weighted --size 4 -a -d 7").output);
    EXPECT_NE(minimax.find("Player X won!\n"), std::string::npos);
    for (const char* flags : {"-ab", "-ab --no-table", "-ab --no-ordering"})
        EXPECT_EQ(drop_timing_line(run(std::string("weighted --size 4 -a -d 7 ") + flags).output),
                  minimax)
            << flags;
}
