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

#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow::connect {

using Bitboard = std::uint64_t;

// The board size as run-time values: one Geometry serves every board.
class RuntimeDims {
public:
    RuntimeDims(int width, int height, int k) : width_(width), height_(height), k_(k) {}
    int width() const { return width_; }
    int height() const { return height_; }
    int k() const { return k_; }

private:
    int width_, height_, k_;
};

// The board size as compile-time constants: the solver's fast path for the
// boards people solve most (Connect Four itself). Every shift, mask and loop
// bound then folds into the code — about a fifth fewer instructions per node.
template <int W, int H, int K>
struct FixedDims {
    FixedDims(int, int, int) {}
    static constexpr int width() { return W; }
    static constexpr int height() { return H; }
    static constexpr int k() { return K; }
};

template <class Dims>
class BasicGeometry : private Dims {
public:
    // Throws Error unless width*(height+1) <= 64 and 1 <= k.
    BasicGeometry(int width, int height, int k) : Dims(width, height, k) {
        check_board_size(width, height, k);
        column_ = (Bitboard{1} << height) - 1;
        for (int c = 0; c < width; ++c) {
            board_ |= column_mask(c);
            bottom_ |= bottom_cell(c);
            order_[c] = static_cast<std::int8_t>(width / 2 + (1 - 2 * (c % 2)) * (c + 1) / 2);
        }
        for (int i = 0; i < width; ++i) rank_[order_[i]] = static_cast<std::int8_t>(i);
        for (int bit = 0; bit < 64; ++bit) bit_column_[bit] = static_cast<std::int8_t>(bit / stride());
    }
    explicit BasicGeometry(const GameSpec& spec) : BasicGeometry(checked_gravity(spec).width, spec.height, spec.k) {}

    using Dims::height;
    using Dims::k;
    using Dims::width;
    int cells() const { return width() * height(); }
    // Bits per column (height + the separator) and bits used by a key.
    int stride() const { return height() + 1; }
    int key_bits() const { return width() * stride(); }

    Bitboard board_mask() const { return board_; }
    Bitboard bottom_mask() const { return bottom_; }
    // Cells a stone can drop to when `mask` holds the stones, one per non-full column.
    Bitboard playable(Bitboard mask) const { return (mask + bottom_) & board_; }
    Bitboard column_mask(int col) const { return column_ << (col * stride()); }
    Bitboard bottom_cell(int col) const { return Bitboard{1} << (col * stride()); }
    Bitboard top_cell(int col) const { return Bitboard{1} << (col * stride() + height() - 1); }
    int column_of(Bitboard move) const { return bit_column_[std::countr_zero(move)]; }
    int mirror_column(int col) const { return width() - 1 - col; }
    // Bit of the cell at (col, row) with row 0 at the bottom.
    Bitboard cell_bit(int col, int row) const { return Bitboard{1} << (col * stride() + row); }

    // The i-th column to try: centre first, then alternating outwards.
    int column_order(int i) const { return order_[i]; }
    // The inverse: where column `col` comes in that order.
    int column_rank(int col) const { return rank_[col]; }

    // Empty board cells (not in `mask`) where one more stone would give
    // `stones` k in a row. `stones` must obey gravity (no stone above an
    // empty cell), as every position and every position plus one move does.
    // The hottest function of the solver: Connect Four's k = 4 gets its own
    // straight-line version.
    [[gnu::always_inline]] Bitboard winning_cells(Bitboard stones, Bitboard mask) const {
        Bitboard holes = k() == 4 ? four_holes(stones) : line_holes(stones);
        return holes & board_ & ~mask;
    }
    // Does `stones` contain k in a row? Doubling: after each step, bit x says
    // "len stones from x onwards" (k = 4 takes two shift-ands per direction).
    bool has_line(Bitboard stones) const {
        if (k() <= height() && has_run(stones, 1)) return true;
        for (int i = 0; i < sideways_directions(); ++i)
            if (has_run(stones, sideways_shift(i))) return true;
        return false;
    }
    // Can the player owning `stones` still complete a line, if it got every
    // empty cell? If not, the best it can hope for is a draw.
    bool can_still_win(Bitboard stones, Bitboard mask) const { return has_line(stones | (board_ & ~mask)); }
    // The board reflected left-right (works on stones, masks and keys alike,
    // since no value carries from one column into the next). One delta swap
    // per pair of mirror columns (the middle one of an odd width stays): t
    // marks the bits where column c and its twin, shifted onto it, differ;
    // flipping them in both columns exchanges the two, in half the steps of
    // moving every column on its own.
    Bitboard mirror(Bitboard b) const {
        const Bitboard column_bits = (Bitboard{1} << stride()) - 1;
        for (int c = 0; c < width() / 2; ++c) {
            const int shift = (width() - 1 - 2 * c) * stride();
            const Bitboard t = ((b >> shift) ^ b) & (column_bits << (c * stride()));
            b ^= t ^ (t << shift);
        }
        return b;
    }

private:
    static const GameSpec& checked_gravity(const GameSpec& spec);
    static void check_board_size(int width, int height, int k);

