#include <gtest/gtest.h>

#include <set>
#include <string>

#include "search/count.hpp"
#include "core/error.hpp"

using namespace kinrow;
using namespace kinrow::search;

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
    // Per ply: 1 empty board, 9 first moves, 72 replies, 252 = C(9,3)*3 ...
    ASSERT_EQ(r.positions_by_ply.size(), 10u);
    EXPECT_EQ(r.positions_by_ply[0], 1u);
    EXPECT_EQ(r.positions_by_ply[1], 9u);
    EXPECT_EQ(r.positions_by_ply[2], 72u);
    EXPECT_EQ(r.positions_by_ply[3], 252u);
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

// John Tromp's counts of Connect Four positions by ply (OEIS A212693): a
// perft-style check of the gravity move generator and win detection.
TEST(Count, ConnectFourPositionsByPlyMatchPublishedCounts) {
    CountOptions first_plies;
    first_plies.max_plies = 8;
    CountResult r = count_positions(Position(parse_game("connect4")), first_plies);
    const std::vector<std::uint64_t> published = {1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275};
    EXPECT_EQ(r.positions_by_ply, published);
}

namespace {

// Every distinct board reachable by depth-first play, by stones on the board.
void collect(Position& p, std::vector<std::set<std::string>>& seen) {
    if (!seen[p.stones()].insert(p.board_string()).second || p.game_over()) return;
    for (Move m : p.legal_moves()) {
        p.play(m);
        collect(p, seen);
        p.undo();
    }
}

}  // namespace

TEST(Count, GravityPositionsByPlyMatchDepthFirstEnumeration) {
    for (const char* name : {"connect:4,3,4", "connect:3,4,3", "connect:5,3,3", "connect:2,5,2", "connect:4,3,1"}) {
        Position root(parse_game(name));
        std::vector<std::set<std::string>> seen(root.cells() + 1);
        collect(root, seen);
        while (!seen.empty() && seen.back().empty()) seen.pop_back();
        CountResult r = count_positions(root);
        ASSERT_EQ(r.positions_by_ply.size(), seen.size()) << name;
        for (std::size_t n = 0; n < seen.size(); ++n)
            EXPECT_EQ(r.positions_by_ply[n], seen[n].size()) << name << " at " << n << " stones";
    }
}

TEST(Count, FourByFourConnectFourMatchesTrompsCount) {
    EXPECT_EQ(count_positions(Position(parse_game("connect:4,4,4"))).positions, 161029u);
}
