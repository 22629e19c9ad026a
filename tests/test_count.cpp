#include <gtest/gtest.h>

#include "count.hpp"
#include "error.hpp"

using namespace kinrow;

TEST(Count, TicTacToeFacts) {
    CountResult r = count_positions(Position(parse_game("tictactoe")));
    EXPECT_EQ(r.positions, 5478u);
    EXPECT_EQ(r.canonical_positions, 765u);
    EXPECT_EQ(r.terminal[0], 626u);
    EXPECT_EQ(r.terminal[1], 316u);
    EXPECT_EQ(r.terminal[2], 16u);
    EXPECT_EQ(r.games_total(), 255168u);
    EXPECT_EQ(r.games[0], 131184u);
    EXPECT_EQ(r.games[1], 77904u);
    EXPECT_EQ(r.games[2], 46080u);
    EXPECT_EQ(r.tree_nodes, 549946u);
}

TEST(Count, FromAPositionCountsItsSubtree) {
    // After X in the centre and O in a corner, a cross-check by brute force.
    Position root = Position::from_moves(parse_game("tictactoe"), "1,1 0,0");
    CountResult r = count_positions(root);
    std::uint64_t games = 0, nodes = 0;
    auto walk = [&](auto&& self, Position& p) -> void {
        ++nodes;
        if (p.game_over()) {
            ++games;
            return;
        }
        for (Move m : p.legal_moves()) {
            p.play(m);
            self(self, p);
            p.undo();
        }
    };
    walk(walk, root);
    EXPECT_EQ(r.games_total(), games);
    EXPECT_EQ(r.tree_nodes, nodes);
}

TEST(Count, GravityBoardsMatchBruteForce) {
    for (const char* game : {"connect:3,3,3", "connect:4,3,3", "connect:2,2,2"}) {
        Position root(parse_game(game));
        CountResult r = count_positions(root);
        std::uint64_t nodes = 0;
        auto walk = [&](auto&& self, Position& p) -> void {
            ++nodes;
            for (Move m : p.legal_moves()) {
                p.play(m);
                self(self, p);
                p.undo();
            }
        };
        walk(walk, root);
        EXPECT_EQ(r.tree_nodes, nodes) << game;
        EXPECT_LE(r.canonical_positions, r.positions);
        EXPECT_GE(r.canonical_positions * 2, r.positions);  // the mirror at most halves
    }
}

TEST(Count, RefusesTooLargeWork) {
    EXPECT_THROW(count_positions(Position(parse_game("gomoku"))), Error);
    CountOptions small;
    small.max_positions = 1000;
    EXPECT_THROW(count_positions(Position(parse_game("tictactoe")), small), Error);
}

TEST(CountSlow, FourByFourReachablePositions) {
    EXPECT_EQ(count_positions(Position(parse_game("mnk:4,4,4"))).positions, 9722011u);
}
