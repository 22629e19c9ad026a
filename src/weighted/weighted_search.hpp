// Depth-limited minimax for weighted tic-tac-toe: X maximises the board score,
// O minimises it; at depth 0 or on a finished board the value is the score.
//
// Enhancements switch on one by one — the transposition table, alpha-beta,
// move ordering — and none may change the answer: with any combination the
// chosen move and score are exactly plain minimax's at the same depth, where
// ties keep the FIRST best move in row-major order. Three rules make that so:
//  * table entries carry bounds (exact / lower / upper), and a hit answers a
//    node only when its bound settles the node's window;
//  * the root never answers from the table and re-checks ties: a move that
//    comes before the current best in row-major order is searched with a
//    window one wider, so a tie with it is seen and it takes over;
//  * the table persists across the moves of a game at one search depth (an
//    entry of an earlier move is always shallower than what a later move asks
//    for, unless both reach the end of the game, where values are exact); a
//    search at another depth starts from an empty table.
#pragma once

#include <cstdint>
#include <vector>

#include "weighted/weighted_rules.hpp"
#include "weighted/weighted_table.hpp"

namespace kinrow::weighted {

class SearchTree;

struct SearchOptions {
    bool alphabeta = false;
    bool table = true;
    bool ordering = true;        // alpha-beta only: table move first, then heavier cells
    std::size_t buckets = 0;     // 0: the seed's size for the board
    std::size_t table_mb = 256;  // memory budget of the table
};

struct SearchResult {
    Score score = 0;
    Move move = kNoMove;
};

struct SearchStats {
    std::uint64_t nodes = 0;
    std::uint64_t table_hits = 0;  // nodes answered by the table
};

class WeightedSearch {
public:
    WeightedSearch(const GameSpec& spec, SearchOptions options);

    // The best move and its value for the side to move, `depth` plies deep
    // (depth >= 1, the game not over). If `tree` is given, every node visited
    // is recorded in it.
    SearchResult search(Position& pos, int depth, SearchTree* tree = nullptr);

    const SearchStats& stats() const { return stats_; }  // of the last search
    const TranspositionTable& table() const { return table_; }
    const SearchOptions& options() const { return options_; }

private:
    Score value(Position& pos, int depth, Score alpha, Score beta);
    // The legal moves in search order, written to `out`; returns the count.
    int ordered_moves(const Position& pos, Move first, Move* out) const;

    SearchOptions options_;
    TranspositionTable table_;
    std::vector<Move> weight_order_;  // cells, heaviest first, row-major among equals
    // The game the table's entries belong to: the requested depth and the
    // empty cells at the last root. See search() for when it is cleared.
    int table_depth_ = -1;
    int table_empties_ = 0;
    SearchStats stats_;
    SearchTree* tree_ = nullptr;
};

inline constexpr Score kInfinity = kScoreLimit + 1;

}  // namespace kinrow::weighted
