// ConnectEngine: the perfect Connect-k player behind `kinrow play` and any
// other caller that wants moves, not reports. It owns one transposition table
// for its whole life, so a second game (or the next move of this one) reuses
// everything the earlier searches learned. Given an opening book, it answers
// from the book wherever the book reaches and searches only beyond.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "connect/bitboard.hpp"
#include "connect/book.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow::connect {

class ConnectEngine {
public:
    // Throws Error unless `spec` is a gravity game that fits the bitboards.
    ConnectEngine(const GameSpec& spec, std::size_t tt_mb = 64);
    ConnectEngine(const ConnectEngine&) = delete;
    ConnectEngine& operator=(const ConnectEngine&) = delete;

    // Consults `book` from now on. Throws Error if it is for another game.
    void use_book(OpeningBook book);
    const OpeningBook* book() const { return book_ ? &*book_ : nullptr; }

    // best_move and score in one call, and whether the book answered: the
    // score comes from it for positions with at most its depth in stones,
    // the move too below that depth (at it, a search finds the move that
    // keeps the known score).
    struct Decision {
        Move move = kNoMove;
        int score = 0;
        bool from_book = false;
    };
    Decision decide(const Position& pos);

    // Pons-convention score for the side to move. Throws Error if `pos` is of
    // another game or already won; 0 for a full board.
    int score(const Position& pos);
    // An optimal move as a cell index (Position's Move): the fastest win, else
    // a draw, else the slowest loss; the same move every time for the same
    // position. kNoMove when the game is over.
    Move best_move(const Position& pos);
    // The score of each column (nullopt for a full one). `from_book`, if
    // given, says whether the book answered.
    std::vector<std::optional<int>> column_scores(const Position& pos, bool* from_book = nullptr);

    // Search counters summed over every call since construction.
    const SearchStats& stats() const { return solver_.stats(); }
    std::size_t table_bytes() const { return tables_.bytes(); }

private:
    BitPosition convert(const Position& pos) const;
    // The book's score where it reaches (`from_book`), else the solver's.
    int score_of(const BitPosition& p, bool& from_book);

    GameSpec spec_;
    Geometry geometry_;
    TablePair tables_;
    Solver<FixedTable> solver_;
    std::optional<OpeningBook> book_;
};

}  // namespace kinrow::connect
