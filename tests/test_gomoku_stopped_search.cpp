// A search stopped by its limit (the clock in play; the node limit here, which
// stops it the same way but deterministically) reports only what it finished:
// no loss is claimed from an iteration whose unfinished moves were never
// searched, nor from the moves near the stones before the far ones are.
// Found in the sparring matches (issue 11): under a loaded clock, a 500 ms
// turn reported `depth 5 score -29986` from a partial iteration.
#include <gtest/gtest.h>

#include "gomoku/board.hpp"
#include "gomoku/search.hpp"
#include "rules/position.hpp"

using namespace kinrow;
using namespace kinrow::gomoku;

namespace {

// From a game against Rapfi: X to move, and lost (the complete depth-5
// search proves it), but only after every move, the far ones too, is refuted.
const char* kLostPosition =
    "8,6 6,9 5,9 6,8 6,7 5,8 7,8 4,7 3,6 6,10 7,10 5,6 7,9 6,11 6,12 7,7 3,8 7,11 4,12 5,5 3,9 3,10 "
    "4,10 5,11 4,11 4,9 3,12 2,11 1,12 5,4 5,7 2,12 7,12 5,12 4,14 4,13 4,4 2,10 2,13 6,4 3,14 2,8 2,9 "
    "2,14 3,5 3,7 4,6 6,2 5,2 6,5";

SearchReport think(std::uint64_t nodes) {
    Position pos = Position::from_moves(parse_game("gomoku"), kLostPosition);
    Engine engine(std::size_t{4} << 20);
    SearchLimits limits;
    limits.nodes = nodes;
    return engine.think(Board::from_position(pos), limits);
}

}  // namespace

TEST(GomokuStoppedSearch, ClaimsNoLossItDidNotFinish) {
    SearchReport complete = think(0);
    ASSERT_LT(complete.score, -kWinThreshold);  // the position is lost
    // Stopped inside the last iteration: its finished moves all lose, the
    // rest (and the far moves) are unsearched. Limits that leave the search
    // fewer nodes than the complete one stopped it; none of those may claim
    // the loss. The limits are shares of the complete search's main nodes
    // (what the limit counts), as the tree's size follows the search's
    // pruning.
    for (int eighths = 1; eighths < 8; ++eighths) {
        std::uint64_t nodes = complete.main_nodes * eighths / 8;
        SearchReport r = think(nodes);
        EXPECT_NE(r.move, kNoMove);
        EXPECT_LT(r.main_nodes, complete.main_nodes);  // stopped: the node limit is exact
        EXPECT_GE(r.score, -kWinThreshold) << nodes << " main nodes: depth " << r.depth;
    }
}

// A search stopped anywhere (inside a singular-extension test too, which
// leaves a move out of its node and must put it back) leaves nothing behind
// that clear() does not reset: the next search is a fresh engine's, move,
// score and node counts alike.
TEST(GomokuStoppedSearch, LeavesNothingBehindAfterClear) {
    // A middle game from a sparring game against Rapfi, black to move.
    const char* middle_game =
        "5,9 5,5 6,6 6,5 7,5 5,7 6,8 4,7 7,7 8,6 5,6 7,6 3,7 4,8 4,10 3,11 4,5 6,7 8,7 3,9 1,11 3,10 3,12 9,6";
    Board board = Board::from_position(Position::from_moves(parse_game("gomoku"), middle_game));
    SearchLimits deep;
    deep.depth = 9;
    Engine fresh(std::size_t{4} << 20);
    const SearchReport expected = fresh.think(board, deep);
    ASSERT_EQ(expected.depth, 9);
    // Stopped in the last iterations, where the deep nodes (and their
    // singular tests) are: a 64th of the main nodes apart, from half on.
    Engine engine(std::size_t{4} << 20);
    for (int part = 32; part < 64; ++part) {
        SearchLimits stopped;
        stopped.nodes = expected.main_nodes * part / 64;
        engine.think(board, stopped);
        engine.clear();
        const SearchReport r = engine.think(board, deep);
        EXPECT_EQ(r.move, expected.move) << stopped.nodes;
        EXPECT_EQ(r.score, expected.score) << stopped.nodes;
        EXPECT_EQ(r.main_nodes, expected.main_nodes) << stopped.nodes;
        EXPECT_EQ(r.nodes, expected.nodes) << stopped.nodes;
        engine.clear();
    }
}
