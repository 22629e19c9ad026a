#include "gomoku/vct.hpp"

#include <algorithm>
#include <cstdlib>

#include "gomoku/threats.hpp"

namespace kinrow::gomoku {

VctSearcher::VctSearcher(int table_bits)
    : table_(std::size_t{1} << table_bits), mask_((std::uint64_t{1} << table_bits) - 1) {}

bool VctSearcher::out_of_budget() {
    ++nodes_;
    if (budget_ && nodes_ > budget_) aborted_ = true;
    if ((nodes_ & 1023) == 0 && deadline_ != std::chrono::steady_clock::time_point{} &&
        std::chrono::steady_clock::now() >= deadline_)
        aborted_ = true;
    return aborted_;
}

VctResult VctSearcher::solve(Board& board, int max_threats, std::uint64_t node_budget,
                             std::chrono::steady_clock::time_point deadline, int first_threats) {
    nodes_ = 0;
    budget_ = node_budget;
    deadline_ = deadline;
    aborted_ = false;
    attacker_ = board.side_to_move();
    Board::EvaluationPause pause(board);
    VctResult result;
    // Iterative deepening: short wins are found first and cheaply.
    for (int depth = std::max(first_threats, 1); depth <= max_threats && !result.plies && !aborted_; ++depth) {
        result.plies = attack(board, depth, kNoSq, &result.first);
        result.threats = depth;
    }
    result.win = result.plies > 0 && !aborted_;
    if (!result.win) result.plies = result.threats = 0;
    result.nodes = nodes_;
    result.aborted = aborted_;
    return result;
}

// The attacker to move: win now, or make a threat that wins against every
// defence. Returns the plies to the five along the longest defence (0: no
// win found). At the root, `first` receives the winning move.
int VctSearcher::attack(Board& b, int threats_left, Sq last, Sq* first) {
    if (out_of_budget()) return 0;
    Colour me = attacker_, them = other(me);
    auto answer = [&](Sq s, int plies) {
        if (first) *first = s;
        return plies;
    };
    if (b.shape_count(me, kShapeFive)) return answer(b.first_square(me, kShapeFive), 1);
    int their_fives = b.shape_count(them, kShapeFive);
    if (their_fives > 1) return 0;
    if (their_fives == 0 && b.shape_count(me, kShapeFlex4)) return answer(b.first_square(me, kShapeFlex4), 3);
    if (their_fives == 1) {
        // The defender's four must be blocked; the attack goes on from there.
        Sq block = b.first_square(them, kShapeFive);
        b.play(block);
        int plies = defend(b, threats_left, last);
        b.undo();
        return plies ? answer(block, plies + 1) : 0;
    }
    if (threats_left <= 0) return 0;

    // A win holds with more threats to spare, a failure with fewer.
    Entry& e = table_[b.hash() & mask_];
    if (e.key == b.hash() && !first &&
        (e.plies ? threats_left >= e.depth : threats_left <= e.depth))
        return e.plies;

    // Every four, and the threes on a line of the attacker's previous threat
    // (a sequence builds on its last threat; any three at the first). Also
    // against the defender's own open three: a three that leaves it standing
    // is refuted at once (defend), one that blocks it may win.
    Sq moves[kMaxSquares];
    int n = 0;
    b.for_each_square_from(me, kShapeFlex3, [&](Sq s) {
        if (makes_four(b.shape(me, s)) || last == kNoSq || b.aligned(s, last)) moves[n++] = s;
    });
    std::stable_sort(moves, moves + n, [&](Sq x, Sq y) { return b.value(me, x) > b.value(me, y); });
    Sq winner = kNoSq;
    int plies = 0;
    for (int i = 0; i < n && winner == kNoSq && !aborted_; ++i) {
        b.play(moves[i]);
        if (int p = defend(b, threats_left - 1, moves[i])) {
            winner = moves[i];
            plies = p + 1;
        }
        b.undo();
    }
    if (aborted_) return 0;
    e = Entry{b.hash(), static_cast<std::int8_t>(threats_left), static_cast<std::int16_t>(plies)};
    return winner != kNoSq ? answer(winner, plies) : 0;
}

// The defender to move after an attacker's move: the attack holds if the
// move was a threat and every defence still loses. Returns the plies to the
// five along the longest defence (0: the attack fails).
int VctSearcher::defend(Board& b, int threats_left, Sq last) {
    if (out_of_budget()) return 0;
    Colour me = attacker_, them = other(me);
    if (b.shape_count(them, kShapeFive)) return 0;  // the defender wins first
    int fives = b.shape_count(me, kShapeFive);
    if (fives > 1) return 2;
    if (fives == 1) {
        b.play(b.first_square(me, kShapeFive));
        int plies = b.last_move_won() ? 0 : attack(b, threats_left, last);
        b.undo();
        return plies ? plies + 1 : 0;
    }
    // The attacker has no four: an open four (or double four) of the
    // defender's wins first.
    if (b.shape_count(them, kShapeFlex4)) return 0;
    if (!b.shape_count(me, kShapeFlex4)) return 0;  // no threat: the defender is free
    // Every reply that can matter: the defender's fours and the squares that
    // stop all of the attacker's open-four squares. Any other reply loses to
    // the open four, its five four plies from here.
    Sq moves[kMaxSquares];
    int n = 0;
    ThreatReplies(b, me).for_each_reply([&](Sq s) { moves[n++] = s; });
    int longest = 4;
    for (int i = 0; i < n; ++i) {
        b.play(moves[i]);
        int plies = b.last_move_won() ? 0 : attack(b, threats_left, last);
        b.undo();
        if (!plies) return 0;
        longest = std::max(longest, plies + 1);
    }
    return longest;
}

}  // namespace kinrow::gomoku
