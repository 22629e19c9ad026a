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
// only means "no pairing found", which is always safe. Boards of more than
// kSetCells cells are not searched (no pairing found).
#pragma once

#include <utility>
#include <vector>

#include "prover/board.hpp"

namespace kinrow::prover {

using Pair = std::pair<Move, Move>;

// Do `pairs` (found for a neighbouring position) still cover every window
// live for `attacker` here, with all their cells empty? A check in time
// linear in the windows, against the finder's search.
bool pairing_holds(const Board& board, Player attacker, const std::vector<Pair>& pairs);

class PairingFinder {
public:
    explicit PairingFinder(int budget) : budget_(budget) {}

    // Pairs that cover every window live for `attacker` (none needed when no
    // window is live), or false. The attacker is to move.
    bool find(const Board& board, Player attacker, std::vector<Pair>* pairs = nullptr);
    // The defender is to move: a reply and pairs that cover every window
    // live for `attacker` after it. One search with the reply as a choice of
    // its own (it breaks every window through its cell), instead of one
    // pairing search per reply.
    bool find_with_reply(const Board& board, Player attacker, Move& reply, std::vector<Pair>* pairs = nullptr);

    std::uint64_t calls() const { return calls_; }
    std::uint64_t successes() const { return successes_; }

private:
    bool start(const Board& board, Player attacker, bool reply_allowed);
    bool cover(const Board& board, int depth);
    void set_covered(const std::vector<std::size_t>& windows, char value);

    int budget_;
    int steps_left_ = 0;
    int stamp_ = 0;
    std::uint64_t calls_ = 0, successes_ = 0;
    std::vector<int> live_;          // the windows to cover
    std::vector<int> live_index_;    // by window: its index in live_, or -1
    std::vector<char> covered_;      // by index into live_
    std::vector<int> line_stamp_;    // by line: the step that last counted it
    CellSet free_;                   // empty cells not yet in a pair
    std::vector<Pair> chosen_;
    // The choices tried at one depth of the covering search; kept between
    // calls so that the search allocates nothing once warm.
    struct Option {
        int covers;
        Move x, y;  // y == kNoMove: the reply on x
    };
    struct Frame {
        std::vector<Option> options;
        std::vector<std::size_t> newly_covered;
    };
    std::vector<Frame> frames_;
    bool reply_open_ = false;        // the defender's reply is still to choose
    Move reply_ = kNoMove;
};

}  // namespace kinrow::prover
