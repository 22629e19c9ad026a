#include <gtest/gtest.h>

#include <string>

#include "core/chained_table.hpp"

using namespace kinrow;

TEST(ChainedTable, InsertFindRemoveWithIdKeys) {
    ChainedTable<std::uint64_t, int> table(101);
    EXPECT_EQ(table.insert(5, 50), InsertResult::Inserted);
    EXPECT_EQ(table.insert(106, 60), InsertResult::InsertedCollision);  // 106 mod 101 == 5
    EXPECT_EQ(table.insert(5, 99), InsertResult::Duplicate);
    ASSERT_NE(table.find(5), nullptr);
    EXPECT_EQ(*table.find(5), 50);
    EXPECT_EQ(*table.find(106), 60);
    EXPECT_EQ(table.find(7), nullptr);
    EXPECT_TRUE(table.remove(5));
    EXPECT_FALSE(table.remove(5));
    EXPECT_EQ(table.find(5), nullptr);
    EXPECT_EQ(*table.find(106), 60);
    EXPECT_EQ(table.size(), 1u);
    table.clear();
    EXPECT_EQ(table.size(), 0u);
    EXPECT_EQ(table.find(106), nullptr);
}

// The course's own dictionary check: 9,887 buckets, 10,000 distinct
// configuration strings, duplicates rejected, absent keys reported absent.
TEST(ChainedTable, CourseDictionaryCheck) {
    ChainedTable<std::string, int, StringHash> table(9887);
    auto config = [](int i) {
        // A board-like configuration string per index: base-3 digits over 9 cells + a suffix.
        std::string s;
        for (int v = i, c = 0; c < 9; ++c, v /= 3) s += ".XO"[v % 3];
        return s + "#" + std::to_string(i);
    };
    int collisions = 0;
    for (int i = 0; i < 10000; ++i) {
        InsertResult r = table.insert(config(i), i);
        ASSERT_NE(r, InsertResult::Duplicate);
        collisions += r == InsertResult::InsertedCollision;
    }
    EXPECT_LT(collisions, 6000);
    EXPECT_EQ(table.insert(config(42), 0), InsertResult::Duplicate);
    EXPECT_EQ(table.find("absent"), nullptr);
    EXPECT_FALSE(table.remove("absent"));
    for (int i = 0; i < 10000; ++i) ASSERT_NE(table.find(config(i)), nullptr) << i;
    for (int i = 0; i < 1000; ++i) ASSERT_TRUE(table.remove(config(i)));
    for (int i = 0; i < 1000; ++i) EXPECT_EQ(table.find(config(i)), nullptr);
    for (int i = 1000; i < 10000; ++i) {
        const int* v = table.find(config(i));
        ASSERT_NE(v, nullptr);
        EXPECT_EQ(*v, i);
    }
    EXPECT_EQ(table.size(), 9000u);
}
