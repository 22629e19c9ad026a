// Pairing strategies: the defender's way to close a draw without search.
//
// If every window still live for the attacker contains both cells of some
// pair, the pairs are disjoint and all their cells empty, the defender never
// loses: whenever the attacker takes a cell of a pair, the defender takes
// the other (any move otherwise), so every live window keeps a defender stone
// or an empty cell, and the attacker never fills one (Hales and Jewett's
// argument). Finding such pairs is a covering problem: each live window must
// be covered by one pair inside it, pairs may not share cells, and one pair
// covers every window that contains both its cells (two cells of a row lie in
// every window of the row between them). The finder is a backtracking search
// over the most constrained window first, under a node budget: running out
// only means "no pairing found", which is always safe.
#pragma once

#include <utility>
#include <vector>

#include "board.hpp"

namespace kinrow::prover {

using Pair = std::pair<Move, Move>;

class PairingFinder {
public:
    explicit PairingFinder(int budget) : budget_(budget) {}

    // Pairs that cover every window live for `attacker` (none needed when no
    // window is live), or false. The attacker must have no completion cell.
    bool find(const Board& board, Player attacker, std::vector<Pair>* pairs = nullptr);

    std::uint64_t calls() const { return calls_; }
    std::uint64_t successes() const { return successes_; }

private:
    bool cover(const Board& board);

    int budget_;
    int steps_left_ = 0;
    std::uint64_t calls_ = 0, successes_ = 0;
    std::vector<int> live_;          // the windows to cover
    std::vector<char> covered_;      // by index into live_
    std::vector<char> used_;         // by cell
    std::vector<Pair> chosen_;
};

}  // namespace kinrow::prover
