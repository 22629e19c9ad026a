// The replies to an open three. A square where the attacker makes an open
// four or a double four wins by force unless the defender makes a four of
// its own or stops every such square at once; these are the replies that
// can matter, read exactly off the pattern tables (not a list of shapes).
// The main search and VCT both prune to them, so both stay proofs.
#pragma once

#include <array>

#include "gomoku/board.hpp"

namespace kinrow::gomoku {

class ThreatReplies {
public:
    // The attacker's open-four squares of `board` (none when it has none).
    ThreatReplies(const Board& board, Colour attacker);

    // Does the attacker have a square that wins by force?
    bool any() const { return count_ > 0; }
    // Would a defender's stone on the empty square s leave the attacker no
    // open-four square? (A four of the defender's is a reply too: check it apart.)
    bool stops_all(Sq s) const;
    // Every empty square that stops them all or makes a four for the defender.
    // Each once, the fours in board order first.
    template <class Add>
    void for_each_reply(Add add) const {
        Colour defender = other(attacker_);
        board_.for_each_square_from(defender, kShapeBlock4, add);
        if (!count_ || unstoppable_) return;
        // A stone that stops the first square lies on one of its lines.
        Sq first = threats_[0];
        for (int d = 0; d < 4; ++d)
            for (int k = -kWindowSide; k <= kWindowSide; ++k) {
                Sq s = first + k * board_.direction_offset(d);
                if ((k == 0 && d > 0) || !board_.is_empty(s) || makes_four(board_.shape(defender, s))) continue;
                if (stops_all(s)) add(s);
            }
    }

private:
    // A stone changes the squares within the pattern window on its four
    // lines (4 * 2 * kWindowSide of them) and its own: more open-four
    // squares than that cannot all be stopped by one stone.
    static constexpr int kMaxThreats = 8 * kWindowSide + 2;
    const Board& board_;
    Colour attacker_;
    std::array<Sq, kMaxThreats> threats_{};
    int count_ = 0;
    bool unstoppable_ = false;  // more squares than kMaxThreats
};

// The moves the main search orders (Engine::generate, once no five is to
// be blocked), in its order of generation: against the opponent's open
// three the replies above, else every empty square within two of a stone.
// True when they are the replies to an open three. The policy's fit
// (tuner.hpp) learns on the same candidates.
template <class Add>
bool for_each_candidate(const Board& board, Add add) {
    if (ThreatReplies replies(board, other(board.side_to_move())); replies.any()) {
        replies.for_each_reply(add);
        return true;
    }
    for (Sq s : board.squares())
        if (board.is_empty(s) && board.neighbours(s) > 0) add(s);
    return false;
}

}  // namespace kinrow::gomoku
