#include "gomoku/vct.hpp"

#include <algorithm>

namespace kinrow::gomoku {

namespace {

// The first empty square where c makes `s` (callers know one exists).
Sq first_with(const Board& b, Colour c, Shape s) {
    for (Sq q : b.squares())
        if (b.is_empty(q) && b.shape(c, q) == s) return q;
    return kNoSq;
}

}  // namespace

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
                             std::chrono::steady_clock::time_point deadline) {
    nodes_ = 0;
    budget_ = node_budget;
    deadline_ = deadline;
    aborted_ = false;
    attacker_ = board.side_to_move();
    VctResult result;
    // Iterative deepening: short wins are found first and cheaply.
    for (int depth = 1; depth <= max_threats && !result.win && !aborted_; ++depth)
        result.win = attack(board, depth, &result.first);
    result.win = result.win && !aborted_;
    result.nodes = nodes_;
    result.aborted = aborted_;
    return result;
}

// The attacker to move: win now, or make a threat that wins against every
// defence. At the root, `first` receives the winning move.
bool VctSearcher::attack(Board& b, int threats_left, Sq* first) {
    if (out_of_budget()) return false;
    Colour me = attacker_, them = other(me);
    auto answer = [&](Sq s) {
        if (first) *first = s;
        return true;
    };
    if (b.shape_count(me, kShapeFive)) return answer(first_with(b, me, kShapeFive));
    int their_fives = b.shape_count(them, kShapeFive);
    if (their_fives > 1) return false;
    if (their_fives == 0 && b.shape_count(me, kShapeFlex4)) return answer(first_with(b, me, kShapeFlex4));
    if (their_fives == 1) {
        // The defender's four must be blocked; the attack goes on from there.
        Sq block = first_with(b, them, kShapeFive);
        b.play(block);
        bool win = defend(b, threats_left);
        b.undo();
        return win && answer(block);
    }
    if (threats_left <= 0) return false;

    // A win holds with more threats to spare, a failure with fewer.
    Entry& e = table_[b.hash() & mask_];
    if (e.key == b.hash() && !first &&
        (e.win ? threats_left >= e.depth : threats_left <= e.depth))
        return e.win;

    // Against the defender's own open three only fours are fast enough.
    bool fours_only = b.shape_count(them, kShapeFlex4) > 0;
    Sq moves[kMaxSquares];
    int n = 0;
    for (Sq s : b.squares()) {
        if (!b.is_empty(s)) continue;
        Shape sh = b.shape(me, s);
        if (makes_four(sh) || (!fours_only && sh >= kShapeFlex3)) moves[n++] = s;
    }
    std::stable_sort(moves, moves + n, [&](Sq x, Sq y) { return b.value(me, x) > b.value(me, y); });
    Sq winner = kNoSq;
    for (int i = 0; i < n && winner == kNoSq && !aborted_; ++i) {
        b.play(moves[i]);
        if (defend(b, threats_left - 1)) winner = moves[i];
        b.undo();
    }
    if (aborted_) return false;
    e = Entry{b.hash(), static_cast<std::int8_t>(threats_left), winner != kNoSq};
    return winner != kNoSq && answer(winner);
}

// The defender to move after an attacker's move: the attack holds if the
// move was a threat and every defence still loses.
bool VctSearcher::defend(Board& b, int threats_left) {
    if (out_of_budget()) return false;
    Colour me = attacker_, them = other(me);
    if (b.shape_count(them, kShapeFive)) return false;  // the defender wins first
    int fives = b.shape_count(me, kShapeFive);
    if (fives > 1) return true;
    if (fives == 1) {
        b.play(first_with(b, me, kShapeFive));
        bool win = !b.last_move_won() && attack(b, threats_left);
        b.undo();
        return win;
    }
    if (!b.shape_count(me, kShapeFlex4)) return false;  // no threat: the defender is free
    // Every square on the threatened lines, and every four of the defender.
    Sq moves[kMaxSquares];
    int n = 0;
    for (Sq s : b.squares())
        if (b.is_empty(s) && (makes_four(b.shape(them, s)) || has_line_at_least(b.patterns(me, s), kBlock4)))
            moves[n++] = s;
    for (int i = 0; i < n; ++i) {
        b.play(moves[i]);
        bool win = !b.last_move_won() && attack(b, threats_left);
        b.undo();
        if (!win) return false;
    }
    return true;
}

}  // namespace kinrow::gomoku