    // The directions other than the vertical that can hold a line of k, as
    // bit distances between neighbours: H+1 horizontally, H and H+2 along
    // the diagonals. Shift amounts stay below 64: with a line of k fitting
    // along the direction, (k-1) * shift < width * (height + 1) <= 64.
    // Written as a count and an index (not a callback) so that the loops over
    // them unroll into constant shifts on the compiled geometry.
    int sideways_directions() const { return k() > width() ? 0 : k() > height() ? 1 : 3; }
    int sideways_shift(int i) const { return i == 0 ? stride() : i == 1 ? height() : height() + 2; }

    bool has_run(Bitboard stones, int s) const {
        Bitboard run = stones;
        int len = 1;
        while (2 * len <= k()) {
            run &= run >> (len * s);
            len *= 2;
        }
        if (len < k()) run &= run >> ((k() - len) * s);
        return run != 0;
    }

    // Cells x where stones run a deep on one side and k-1-a on the other,
    // for some a, along some direction.
    Bitboard line_holes(Bitboard stones) const {
        Bitboard result = 0;
        if (k() <= height()) {
            // Vertical: stones never float, so the only hole is on top of k-1 stones.
            Bitboard below = stones << 1;
            for (int i = 2; i < k(); ++i) below &= stones << i;
            result = k() > 1 ? below : ~Bitboard{0};
        }
        for (int i = 0; i < sideways_directions(); ++i) {
            const int s = sideways_shift(i);
            std::array<Bitboard, 64> after;  // after[b]: cells followed by b stones
            after[0] = ~Bitboard{0};
            for (int b = 1; b < k(); ++b) after[b] = after[b - 1] & (stones >> (b * s));
            Bitboard before = ~Bitboard{0};  // cells preceded by a stones
            for (int a = 0; a < k(); ++a) {
                if (a > 0) before &= stones << (a * s);
                result |= before & after[k() - 1 - a];
            }
        }
        return result;
    }
    // line_holes for k = 4, the four splits of a line of four written out:
    // xxx_, xx_x, x_xx and _xxx.
    [[gnu::always_inline]] Bitboard four_holes(Bitboard stones) const {
        Bitboard result = 0;
        if (height() >= 4) result = (stones << 1) & (stones << 2) & (stones << 3);
        for (int i = 0; i < sideways_directions(); ++i) {
            const int s = sideways_shift(i);
            Bitboard two_before = (stones << s) & (stones << (2 * s));
            Bitboard two_after = (stones >> s) & (stones >> (2 * s));
            result |= two_before & ((stones << (3 * s)) | (stones >> s));
            result |= two_after & ((stones >> (3 * s)) | (stones << s));
        }
        return result;
    }

    Bitboard column_ = 0, board_ = 0, bottom_ = 0;
    std::array<std::int8_t, 64> order_{}, rank_{};
    std::array<std::int8_t, 64> bit_column_{};  // column of each bit
};

// Any board size.
using Geometry = BasicGeometry<RuntimeDims>;
// Connect Four, 7 wide and 6 high, compiled for speed (see FixedDims).
using Connect4Geometry = BasicGeometry<FixedDims<7, 6, 4>>;
// Is `g` the board Connect4Geometry is compiled for?
inline bool is_connect4(const Geometry& g) { return g.width() == 7 && g.height() == 6 && g.k() == 4; }

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

    // The methods below take any geometry (G is a BasicGeometry).

    // Cells a stone can drop to, one per non-full column.
    template <class G>
    Bitboard playable(const G& g) const { return g.playable(mask); }
    template <class G>
    Bitboard own_wins(const G& g) const { return g.winning_cells(current, mask); }
    template <class G>
    Bitboard opponent_wins(const G& g) const { return g.winning_cells(current ^ mask, mask); }
    template <class G>
    bool can_win_next(const G& g) const { return (own_wins(g) & playable(g)) != 0; }

    // Playable cells that do not hand the opponent an immediate win (see
    // non_losing). Assumes the side to move cannot win at once (callers check
    // that first).
    template <class G>
    Bitboard non_losing_moves(const G& g) const { return non_losing(playable(g), opponent_wins(g)); }

    // Two-move look-ahead without a search. Both take `next`, this position's
    // non_losing_moves (not zero), and need three empty cells or more.
    //
    // Does one of `next` leave the opponent only replies that lose at once
    // (two threats of ours to block, one right above the one to block, or
    // every playable cell right under one)? Then the side to move wins with
    // its second stone from now. The opponent cannot win first: `next` are
    // non-losing moves.
    template <class G>
    bool wins_with_second_stone(const G& g, Bitboard next) const {
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
    template <class G>
    bool loses_to_second_stone(const G& g, Bitboard next) const {
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
    template <class G>
    void play_column(const G& g, int col) { play((mask + g.bottom_cell(col)) & g.column_mask(col)); }

    // Unique per position: in each column current + mask + bottom reads as a
    // number whose highest set bit sits just above the top stone and whose
    // lower bits are the side to move's stones; dropping the constant bottom
    // keeps it unique. No column carries into the next.
    Bitboard key() const { return current + mask; }
};

}  // namespace kinrow::connect
