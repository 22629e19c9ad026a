// Pascal Pons's Connect Four benchmark sets: every score exact in strong mode,
// the right sign in weak mode. Files live in KINROW_SHARED_DIR, never copied.
#include <gtest/gtest.h>

#include <sstream>

#include "connect/bitboard.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "rules/position.hpp"
#include "shared_data.hpp"

using namespace kinrow;
using namespace kinrow::connect;

namespace {

struct Case {
    std::string moves;
    int score;
};

std::vector<Case> load_set(const std::string& name) {
    std::istringstream in(kinrow::testing::read_shared_file("reference/connect4/" + name));
    std::vector<Case> cases;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        Case c;
        if (fields >> c.moves >> c.score) cases.push_back(c);
    }
    return cases;
}

// Checks every `step`-th position of the set (all of it for step 1).
void check_set(const std::string& name, std::size_t step) {
    std::vector<Case> cases = load_set(name);
    ASSERT_EQ(cases.size(), 1000u) << name << " not found or truncated";
    GameSpec spec = parse_game("connect4");
    Geometry g(spec);
    FixedTable table(g, 16);
    Solver solver(g, table);
    for (std::size_t i = 0; i < cases.size(); i += step) {
        const Case& c = cases[i];
        BitPosition p = BitPosition::from(g, Position::from_moves(spec, c.moves));
        EXPECT_EQ(solver.solve(p, false), c.score) << name << " " << c.moves;
        EXPECT_EQ(solver.solve(p, true), (c.score > 0) - (c.score < 0)) << name << " " << c.moves;
    }
}

}  // namespace

TEST(ConnectSets, EndGameEasyL3R1) {
    KINROW_NEEDS_SHARED_DATA("reference/connect4/Test_L3_R1");
    check_set("Test_L3_R1", 1);
}
TEST(ConnectSets, MiddleGameEasyL2R1) {
    KINROW_NEEDS_SHARED_DATA("reference/connect4/Test_L2_R1");
    check_set("Test_L2_R1", 1);
}
// A fixed sample (every 20th position) keeps the sanitizer run short.
TEST(ConnectSets, MiddleGameMediumL2R2Sample) {
    KINROW_NEEDS_SHARED_DATA("reference/connect4/Test_L2_R2");
    check_set("Test_L2_R2", 20);
}
TEST(ConnectSetsSlow, MiddleGameMediumL2R2) {
    KINROW_NEEDS_SHARED_DATA("reference/connect4/Test_L2_R2");
    check_set("Test_L2_R2", 1);
}
