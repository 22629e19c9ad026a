// Bitboards for gravity (Connect-k) boards: the geometry of one board size and
// the two-bitboard position the exact solver searches.
//
// Layout (Pascal Pons's): column c owns bits c*(H+1) .. c*(H+1)+H, its bottom
// cell is the lowest of them and the top bit stays empty. That spare bit is a
// separator: a run of stones shifted along any direction meets an empty bit
// before it can leak into the next column, so one shift per direction finds
// lines on every board with width*(height+1) <= 64 and for every k.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "game.hpp"
#include "position.hpp"

namespace kinrow::connect {

using Bitboard = std::uint64_t;

class Geometry {
public:
    // Throws Error unless width*(height+1) <= 64 and 1 <= k.
    Geometry(int width, int height, int k);
    explicit Geometry(const GameSpec& spec);

    int width() const { return width_; }
    int height() const { return height_; }
    int k() const { return k_; }
    int cells() const { return width_ * height_; }
    // Bits per column (height + the separator) and bits used by a key.
    int stride() const { return height_ + 1; }
    int key_bits() const { return width_ * stride(); }

    Bitboard board_mask() const { return board_; }
    Bitboard bottom_mask() const { return bottom_; }
    // Cells a stone can drop to when `mask` holds the stones, one per non-full column.
    Bitboard playable(Bitboard mask) const { return (mask + bottom_) & board_; }
    Bitboard column_mask(int col) const { return column_ << (col * stride()); }
    Bitboard bottom_cell(int col) const { return Bitboard{1} << (col * stride()); }
    Bitboard top_cell(int col) const { return Bitboard{1} << (col * stride() + height_ - 1); }
    int column_of(Bitboard move) const { return bit_column_[std::countr_zero(move)]; }
    int mirror_column(int col) const { return width_ - 1 - col; }
    // Bit of the cell at (col, row) with row 0 at the bottom.
    Bitboard cell_bit(int col, int row) const { return Bitboard{1} << (col * stride() + row); }

    // The i-th column to try: centre first, then alternating outwards.
    int column_order(int i) const { return order_[i]; }
    // The inverse: where column `col` comes in that order.
    int column_rank(int col) const { return rank_[col]; }

    // Empty board cells (not in `mask`) where one more stone would give
    // `stones` k in a row. `stones` must obey gravity (no stone above an
    // empty cell), as every position and every position plus one move does. The hottest function of the solver: Connect Four's
    // k = 4 gets a copy with the loops unrolled at compile time.
    [[gnu::always_inline]] Bitboard winning_cells(Bitboard stones, Bitboard mask) const {
        Bitboard holes = k_ == 4 ? line_holes<4>(stones) : line_holes<0>(stones);
        return holes & board_ & ~mask;
    }
    // Does `stones` contain k in a row? Connect Four's k = 4 takes two
    // shift-ands per direction; other k the doubling loop of has_line_any_k.
    bool has_line(Bitboard stones) const {
        if (k_ != 4) return has_line_any_k(stones);
        for (int d = 0; d < direction_count_; ++d) {
            const int s = shifts_[d];
            Bitboard pairs = stones & (stones >> s);
            if (pairs & (pairs >> (2 * s))) return true;
        }
        return false;
    }
    // Can the player owning `stones` still complete a line, if it got every
    // empty cell? If not, the best it can hope for is a draw.
    bool can_still_win(Bitboard stones, Bitboard mask) const { return has_line(stones | (board_ & ~mask)); }
    // The board reflected left-right (works on stones, masks and keys alike,
    // since no value carries from one column into the next).
    Bitboard mirror(Bitboard b) const;

private:
    bool has_line_any_k(Bitboard stones) const;

    // Cells x where stones run a deep on one side and k-1-a on the other,
    // for some a, along some direction. FixedK = 0 reads k at run time.
    // Shift amounts stay below 64: a direction is only used when k fits along
    // it, and then (k-1) * shift < width * (height + 1) <= 64.
    template <int FixedK>
    [[gnu::always_inline]] Bitboard line_holes(Bitboard stones) const {
        const int k = FixedK ? FixedK : k_;
        std::array<Bitboard, FixedK ? FixedK : 64> after;  // after[b]: cells followed by b stones
        Bitboard result = 0;
        int d = 0;
        if (k <= height_) {
            // Vertical: stones never float, so the only hole is on top of k-1 stones.
            Bitboard below = stones << 1;
            for (int i = 2; i < k; ++i) below &= stones << i;
            result = k > 1 ? below : ~Bitboard{0};
            d = 1;
        }
        for (; d < direction_count_; ++d) {
            const int s = shifts_[d];
            after[0] = ~Bitboard{0};
            for (int b = 1; b < k; ++b) after[b] = after[b - 1] & (stones >> (b * s));
            Bitboard before = ~Bitboard{0};  // cells preceded by a stones
            for (int a = 0; a < k; ++a) {
                if (a > 0) before &= stones << (a * s);
                result |= before & after[k - 1 - a];
            }
        }
        return result;
    }

