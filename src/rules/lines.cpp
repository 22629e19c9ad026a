#include "rules/lines.hpp"

namespace kinrow {

LineIndex::LineIndex(const GameSpec& spec) : k_(spec.k) {
    const int w = spec.width, h = spec.height;
    constexpr int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    std::vector<std::vector<int>> through(spec.cells());
    for (const auto& d : kDirections) {
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c) {
                int r_end = r + d[0] * (k_ - 1), c_end = c + d[1] * (k_ - 1);
                if (r_end < 0 || r_end >= h || c_end < 0 || c_end >= w) continue;
                // A 1-in-a-row game has each cell as one window, not four.
                if (k_ == 1 && (d[0] != 0 || d[1] != 1)) continue;
                int id = count();
                starts_.push_back(r * w + c);
                for (int i = 0; i < k_; ++i) {
                    Move m = (r + d[0] * i) * w + (c + d[1] * i);
                    cells_.push_back(m);
                    through[m].push_back(id);
                }
            }
    }
    through_offset_.push_back(0);
    for (const auto& list : through) {
        through_.insert(through_.end(), list.begin(), list.end());
        through_offset_.push_back(static_cast<int>(through_.size()));
    }
}

}  // namespace kinrow
