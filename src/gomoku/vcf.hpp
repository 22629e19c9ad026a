// VCF: victory by continuous fours. The attacker plays only fours, so every
// defender reply is forced (the one square that stops the five); a line of
// such fours that ends in an open four, a double four or a five wins whatever
// the defender does. The search is narrow and deep, so it runs far past the
// horizon of the main search: at the root, and as `kinrow solve --vcf`.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "gomoku/board.hpp"

namespace kinrow::gomoku {

struct VcfResult {
    bool win = false;
    // The winning line, attacker and defender alternating from the attacker's
    // first four to its last winning stone (when found).
    std::vector<Sq> line;
    int plies = 0;  // from the first four to the five (two more than the line when it ends in an open four)
    std::uint64_t nodes = 0;
    bool aborted = false;  // the node budget ran out before a proof
};

// Which fours an attack may play. Every four makes the search complete up
// to its limits (the root's and `kinrow solve --vcf`'s proofs). Near the
// attacker's previous stone keeps only the fours that go on from it, within
// two cells or four along a line (Rapfi's quiescence search narrows the
// same way): a far four seldom helps the attack, and the leaves of the main
// search cannot pay for the whole width. Both find only real wins.
enum class VcfScope : std::uint8_t { kAllFours, kNearLastStone };

class VcfSearcher {
public:
    // Failures are remembered in a table of 2^table_bits entries.
    explicit VcfSearcher(int table_bits = 18);

    // Does the side to move win by continuous fours within `max_fours` of its
    // own moves? Stops after `node_budget` nodes (0 = none). Leaves the board
    // as it was. Deterministic unless a deadline is given (the default time
    // point means none).
    VcfResult solve(Board& board, int max_fours, std::uint64_t node_budget,
                    std::chrono::steady_clock::time_point deadline = {},
                    VcfScope scope = VcfScope::kAllFours);
    // Forgets the failures remembered (a new game).
    void clear() { std::fill(failed_.begin(), failed_.end(), 0); }

private:
    bool attack(Board& board, int fours_left);
    bool try_four(Board& board, Sq four, int fours_left);

    std::vector<std::uint64_t> failed_;  // hash ^ depth tag of proven failures
    std::uint64_t mask_;
    std::vector<Sq> line_;
    bool ends_in_five_ = false;  // the winning line's last move is a five (else an open four)
    std::uint64_t nodes_ = 0, budget_ = 0;
    std::chrono::steady_clock::time_point deadline_;
    bool aborted_ = false;
    VcfScope scope_ = VcfScope::kAllFours;
};

}  // namespace kinrow::gomoku
