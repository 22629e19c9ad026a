#include "prover/pairing.hpp"

#include <algorithm>
#include <array>

namespace kinrow::prover {

bool pairing_holds(const Board& board, Player attacker, const std::vector<Pair>& pairs) {
    if (!board.has_sets()) return false;
    std::array<std::int16_t, kSetCells> pair_of;
    pair_of.fill(-1);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (!board.empty(pairs[i].first) || !board.empty(pairs[i].second)) return false;
        pair_of[pairs[i].first] = pair_of[pairs[i].second] = static_cast<std::int16_t>(i);
    }
    const Player defender = opponent(attacker);
    for (int w = 0; w < board.windows(); ++w) {
        if (board.count(w, defender) != 0) continue;
        // Cells of one pair meet in the window when a pair index repeats.
        const Move* cells = board.lines().cells(w);
        std::uint64_t seen[2] = {0, 0};
        bool covered = false;
        for (int i = 0; i < board.k() && !covered; ++i) {
            int p = pair_of[cells[i]];
            if (p < 0) continue;
            std::uint64_t bit = std::uint64_t{1} << (p & 63);
            covered = (seen[p >> 6] & bit) != 0;
            seen[p >> 6] |= bit;
        }
        if (!covered) return false;
    }
    return true;
}

bool PairingFinder::start(const Board& board, Player attacker, bool reply_allowed) {
    ++calls_;
    if (!board.has_sets()) return false;  // boards this large never pair out early enough to pay
    const Player defender = opponent(attacker);
    live_.clear();
    live_index_.assign(board.windows(), -1);
    for (int w = 0; w < board.windows(); ++w) {
        if (board.count(w, defender) != 0) continue;
        // A window with fewer than two empty cells cannot hold a pair (the
        // reply may still break one with a single empty cell).
        if (board.k() - board.count(w, attacker) < (reply_allowed ? 1 : 2)) return false;
        live_index_[w] = static_cast<int>(live_.size());
        live_.push_back(w);
    }
    if (static_cast<int>(line_stamp_.size()) != board.line_count()) line_stamp_.assign(board.line_count(), 0);
    covered_.assign(live_.size(), 0);
    free_ = board.empty_set();
    chosen_.clear();
    reply_open_ = reply_allowed;
    reply_ = kNoMove;
    steps_left_ = budget_;
    // One frame per pair and one for the reply; sized before the search, as
    // the frames hold references while it recurses.
    if (static_cast<int>(frames_.size()) < board.cells() / 2 + 2) frames_.resize(board.cells() / 2 + 2);
    if (!cover(board, 0)) return false;
    ++successes_;
    return true;
}

bool PairingFinder::find(const Board& board, Player attacker, std::vector<Pair>* pairs) {
    if (!start(board, attacker, false)) return false;
    if (pairs) *pairs = chosen_;
    return true;
}

bool PairingFinder::find_with_reply(const Board& board, Player attacker, Move& reply, std::vector<Pair>* pairs) {
    if (!start(board, attacker, true)) return false;
    reply = reply_;
    if (reply == kNoMove) {
        // The pairs cover every window without the reply: any free cell will
        // do, or else a cell of a pair (its windows then hold the defender's
        // stone and need the pair no more).
        if (free_.count() > 0)
            reply = free_.bits[0] ? std::countr_zero(free_.bits[0]) : 64 + std::countr_zero(free_.bits[1]);
        else if (!chosen_.empty())
            reply = chosen_.back().first, chosen_.pop_back();
        else
            return false;  // no empty cell at all
    }
    if (pairs) *pairs = chosen_;
    return true;
}

void PairingFinder::set_covered(const std::vector<std::size_t>& windows, char value) {
    for (std::size_t i : windows) covered_[i] = value;
}