    int width_, height_, k_;
    Bitboard column_ = 0, board_ = 0, bottom_ = 0;
    // Bit distance between neighbours along each direction that can hold a
    // line of k: 1 vertical, H+1 horizontal, H and H+2 the diagonals.
    std::array<int, 4> shifts_{};
    int direction_count_ = 0;
    std::array<std::int8_t, 64> order_{}, rank_{};
    std::array<std::int8_t, 64> bit_column_{};  // column of each bit
};

// The cells of `playable` a player can take without losing at once to an
// opponent whose winning cells are `threats`: the forced block when the
// opponent threatens, and never a cell right below an opponent's winning cell
// (it would open that cell). Zero when every move loses at once, as when the
// opponent has two playable threats. Assumes the player cannot win at once.
inline Bitboard non_losing(Bitboard playable, Bitboard threats) {
    const Bitboard forced = playable & threats;
    if (forced) {
        if (forced & (forced - 1)) return 0;  // two threats: cannot block both
        playable = forced;
    }
    return playable & ~(threats >> 1);
}

// A position as the solver sees it: the stones of the side to move and all
// stones. Copying is cheap, so the search plays moves on copies.
struct BitPosition {
    Bitboard current = 0;  // stones of the side to move
    Bitboard mask = 0;     // every stone
    int moves = 0;         // stones on the board

    // Converts a validated kinrow Position of a gravity game.
    static BitPosition from(const Geometry& g, const Position& pos);

    // Cells a stone can drop to, one per non-full column.
    Bitboard playable(const Geometry& g) const { return g.playable(mask); }
    Bitboard own_wins(const Geometry& g) const { return g.winning_cells(current, mask); }
    Bitboard opponent_wins(const Geometry& g) const { return g.winning_cells(current ^ mask, mask); }
    bool can_win_next(const Geometry& g) const { return (own_wins(g) & playable(g)) != 0; }

    // Playable cells that do not hand the opponent an immediate win (see
    // non_losing). Assumes the side to move cannot win at once (callers check
    // that first).
    Bitboard non_losing_moves(const Geometry& g) const { return non_losing(playable(g), opponent_wins(g)); }

    // Two-move look-ahead without a search. Both take `next`, this position's
    // non_losing_moves (not zero), and need three empty cells or more.
    //
    // Does one of `next` leave the opponent only replies that lose at once
    // (two threats of ours to block, one right above the one to block, or
    // every playable cell right under one)? Then the side to move wins with
    // its second stone from now. The opponent cannot win first: `next` are
    // non-losing moves.
    bool wins_with_second_stone(const Geometry& g, Bitboard next) const {
        for (; next; next &= next - 1) {
            const Bitboard after = mask | (next & -next);
            if (!non_losing(g.playable(after), g.winning_cells(current | (next & -next), after))) return true;
        }
        return false;
    }
    // Does each of `next` allow a reply after which every move of ours loses
    // at once? Then the opponent wins with its second stone from now. Only
    // the opponent's non-losing replies count, and none of them lets us win
    // at once: each blocks our one playable threat if there is one, and none
    // opens the cell under another.
    bool loses_to_second_stone(const Geometry& g, Bitboard next) const {
        const Bitboard opponent = current ^ mask;
        for (; next; next &= next - 1) {
            const Bitboard after = mask | (next & -next);
            bool refuted = false;
            for (Bitboard replies = non_losing(g.playable(after), g.winning_cells(current | (next & -next), after));
                 replies && !refuted; replies &= replies - 1) {
                const Bitboard filled = after | (replies & -replies);
                refuted = !non_losing(g.playable(filled), g.winning_cells(opponent | (replies & -replies), filled));
            }
            if (!refuted) return false;
        }
        return true;
    }

    void play(Bitboard move) {
        current ^= mask;
        mask |= move;
        ++moves;
    }
    void play_column(const Geometry& g, int col) { play((mask + g.bottom_cell(col)) & g.column_mask(col)); }

    // Unique per position: in each column current + mask + bottom reads as a
    // number whose highest set bit sits just above the top stone and whose
    // lower bits are the side to move's stones; dropping the constant bottom
    // keeps it unique. No column carries into the next.
    Bitboard key() const { return current + mask; }
};

}  // namespace kinrow::connect
