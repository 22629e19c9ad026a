#include "rules/symmetry.hpp"

#include <functional>

namespace kinrow {

Symmetries::Symmetries(const GameSpec& spec) {
    const int w = spec.width, h = spec.height;
    using Transform = std::function<std::pair<int, int>(int, int)>;  // (row, col) -> (row, col)
    std::vector<Transform> transforms = {
        [](int r, int c) { return std::pair{r, c}; },
        [w](int r, int c) { return std::pair{r, w - 1 - c}; },  // left-right mirror
    };
    if (!spec.gravity()) {
        transforms.push_back([h](int r, int c) { return std::pair{h - 1 - r, c}; });
        transforms.push_back([w, h](int r, int c) { return std::pair{h - 1 - r, w - 1 - c}; });
        if (w == h) {
            transforms.push_back([](int r, int c) { return std::pair{c, r}; });
            transforms.push_back([w](int r, int c) { return std::pair{w - 1 - c, w - 1 - r}; });
            transforms.push_back([w](int r, int c) { return std::pair{c, w - 1 - r}; });
            transforms.push_back([w](int r, int c) { return std::pair{w - 1 - c, r}; });
        }
    }
    for (const Transform& t : transforms) {
        std::vector<Move> map(spec.cells()), inverse(spec.cells());
        bool keeps_weights = true;
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c) {
                auto [r2, c2] = t(r, c);
                Move from = r * w + c, to = r2 * w + c2;
                map[from] = to;
                inverse[to] = from;
                if (spec.weighted() && spec.weights[from] != spec.weights[to]) keeps_weights = false;
            }
        if (!keeps_weights) continue;
        maps_.push_back(std::move(map));
        inverses_.push_back(std::move(inverse));
    }
}

std::uint64_t Symmetries::image_hash(const Position& pos, int s) const {
    std::uint64_t h = 0;
    for (Move m = 0; m < pos.cells(); ++m)
        if (pos.at(m) != Cell::Empty) h ^= zobrist_key(pos.at(m), map(s, m));
    return h;
}

Position Symmetries::image(const Position& pos, int s) const {
    std::string rows;
    for (int r = 0; r < pos.height(); ++r) {
        if (r) rows += '/';
        for (int c = 0; c < pos.width(); ++c)
            rows += ".XO"[static_cast<int>(pos.at(unmap(s, pos.cell(r, c))))];
    }
    return Position::from_board(pos.spec(), rows);
}

}  // namespace kinrow
