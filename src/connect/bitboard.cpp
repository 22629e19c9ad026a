#include "connect/bitboard.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::connect {

template <class Dims>
void BasicGeometry<Dims>::check_board_size(int width, int height, int k) {
    if (width < 1 || height < 1 || width * (height + 1) > 64)
        throw Error(fmt::format("board size {}x{} out of range for the bitboard solver: need "
                                "width*(height+1) <= 64",
                                width, height));
    if (k < 1) throw Error(fmt::format("k={} out of range: need k >= 1", k));
    if (width != Dims(width, height, k).width() || height != Dims(width, height, k).height() ||
        k != Dims(width, height, k).k())
        throw Error(fmt::format("board {}x{} k={} given to a geometry compiled for another size", width,
                                height, k));
}

template <class Dims>
const GameSpec& BasicGeometry<Dims>::checked_gravity(const GameSpec& spec) {
    if (!spec.gravity()) throw Error("the Connect-k solver needs a gravity game (connect:W,H,K)");
    if (spec.win_rule != WinRule::AtLeastK)
        throw Error("the Connect-k solver supports the k-or-more win rule only");
    return spec;
}

template class BasicGeometry<RuntimeDims>;
template class BasicGeometry<FixedDims<7, 6, 4>>;

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