bool PairingFinder::cover(const Board& board, int depth) {
    if (--steps_left_ < 0) return false;
    // The uncovered window with the fewest free cells: if it cannot be
    // covered, nothing can; if it has only one way, take it now.
    // A pair lies on one line only, so every line with an uncovered window
    // needs a pair of its own: two free cells per such line at least (the
    // reply, while open, may settle the four lines through its cell).
    const int needed = reply_open_ ? 1 : 2;
    int best = -1, best_free = 1 << 30, lines = 0;
    ++stamp_;
    for (std::size_t i = 0; i < live_.size(); ++i) {
        if (covered_[i]) continue;
        int free = (board.window_set(live_[i]) & free_).count();
        if (free < needed) return false;
        if (free < best_free) best = static_cast<int>(i), best_free = free;
        int& stamp = line_stamp_[board.window_line(live_[i])];
        if (stamp != stamp_) stamp = stamp_, ++lines;
    }
    if (best < 0) return true;
    if (2 * (reply_open_ ? lines - 4 : lines) > free_.count()) return false;
    Move cells[kSetCells];
    int n = 0;
    CellSet candidates = board.window_set(live_[best]) & free_;
    for (int word = 0; word < 2; ++word)
        for (std::uint64_t bits = candidates.bits[word]; bits; bits &= bits - 1)
            cells[n++] = word * 64 + std::countr_zero(bits);
    // The options: the reply on one of the window's cells (while open), then
    // pairs. Each is tried in order of the windows it settles, most first:
    // two central cells of a long line settle all its windows at once.
    std::vector<Option>& options = frames_[depth].options;
    options.clear();
    auto uncovered = [&](int w) { return live_index_[w] >= 0 && !covered_[live_index_[w]]; };
    if (reply_open_)
        for (int a = 0; a < n; ++a) {
            int covers = 0;
            for (const int* w = board.lines().through_begin(cells[a]); w != board.lines().through_end(cells[a]); ++w)
                covers += uncovered(*w);
            options.push_back({covers + 100000, cells[a], kNoMove});  // breaking windows outright comes first
        }
    if (best_free >= 2) {
        // Among pairs settling as many windows, spare the cells that other
        // uncovered windows need most (the centre of a crossing).
        int demand[kSetCells];
        for (int a = 0; a < n; ++a) {
            demand[a] = 0;
            for (const int* w = board.lines().through_begin(cells[a]); w != board.lines().through_end(cells[a]); ++w)
                demand[a] += uncovered(*w);
        }
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                int covers = 0;
                for (int w : board.windows_with(cells[a], cells[b])) covers += uncovered(w);
                options.push_back({covers * 64 - demand[a] - demand[b], cells[a], cells[b]});
            }
    }
    // Insertion sort: a handful of options, stable, and no allocation.
    for (std::size_t i = 1; i < options.size(); ++i)
        for (std::size_t j = i; j > 0 && options[j - 1].covers < options[j].covers; --j) std::swap(options[j - 1], options[j]);
    std::vector<std::size_t>& newly_covered = frames_[depth].newly_covered;
    for (const Option& o : options) {
        newly_covered.clear();
        if (o.y == kNoMove) {
            for (const int* w = board.lines().through_begin(o.x); w != board.lines().through_end(o.x); ++w)
                if (uncovered(*w)) newly_covered.push_back(live_index_[*w]);
            reply_open_ = false;
            reply_ = o.x;
        } else {
            for (int w : board.windows_with(o.x, o.y))
                if (uncovered(w)) newly_covered.push_back(live_index_[w]);
            free_.reset(o.y);
            chosen_.emplace_back(o.x, o.y);
        }
        set_covered(newly_covered, 1);
        free_.reset(o.x);
        if (cover(board, depth + 1)) return true;
        set_covered(newly_covered, 0);
        free_.set(o.x);
        if (o.y == kNoMove) {
            reply_open_ = true;
            reply_ = kNoMove;
        } else {
            free_.set(o.y);
            chosen_.pop_back();
        }
        if (steps_left_ < 0) return false;
    }
    return false;
}

}  // namespace kinrow::prover
