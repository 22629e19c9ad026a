// The symmetry group of a board: the cell permutations that map every winning
// line onto a winning line and keep the placement rule. A square free board
// has the 8 rotations and reflections, a rectangle 4 (both mirrors and the
// half turn), a gravity board only the left-right mirror, since "down" is
// fixed. Weighted games keep only the symmetries their weights respect.
//
// The search uses the group for canonical table keys: the smallest of the
// Zobrist hashes of all images of a position, so symmetric positions share
// one table entry.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/position.hpp"

namespace kinrow {

class Symmetries {
public:
    explicit Symmetries(const GameSpec& spec);

    // Symmetry 0 is always the identity.
    int size() const { return static_cast<int>(maps_.size()); }
    Move map(int s, Move m) const { return maps_[s][m]; }
    Move unmap(int s, Move m) const { return inverses_[s][m]; }

    // The Zobrist hash of the image of `pos` under symmetry s.
    std::uint64_t image_hash(const Position& pos, int s) const;
    // The image of `pos` under symmetry s, as a position (no move history).
    Position image(const Position& pos, int s) const;

private:
    std::vector<std::vector<Move>> maps_;
    std::vector<std::vector<Move>> inverses_;
};

}  // namespace kinrow
