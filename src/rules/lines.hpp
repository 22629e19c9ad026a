// The k-cell windows of a board: every segment of k cells in a row, column or
// diagonal. A line of k or more stones always contains a window filled by one
// side, so the windows are what the search reasons about: a window with no
// opponent stone is still winnable ("live"), the stones missing from it bound
// how soon a win can come, and a cell on no live window is dead.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow {

class LineIndex {
public:
    explicit LineIndex(const GameSpec& spec);

    int k() const { return k_; }
    int count() const { return static_cast<int>(starts_.size()); }
    // The k cells of window w.
    const Move* cells(int w) const { return &cells_[static_cast<std::size_t>(w) * k_]; }
    // The windows through cell m: [begin, end).
    const int* through_begin(Move m) const { return &through_[through_offset_[m]]; }
    const int* through_end(Move m) const { return &through_[through_offset_[m + 1]]; }

private:
    int k_;
    std::vector<Move> starts_;
    std::vector<Move> cells_;
    std::vector<int> through_;
    std::vector<int> through_offset_;
};

}  // namespace kinrow
