#include <gtest/gtest.h>

#include "core/error.hpp"
#include "search/tt.hpp"

using namespace kinrow;
using namespace kinrow::search;

TEST(TranspositionTable, StoresAndFindsBounds) {
    TranspositionTable tt(1);
    TTData out;
    EXPECT_FALSE(tt.probe(12345, out));
    EXPECT_FALSE(tt.store(12345, TTData{-7, 4, 9, Bound::Lower}));
    ASSERT_TRUE(tt.probe(12345, out));
    EXPECT_EQ(out.score, -7);
    EXPECT_EQ(out.move, 4);
    EXPECT_EQ(out.depth, 9);
    EXPECT_EQ(out.bound, Bound::Lower);
    // A fail-low has no move: the earlier move stays for ordering.
    tt.store(12345, TTData{-9, kNoMove, 10, Bound::Upper});
    ASSERT_TRUE(tt.probe(12345, out));
    EXPECT_EQ(out.bound, Bound::Upper);
    EXPECT_EQ(out.score, -9);
    EXPECT_EQ(out.move, 4);
    tt.clear();
    EXPECT_FALSE(tt.probe(12345, out));
}

TEST(TranspositionTable, KeyZeroIsAnOrdinaryKey) {
    // The empty board hashes to 0; an empty slot must not look like it.
    TranspositionTable tt(1);
    TTData out;
    EXPECT_FALSE(tt.probe(0, out));
    tt.store(0, TTData{0, 4, kFullDepth, Bound::Exact});
    ASSERT_TRUE(tt.probe(0, out));
    EXPECT_EQ(out.depth, kFullDepth);
}

TEST(TranspositionTable, FullBucketEvictsTheShallowestAndCountsACollision) {
    TranspositionTable tt(1);
    const std::uint64_t stride = tt.memory_bytes() / 64;  // keys that share bucket 0
    for (int i = 0; i < 4; ++i)
        EXPECT_FALSE(tt.store(stride * (i + 1), TTData{i, i, static_cast<std::uint8_t>(10 + i), Bound::Exact}));
    EXPECT_TRUE(tt.store(stride * 9, TTData{5, 5, 20, Bound::Exact}));
    TTData out;
    EXPECT_FALSE(tt.probe(stride * 1, out));  // depth 10 was the shallowest
    for (int i = 1; i < 4; ++i) EXPECT_TRUE(tt.probe(stride * (i + 1), out));
    EXPECT_TRUE(tt.probe(stride * 9, out));
}

TEST(TranspositionTable, OlderSearchesAreReplacedFirst) {
    TranspositionTable tt(1);
    const std::uint64_t stride = tt.memory_bytes() / 64;
    for (int i = 0; i < 4; ++i) tt.store(stride * (i + 1), TTData{0, 0, static_cast<std::uint8_t>(i == 2 ? 50 : 1), Bound::Exact});
    tt.new_search();
    tt.store(stride * 3, TTData{0, 0, 1, Bound::Exact});  // refreshed: now current
    for (int i = 0; i < 3; ++i) tt.store(stride * (10 + i), TTData{0, 0, 1, Bound::Exact});
    TTData out;
    EXPECT_TRUE(tt.probe(stride * 3, out));  // the only current entry survives, though shallow
}

TEST(TranspositionTable, SizeIsAPowerOfTwoWithinTheBudget) {
    TranspositionTable tt(3);
    EXPECT_LE(tt.memory_bytes(), std::size_t{3} << 20);
    EXPECT_EQ(tt.memory_bytes(), std::size_t{2} << 20);
    EXPECT_EQ(tt.entry_count(), (std::size_t{2} << 20) / 16);
}

TEST(TranspositionTable, RejectsImpossibleSizes) {
    EXPECT_THROW(TranspositionTable(0), Error);
    EXPECT_THROW(TranspositionTable(std::size_t{1} << 30), Error);  // a pebibyte
    std::size_t physical = physical_memory_bytes();
    if (physical != 0) {
        EXPECT_THROW(TranspositionTable((physical >> 20) + 1), Error);
    }
}

TEST(ChainedTranspositionTable, ReportsStoresIntoUsedBuckets) {
    ChainedTranspositionTable tt(10);
    EXPECT_FALSE(tt.store(3, TTData{1, 2, 3, Bound::Exact}));
    EXPECT_TRUE(tt.store(13, TTData{4, 5, 6, Bound::Lower}));  // bucket 3 again
    EXPECT_FALSE(tt.store(13, TTData{7, kNoMove, 8, Bound::Upper}));  // update, not an insert
    TTData out;
    ASSERT_TRUE(tt.probe(13, out));
    EXPECT_EQ(out.score, 7);
    EXPECT_EQ(out.move, 5);
    EXPECT_EQ(out.bound, Bound::Upper);
    EXPECT_EQ(tt.size(), 2u);
    tt.clear();
    EXPECT_FALSE(tt.probe(3, out));
}
