// Board: the prover's working copy of a free-placement k-in-a-row position.
//
// Position is the rules engine every proof is finally checked against; the
// prover needs more per node than it keeps: how many stones of each side lie
// in every k-cell window (a window with none of the defender's stones is
// "live" for the attacker, one stone short of full it is a four), and the
// Zobrist hash of every symmetric image, so that symmetric positions share one
// table entry. Both are kept incrementally by play/undo.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "rules/lines.hpp"
#include "rules/position.hpp"

namespace kinrow::prover {

// A set of cells as bits, for boards of at most kSetCells cells (every
// m,n,k board up to 11x11); the pairing finder works on these.
inline constexpr int kSetCells = 128;
struct CellSet {
    std::uint64_t bits[2] = {0, 0};
    void set(Move m) { bits[m >> 6] |= std::uint64_t{1} << (m & 63); }
    void reset(Move m) { bits[m >> 6] &= ~(std::uint64_t{1} << (m & 63)); }
    bool has(Move m) const { return (bits[m >> 6] >> (m & 63)) & 1; }
    CellSet operator&(const CellSet& o) const { return {{bits[0] & o.bits[0], bits[1] & o.bits[1]}}; }
    int count() const { return std::popcount(bits[0]) + std::popcount(bits[1]); }
};

class Board {
public:
    // Copies the stones of an unfinished free-placement AtLeastK position.
    explicit Board(const Position& pos);

    const GameSpec& spec() const { return spec_; }
    const LineIndex& lines() const { return lines_; }
    int cells() const { return spec_.cells(); }
    int k() const { return spec_.k; }
    int windows() const { return lines_.count(); }

    Cell at(Move m) const { return cells_[m]; }
    bool empty(Move m) const { return cells_[m] == Cell::Empty; }
    Player side_to_move() const { return side_; }
    int stones() const { return stones_; }
    int empty_cells() const { return cells() - stones_; }
    // The player who completed a window with the last move, if any.
    bool won() const { return won_; }

    // Stones of `p` in window w.
    int count(int w, Player p) const { return counts_[static_cast<std::size_t>(w) * 2 + static_cast<int>(p)]; }

    // Boards of at most kSetCells cells: each window's cells and the empty
    // cells as bit sets.
    bool has_sets() const { return cells() <= kSetCells; }
    const CellSet& window_set(int w) const { return window_sets_[w]; }
    const CellSet& empty_set() const { return empty_set_; }
    // The full row, column or diagonal window w lies on, numbered from 0.
    int window_line(int w) const { return window_lines_[w]; }
    int line_count() const { return line_count_; }
    // The windows holding both cells of a pair (a < b), for the pairing finder.
    const std::vector<int>& windows_with(Move a, Move b) const { return pair_windows_[a * cells() + b]; }

    void play(Move m);
    void undo(Move m);

    // The smallest hash among the images of the position under the board's
    // symmetries, the side to move folded in: one key per equivalence class.
    std::uint64_t key() const;
    // key() after the side to move plays m, without playing it.
    std::uint64_t key_after(Move m) const;
    int symmetry_count() const { return static_cast<int>(image_hashes_.size()); }

private:
    GameSpec spec_;
    LineIndex lines_;
    std::vector<Cell> cells_;
    std::vector<std::uint8_t> counts_;
    std::vector<CellSet> window_sets_;
    std::vector<int> window_lines_;
    int line_count_ = 0;
    std::vector<std::vector<int>> pair_windows_;
    CellSet empty_set_;
    // keys_[s][m * 2 + stone]: the Zobrist key of the image of a stone on m.
    std::vector<std::vector<std::uint64_t>> keys_;
    std::vector<std::uint64_t> image_hashes_;
    Player side_ = Player::X;
    int stones_ = 0;
    bool won_ = false;
};

}  // namespace kinrow::prover
