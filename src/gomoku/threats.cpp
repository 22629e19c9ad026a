#include "gomoku/threats.hpp"

namespace kinrow::gomoku {

ThreatReplies::ThreatReplies(const Board& board, Colour attacker) : board_(board), attacker_(attacker) {
    int squares = board.shape_count(attacker, kShapeFlex4);
    for (auto it = board.squares().begin(); count_ < squares && it != board.squares().end(); ++it) {
        Sq t = *it;
        if (!board.is_empty(t) || board.shape(attacker, t) != kShapeFlex4) continue;
        if (count_ == kMaxThreats) {
            unstoppable_ = true;
            return;
        }
        threats_[count_++] = t;
    }
}

bool ThreatReplies::stops_all(Sq s) const {
    if (unstoppable_) return false;
    for (int i = 0; i < count_; ++i) {
        Sq t = threats_[i];
        if (t != s && board_.shape_if_blocked(attacker_, t, s) == kShapeFlex4) return false;
    }
    return true;
}

}  // namespace kinrow::gomoku
