#include "gomoku/vcf.hpp"

#include <algorithm>
#include <array>

namespace kinrow::gomoku {

namespace {

// Separates table entries of the same position searched to different depths:
// a failure with n fours left proves nothing about n + 1. A narrowed search
// also depends on the stone it goes on from, which the hash does not hold.
std::uint64_t tag(std::uint64_t hash, int fours_left, Sq anchor) {
    return hash ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(fours_left + 1)) ^
           (0xD6E8FEB86659FD93ULL * static_cast<std::uint64_t>(anchor + 1));
}

// The cells near an anchor: within two cells, or on one of its lines
// within four. Row by row, so that the squares they give ascend as the
// board's own order does.
struct NearStep {
    int dr, dc;
};
constexpr auto kNearSteps = [] {
    std::array<NearStep, 40> steps{};
    int n = 0;
    for (int dr = -4; dr <= 4; ++dr)
        for (int dc = -4; dc <= 4; ++dc) {
            int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
            bool box = ar <= 2 && ac <= 2, line = dr == 0 || dc == 0 || ar == ac;
            if ((dr || dc) && (box || line)) steps[n++] = {dr, dc};
        }
    return steps;
}();

}  // namespace

VcfSearcher::VcfSearcher(int table_bits)
    : failed_(std::size_t{1} << table_bits, 0), mask_((std::uint64_t{1} << table_bits) - 1) {}

VcfResult VcfSearcher::solve(Board& board, int max_fours, std::uint64_t node_budget,
                             std::chrono::steady_clock::time_point deadline, VcfScope scope) {
    nodes_ = 0;
    scope_ = scope;
    deadline_ = deadline;
    budget_ = node_budget;
    aborted_ = false;
    line_.clear();
    Board::EvaluationPause pause(board);
    VcfResult result;
    result.win = attack(board, max_fours);
    result.nodes = nodes_;
    result.aborted = aborted_;
    if (result.win) {
        result.line.assign(line_.rbegin(), line_.rend());
        result.plies = static_cast<int>(line_.size()) + (ends_in_five_ ? 0 : 2);
    }
    return result;
}

// Plays a four and the forced reply, then attacks on; the winning line is
// collected in reverse on the way back up.
bool VcfSearcher::try_four(Board& board, Sq four, int fours_left) {
    Colour me = board.side_to_move();
    board.play(four);
    Sq block = board.find_five(me, four);
    if (block == kNoSq) {  // not a four after all (cannot happen for a four shape)
        board.undo();
        return false;
    }
    board.play(block);
    // A reply that makes the defender's own five refutes the four.
    bool win = !board.last_move_won() && attack(board, fours_left - 1);
    board.undo();
    board.undo();
    if (win) {
        line_.push_back(block);
        line_.push_back(four);
    }
    return win;
}

bool VcfSearcher::attack(Board& board, int fours_left) {
    ++nodes_;
    if (budget_ && nodes_ > budget_) aborted_ = true;
    if ((nodes_ & 1023) == 0 && deadline_ != std::chrono::steady_clock::time_point{} &&
        std::chrono::steady_clock::now() >= deadline_)
        aborted_ = true;
    if (aborted_) return false;
    Colour me = board.side_to_move(), them = other(me);
    if (board.shape_count(me, kShapeFive)) {
        line_.push_back(board.first_square(me, kShapeFive));
        ends_in_five_ = true;
        return true;
    }
    if (int threats = board.shape_count(them, kShapeFive)) {
        // The defender's last reply made a four: block it, and only go on if
        // the block is itself a four.
        if (threats > 1 || fours_left == 0) return false;
        Sq block = board.first_square(them, kShapeFive);
        return makes_four(board.shape(me, block)) && try_four(board, block, fours_left);
    }
    if (board.shape_count(me, kShapeFlex4)) {
        line_.push_back(board.first_square(me, kShapeFlex4));
        ends_in_five_ = false;
        return true;
    }
    if (fours_left == 0) return false;
    // The attacker's previous stone: the last four, or at the start the
    // move before the defender's last.
    const auto& history = board.history();
    Sq anchor = scope_ == VcfScope::kNearLastStone && history.size() >= 2 ? history[history.size() - 2] : kNoSq;
    std::uint64_t key = tag(board.hash(), fours_left, anchor);
    std::uint64_t& slot = failed_[key & mask_];
    if (slot == key) return false;

    // Fours that also make an open three first: they are the likeliest wins.
    // Near the anchor its 40 cells are looked at, not the board (a walk of
    // up to 225 squares was a tenth of the search's time); both give the
    // fours in board order, which the stable sort keeps among equals.
    Sq fours[kMaxSquares];
    int n = 0;
    if (anchor == kNoSq) {
        board.for_each_square_from(me, kShapeBlock4, [&](Sq s) { fours[n++] = s; });
    } else if (board.shape_count_from(me, kShapeBlock4)) {
        int stride = board.direction_offset(1);
        for (NearStep step : kNearSteps) {
            Sq s = anchor + step.dr * stride + step.dc;
            if (board.is_empty(s) && makes_four(board.shape(me, s))) fours[n++] = s;
        }
    }
    std::stable_sort(fours, fours + n,
                     [&](Sq a, Sq b) { return board.value(me, a) > board.value(me, b); });
    for (int i = 0; i < n; ++i)
        if (try_four(board, fours[i], fours_left)) return true;
    if (!aborted_) slot = key;
    return false;
}

}  // namespace kinrow::gomoku
