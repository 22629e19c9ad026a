// VCT: victory by continuous threats. Like VCF, but the attacker may also
// make open threes (a square where it would get an open four), which the
// defender must answer with one of the squares that stop it or with a four of
// its own. An AND-OR search over those replies: the attacker needs one
// threat that wins against every defence. Wider than VCF, so it runs only at
// the root, under a node and time budget.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "gomoku/board.hpp"

namespace kinrow::gomoku {

struct VctResult {
    bool win = false;
    Sq first = kNoSq;  // the attacker's first threat of a win
    int plies = 0;     // to the five along the longest defence of the proof
    int threats = 0;   // the attacker's threats the proof was searched with
    std::uint64_t nodes = 0;
    bool aborted = false;
};

class VctSearcher {
public:
    explicit VctSearcher(int table_bits = 18);

    // Does the side to move win by threats within `max_threats` of its own
    // moves? Deepens from `first_threats` (a win known to need about that
    // many is found without the shallower iterations first). Leaves the
    // board as it was; deterministic without a deadline. The table stays
    // from one call to the next: a proof found on one move is mostly still
    // there on the next.
    VctResult solve(Board& board, int max_threats, std::uint64_t node_budget,
                    std::chrono::steady_clock::time_point deadline = {}, int first_threats = 1);
    // Forgets the table (a new game).
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

private:
    int attack(Board& board, int threats_left, Sq last, Sq* first = nullptr);
    int defend(Board& board, int threats_left, Sq last);
    bool out_of_budget();

    struct Entry {
        std::uint64_t key = 0;
        std::int8_t depth = -1;  // threats left when searched
        std::int16_t plies = 0;  // the win's length; 0: a failure
    };
    std::vector<Entry> table_;
    std::uint64_t mask_;
    Colour attacker_ = kBlack;
    std::uint64_t nodes_ = 0, budget_ = 0;
    std::chrono::steady_clock::time_point deadline_;
    bool aborted_ = false;
};

}  // namespace kinrow::gomoku
