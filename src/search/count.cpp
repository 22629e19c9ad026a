#include "search/count.hpp"

#include <bit>
#include <vector>

#include <fmt/format.h>

#include "core/chained_table.hpp"
#include "core/error.hpp"
#include "rules/symmetry.hpp"

namespace kinrow::search {

namespace {

// A position as two stone masks: exact, unlike a hash, so nothing is merged
// by a collision.
struct Stones {
    std::uint64_t x = 0, o = 0;
    bool operator==(const Stones&) const = default;
};

struct StonesHash {
    std::uint64_t operator()(const Stones& s) const {
        std::uint64_t h = s.x * 0x9E3779B97F4A7C15ULL ^ (s.o + 0x632BE59BD9B4E019ULL);
        return h ^ (h >> 29);
    }
};

struct LayerEntry {
    std::uint64_t paths;  // move sequences from the root reaching this position
    Result result;
};

using Layer = ChainedTable<Stones, LayerEntry, StonesHash>;

std::uint64_t permute(std::uint64_t mask, const Symmetries& group, int s) {
    std::uint64_t out = 0;
    while (mask) {
        int cell = std::countr_zero(mask);
        mask &= mask - 1;
        out |= std::uint64_t{1} << group.map(s, cell);
    }
    return out;
}

// A position is counted once per symmetry class: by its smallest image.
bool is_canonical(const Stones& stones, const Symmetries& group) {
    for (int s = 1; s < group.size(); ++s) {
        Stones image{permute(stones.x, group, s), permute(stones.o, group, s)};
        if (image.x < stones.x || (image.x == stones.x && image.o < stones.o)) return false;
    }
    return true;
}

int result_index(Result r) {
    return r == Result::XWins ? 0 : r == Result::OWins ? 1 : 2;
}

}  // namespace

CountResult count_positions(const Position& root, const CountOptions& options) {
    const GameSpec& spec = root.spec();
    if (spec.cells() > 64)
        throw Error(fmt::format("count: {} has {} cells; enumeration supports at most 64",
                                spec.name(), spec.cells()));
    const Symmetries symmetries(spec);

    Stones start;
    for (Move m = 0; m < root.cells(); ++m) {
        if (root.at(m) == Cell::X) start.x |= std::uint64_t{1} << m;
        if (root.at(m) == Cell::O) start.o |= std::uint64_t{1} << m;
    }

    CountResult out;
    Layer layer(1);
    layer.insert(start, {1, root.result()});
    // Positions at ply p only lead to ply p+1, so two layers in memory suffice
    // and path counts flow forward: games = paths into terminal positions.
    for (int ply = 0; layer.size() > 0; ++ply) {
        out.positions += layer.size();
        out.positions_by_ply.push_back(layer.size());
        if (out.positions > options.max_positions)
            throw Error(fmt::format("count: more than {} positions; raise --max-positions to go on",
                                    options.max_positions));
        const bool last = ply == options.max_plies;
        Layer next(last ? 1 : layer.size() * 4 + 1);
        layer.for_each([&](const Stones& s, const LayerEntry& e) {
            out.tree_nodes += e.paths;
            out.canonical_positions += is_canonical(s, symmetries);
            if (e.result != Result::Ongoing) {
                ++out.terminal[result_index(e.result)];
                out.games[result_index(e.result)] += e.paths;
                return;
            }
            if (last) return;
            Position pos = Position::from_masks(spec, s.x, s.o);
            Move moves[kMaxCells];
            int n = pos.legal_moves(moves);
            bool x_moves = pos.side_to_move() == Player::X;
            for (int i = 0; i < n; ++i) {
                pos.play(moves[i]);
                Stones child = s;
                (x_moves ? child.x : child.o) |= std::uint64_t{1} << moves[i];
                if (LayerEntry* known = next.find(child))
                    known->paths += e.paths;
                else
                    next.insert(child, {e.paths, pos.result()});
                pos.undo();
            }
        });
        out.max_layer_plies = ply;
        if (options.progress) options.progress(ply, out.positions);
        layer = std::move(next);
    }
    return out;
}

}  // namespace kinrow::search
