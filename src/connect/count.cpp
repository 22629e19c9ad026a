#include "connect/count.hpp"

#include <algorithm>
#include <numeric>

#include "connect/bitboard.hpp"

namespace kinrow::connect {

std::vector<std::uint64_t> count_positions_by_stones(const GameSpec& spec, int max_stones) {
    Geometry g(spec);
    // One level at a time, deduplicated by key: transpositions are counted once.
    std::vector<BitPosition> level{BitPosition{}};
    std::vector<std::uint64_t> counts{1};
    const int last = std::min(max_stones, g.cells());
    for (int n = 1; n <= last; ++n) {
        std::vector<BitPosition> next;
        for (const BitPosition& p : level) {
            if (g.has_line(p.current ^ p.mask)) continue;  // the game ended with the last stone
            for (Bitboard moves = p.playable(g); moves; moves &= moves - 1) {
                BitPosition child = p;
                child.play(moves & -moves);
                next.push_back(child);
            }
        }
        auto by_key = [](const BitPosition& a, const BitPosition& b) { return a.key() < b.key(); };
        auto same_key = [](const BitPosition& a, const BitPosition& b) { return a.key() == b.key(); };
        std::sort(next.begin(), next.end(), by_key);
        next.erase(std::unique(next.begin(), next.end(), same_key), next.end());
        counts.push_back(next.size());
        level = std::move(next);
    }
    return counts;
}

std::uint64_t count_positions(const GameSpec& spec, int max_stones) {
    auto counts = count_positions_by_stones(spec, max_stones);
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

}  // namespace kinrow::connect
