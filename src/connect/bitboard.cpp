#include "connect/bitboard.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace kinrow::connect {

Geometry::Geometry(int width, int height, int k) : width_(width), height_(height), k_(k) {
    if (width < 1 || height < 1 || width * (height + 1) > 64)
        throw Error(fmt::format("board size {}x{} out of range for the bitboard solver: need "
                                "width*(height+1) <= 64",
                                width, height));
    if (k < 1) throw Error(fmt::format("k={} out of range: need k >= 1", k));
    column_ = (Bitboard{1} << height_) - 1;
    for (int c = 0; c < width_; ++c) {
        board_ |= column_mask(c);
        bottom_ |= bottom_cell(c);
        order_[c] = static_cast<std::int8_t>(width_ / 2 + (1 - 2 * (c % 2)) * (c + 1) / 2);
    }
    for (int i = 0; i < width_; ++i) rank_[order_[i]] = static_cast<std::int8_t>(i);
    for (int bit = 0; bit < 64; ++bit) bit_column_[bit] = static_cast<std::int8_t>(bit / stride());
    // A direction only matters when a line of k fits along it.
    if (k_ <= height_) shifts_[direction_count_++] = 1;
    if (k_ <= width_) shifts_[direction_count_++] = stride();
    if (k_ <= width_ && k_ <= height_) {
        shifts_[direction_count_++] = stride() - 1;
        shifts_[direction_count_++] = stride() + 1;
    }
}

Geometry::Geometry(const GameSpec& spec) : Geometry(spec.width, spec.height, spec.k) {
    if (!spec.gravity()) throw Error("the Connect-k solver needs a gravity game (connect:W,H,K)");
    if (spec.win_rule != WinRule::AtLeastK)
        throw Error("the Connect-k solver supports the k-or-more win rule only");
}

bool Geometry::has_line_any_k(Bitboard stones) const {
    for (int d = 0; d < direction_count_; ++d) {
        int s = shifts_[d];
        // Doubling: after each step, bit x says "len stones from x onwards".
        // Every shift is below (k-1) * s < 64, as in line_holes.
        Bitboard run = stones;
        int len = 1;
        while (2 * len <= k_) {
            run &= run >> (len * s);
            len *= 2;
        }
        if (len < k_) run &= run >> ((k_ - len) * s);
        if (run) return true;
    }
    return false;
}

Bitboard Geometry::mirror(Bitboard b) const {
    if (width_ == 1) return b;
    const Bitboard column_bits = (Bitboard{1} << stride()) - 1;
    Bitboard m = 0;
    for (int c = 0; c < width_; ++c)
        m |= ((b >> (c * stride())) & column_bits) << (mirror_column(c) * stride());
    return m;
}

BitPosition BitPosition::from(const Geometry& g, const Position& pos) {
    BitPosition p;
    const Cell to_move = stone_of(pos.side_to_move());
    for (int row = 0; row < pos.height(); ++row)
        for (int col = 0; col < pos.width(); ++col) {
            Cell c = pos.at(pos.cell(row, col));
            if (c == Cell::Empty) continue;
            Bitboard bit = g.cell_bit(col, pos.height() - 1 - row);
            p.mask |= bit;
            if (c == to_move) p.current |= bit;
            ++p.moves;
        }
    return p;
}

}  // namespace kinrow::connect
