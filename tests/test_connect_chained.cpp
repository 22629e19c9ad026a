// The textbook chained dictionary as the Connect-k solver's table: exact
// scores whatever the bucket count, and the collisions the experiment reports.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "connect/bitboard.hpp"
#include "connect/chained_table_adapter.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "rules/position.hpp"
#include "shared_data.hpp"

using namespace kinrow;
using namespace kinrow::connect;

namespace {

constexpr std::size_t kBucketCounts[] = {10, 1000, 100000};

// The score of p with no table at all, the reference the tables must match.
int untabled_score(const Geometry& g, const BitPosition& p) {
    NoTable none;
    Solver solver(g, none);
    return solver.solve(p, false);
}

}  // namespace

TEST(ConnectChained, StoreUpdatesInPlaceAndReportsCollisions) {
    ChainedTableAdapter table(10);
    TableEntry e;
    EXPECT_FALSE(table.probe(42, e));
    EXPECT_FALSE(table.store(42, {3, true, 1}, 0));  // first key of its bucket
    EXPECT_FALSE(table.store(42, {-2, false, 4}, 0));  // the same key: updated, no collision
    ASSERT_TRUE(table.probe(42, e));
    EXPECT_EQ(e.score, -2);
    EXPECT_FALSE(e.lower);
    EXPECT_EQ(e.column, 4);
    EXPECT_EQ(table.size(), 1u);
    EXPECT_TRUE(table.store(52, {1, true, 0}, 0));  // 52 mod 10 = 42 mod 10: same bucket
    EXPECT_FALSE(table.probe(32, e));               // same bucket, never stored: keys compared in full
    EXPECT_EQ(table.size(), 2u);
    table.clear();
    EXPECT_FALSE(table.probe(42, e));
    EXPECT_EQ(table.size(), 0u);
}

TEST(ConnectChained, EveryTableGivesTheExactScoreOfEmptyBoards) {
    // The seed's facts (2x2 k=2 and 4x3 k=3: first player wins; 3x3 and 3x4,
    // k=3: draw) and a 5x4 k=4 draw that needs real search.
    for (const char* name : {"connect:2,2,2", "connect:3,3,3", "connect:3,4,3", "connect:4,3,3", "connect:5,4,4"}) {
        GameSpec spec = parse_game(name);
        Geometry g(spec);
        BitPosition p = BitPosition::from(g, Position(spec));
        const int exact = untabled_score(g, p);
        FixedTable fixed(g, 1);
        Solver fixed_solver(g, fixed);
        EXPECT_EQ(fixed_solver.solve(p, false), exact) << name;
        for (std::size_t buckets : kBucketCounts) {
            ChainedTableAdapter table(buckets);
            Solver solver(g, table);
            EXPECT_EQ(solver.solve(p, false), exact) << name << ", " << buckets << " buckets";
            EXPECT_EQ(solver.solve(p, true), (exact > 0) - (exact < 0)) << name << ", " << buckets << " buckets";
        }
    }
}

TEST(ConnectChained, FewerBucketsMeanMoreCollisionsButTheSameSearch) {
    GameSpec spec = parse_game("connect:5,4,4");
    Geometry g(spec);
    BitPosition p = BitPosition::from(g, Position(spec));
    std::vector<SearchStats> stats;
    std::vector<std::size_t> sizes;
    for (std::size_t buckets : kBucketCounts) {
        ChainedTableAdapter table(buckets);
        Solver solver(g, table);
        solver.solve(p, false);
        stats.push_back(solver.stats());
        sizes.push_back(table.size());
    }
    EXPECT_GT(stats[0].evictions, 0u);
    for (std::size_t i = 1; i < stats.size(); ++i) {
        EXPECT_LT(stats[i].evictions, stats[i - 1].evictions);
        // Nothing is ever dropped: the bucket count cannot change the search.
        EXPECT_EQ(stats[i].nodes, stats[0].nodes);
        EXPECT_EQ(stats[i].hits, stats[0].hits);
        EXPECT_EQ(sizes[i], sizes[0]);
    }
    // Every insert but the first in each of the 10 buckets collided.
    EXPECT_EQ(stats[0].evictions, sizes[0] - 10);
}

TEST(ConnectChained, MatchesPonsScoresOnEndGames) {
    KINROW_NEEDS_SHARED_DATA("reference/connect4/Test_L3_R1");
    std::istringstream in(kinrow::testing::read_shared_file("reference/connect4/Test_L3_R1"));
    GameSpec spec = parse_game("connect4");
    Geometry g(spec);
    ChainedTableAdapter table(10);
    Solver solver(g, table);
    std::string line;
    int checked = 0;
    // The first 50 positions, with one table kept across them: entries of one
    // position serve the next, which is right only because keys are exact.
    while (checked < 50 && std::getline(in, line)) {
        std::istringstream fields(line);
        std::string moves;
        int score;
        if (!(fields >> moves >> score)) continue;
        BitPosition p = BitPosition::from(g, Position::from_moves(spec, moves));
        EXPECT_EQ(solver.solve(p, false), score) << moves;
        ++checked;
    }
    EXPECT_EQ(checked, 50) << "Test_L3_R1 not found or truncated";
}
