#include "pairing.hpp"

#include <algorithm>

namespace kinrow::prover {

namespace {

bool window_contains(const Board& board, int w, Move m) {
    const Move* cells = board.lines().cells(w);
    return std::find(cells, cells + board.k(), m) != cells + board.k();
}

}  // namespace

bool PairingFinder::find(const Board& board, Player attacker, std::vector<Pair>* pairs) {
    ++calls_;
    const Player defender = opponent(attacker);
    live_.clear();
    for (int w = 0; w < board.windows(); ++w) {
        if (board.count(w, defender) != 0) continue;
        // A window with fewer than two empty cells cannot hold a pair.
        if (board.k() - board.count(w, attacker) < 2) return false;
        live_.push_back(w);
    }
    covered_.assign(live_.size(), 0);
    used_.assign(board.cells(), 0);
    chosen_.clear();
    steps_left_ = budget_;
    if (!cover(board)) return false;
    ++successes_;
    if (pairs) *pairs = chosen_;
    return true;
}

bool PairingFinder::cover(const Board& board) {
    if (--steps_left_ < 0) return false;
    // The uncovered window with the fewest free cells: if it cannot be
    // covered, nothing can; if it has only one way, take it now.
    int best = -1, best_free = 1 << 30;
    const int k = board.k();
    for (std::size_t i = 0; i < live_.size(); ++i) {
        if (covered_[i]) continue;
        const Move* cells = board.lines().cells(live_[i]);
        int free = 0;
        for (int j = 0; j < k; ++j) free += board.empty(cells[j]) && !used_[cells[j]];
        if (free < 2) return false;
        if (free < best_free) best = static_cast<int>(i), best_free = free;
    }
    if (best < 0) return true;
    Move free_cells[64];
    int n = 0;
    const Move* cells = board.lines().cells(live_[best]);
    for (int j = 0; j < k && n < 64; ++j)
        if (board.empty(cells[j]) && !used_[cells[j]]) free_cells[n++] = cells[j];
    std::vector<std::size_t> newly_covered;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
            const Move x = free_cells[a], y = free_cells[b];
            newly_covered.clear();
            for (std::size_t i = 0; i < live_.size(); ++i)
                if (!covered_[i] && window_contains(board, live_[i], x) && window_contains(board, live_[i], y))
                    newly_covered.push_back(i);
            for (std::size_t i : newly_covered) covered_[i] = 1;
            used_[x] = used_[y] = 1;
            chosen_.emplace_back(x, y);
            if (cover(board)) return true;
            chosen_.pop_back();
            used_[x] = used_[y] = 0;
            for (std::size_t i : newly_covered) covered_[i] = 0;
            if (steps_left_ < 0) return false;
        }
    return false;
}

}  // namespace kinrow::prover
