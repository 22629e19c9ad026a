// An independent checker of the Gomoku engine's win claims.
//
// It shares nothing with the engine's threat code (no patterns, shapes, VCF
// or VCT): a plain grid, a five test that walks the four lines, and a
// full-width AND-OR search. The defender tries EVERY empty cell at every one
// of its turns (but see defend()); only the attacker's choices are narrowed
// (to cells within two of a stone; after the first move, to threats: fours
// and moves that leave an open-four cell) and ordered, which can make a true
// claim go unconfirmed but never confirms a false one. "Attacker wins within N plies" means: with the
// attacker to move, some line of at most N plies ends in the attacker's five
// whatever the defender plays, the defender's own five ending the game first.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

namespace kinrow::testing {

class GomokuProofChecker {
public:
    // `cells`: row-major, 0 empty, 1 the attacker (to move), 2 the defender.
    GomokuProofChecker(int width, int height, bool exactly_five, std::vector<int> cells)
        : width_(width), height_(height), exactly_five_(exactly_five), cells_(std::move(cells)) {
        std::uint64_t state = 0x70726F6F66ULL;
        for (auto& k : keys_) {
            state += 0x9E3779B97F4A7C15ULL;
            std::uint64_t z = state;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            k = z ^ (z >> 31);
        }
        for (int i = 0; i < width * height; ++i)
            if (cells_[i]) hash_ ^= key(i, cells_[i]);
        killers_.assign(256, -1);
    }

    // Does the attacker (to move) win within `plies` plies? `node_limit`
    // bounds the work; `exhausted()` tells whether it ran out (then the
    // answer is false and means "not confirmed"). Shorter wins are tried
    // first: they are cheap and leave good first moves behind.
    bool attacker_wins(int plies, std::uint64_t node_limit) {
        limit_ = node_limit;
        hints_.assign(static_cast<std::size_t>(plies) + 1, -1);
        for (std::size_t i = 0; i < line_.size(); i += 2)
            if (static_cast<int>(i) < plies) hints_[static_cast<std::size_t>(plies) - i] = line_[i];
        nodes_ = 0;
        for (top_ = 1; top_ <= plies; top_ += 2)
            if (attack(top_)) return true;
        return false;
    }
    bool exhausted() const { return nodes_ > limit_; }
    // An expected line (cells, attacker first): its attacker moves are tried
    // first at the matching depth. Ordering only: it proves nothing.
    void hint(std::vector<int> line) { line_ = std::move(line); }
    std::uint64_t nodes() const { return nodes_; }

private:
    static constexpr int kDr[4] = {0, 1, 1, 1}, kDc[4] = {1, 0, 1, -1};

    int at(int r, int c) const {
        return r < 0 || c < 0 || r >= height_ || c >= width_ ? -1 : cells_[r * width_ + c];
    }
    std::uint64_t key(int cell, int who) const { return keys_[static_cast<std::size_t>(cell * 2 + who - 1)]; }

    // Would a stone of `who` on the empty cell make a winning line?
    bool makes_five(int cell, int who) const {
        int r = cell / width_, c = cell % width_;
        for (int d = 0; d < 4; ++d) {
            int run = 1;
            for (int s = 1; at(r + s * kDr[d], c + s * kDc[d]) == who; ++s) ++run;
            for (int s = 1; at(r - s * kDr[d], c - s * kDc[d]) == who; ++s) ++run;
            if (exactly_five_ ? run == 5 : run >= 5) return true;
        }
        return false;
    }
    // Empty cells where `who` makes five, counted up to `enough`. A five
    // through a cell has a stone of `who` next to it.
    int five_cells(int who, int enough, int* first = nullptr) const {
        int n = 0;
        for (int i = 0; i < width_ * height_ && n < enough; ++i)
            if (!cells_[i] && touches(i, who, 1) && makes_five(i, who)) {
                if (!n && first) *first = i;
                ++n;
            }
        return n;
    }
    // Empty cells within four of `cell` on its lines where `who` makes five.
    int five_cells_near(int cell, int who) const {
        int r = cell / width_, c = cell % width_, n = 0;
        for (int d = 0; d < 4; ++d)
            for (int s = -4; s <= 4; ++s) {
                int rr = r + s * kDr[d], cc = c + s * kDc[d];
                if (s && at(rr, cc) == 0 && makes_five(rr * width_ + cc, who)) ++n;
            }
        return n;
    }
    // Would a stone of the attacker's on an empty cell within four of
    // `cell` on its lines leave two fives (an open four or a double four)?
    bool makes_open_four_cell(int cell) {
        int r = cell / width_, c = cell % width_;
        for (int d = 0; d < 4; ++d)
            for (int s = -4; s <= 4; ++s) {
                int rr = r + s * kDr[d], cc = c + s * kDc[d];
                if (!s || at(rr, cc) != 0) continue;
                int next = rr * width_ + cc;
                play(next, 1);
                bool two = five_cells_near(next, 1) >= 2;
                undo(next);
                if (two) return true;
            }
        return false;
    }
    void play(int cell, int who) {
        cells_[cell] = who;
        hash_ ^= key(cell, who);
    }
    void undo(int cell) {
        hash_ ^= key(cell, cells_[cell]);
        cells_[cell] = 0;
    }
    bool touches(int cell, int who, int distance) const {
        int r = cell / width_, c = cell % width_;
        for (int dr = -distance; dr <= distance; ++dr)
            for (int dc = -distance; dc <= distance; ++dc)
                if ((dr || dc) && (who ? at(r + dr, c + dc) == who : at(r + dr, c + dc) > 0)) return true;
        return false;
    }

    // Attacker to move, `plies` left to make five.
    bool attack(int plies) {
        if (++nodes_ > limit_) return false;
        if (plies < 1) return false;
        if (five_cells(1, 1)) return true;
        if (plies < 3) return false;
        std::uint64_t k = hash_ ^ static_cast<std::uint64_t>(plies) * 0x100000001B3ULL;
        if (auto it = memo_.find(k); it != memo_.end()) return it->second;
        auto wins_with = [&](int m) {
            play(m, 1);
            bool win = defend(plies - 1);
            undo(m);
            return win;
        };
        // The defender threatens five: blocking is the attacker's only
        // move that does not lose at once.
        int threat = -1;
        int threats = five_cells(2, 2, &threat);
        if (threats >= 2) return remember(k, false);
        if (threats == 1) return remember(k, wins_with(threat));
        // What refuted the sibling defences usually refutes this one.
        int& killer = killers_[static_cast<std::size_t>(plies)];
        int first = killer;
        if (first >= 0 && !cells_[first] && wins_with(first)) return remember(k, true);
        // The hinted move, then fours (each has one defence), threes, and
        // quiet moves only as the first move of the claim. Three plies
        // left, only a four can still win.
        int hint = plies < static_cast<int>(hints_.size()) ? hints_[static_cast<std::size_t>(plies)] : -1;
        if (hint >= 0 && hint != first && !cells_[hint] && wins_with(hint)) {
            killer = hint;
            return remember(k, true);
        }
        for (int kind = 0; kind < (plies > 3 ? 3 : 1) && nodes_ <= limit_; ++kind) {
            if (kind == 2 && plies < top_) break;
            for (int m = 0; m < width_ * height_ && nodes_ <= limit_; ++m) {
                if (cells_[m] || m == first || m == hint || !touches(m, 1, 2)) continue;
                play(m, 1);
                bool four = five_cells_near(m, 1) > 0;
                bool chosen = kind == 0 ? four : kind == 1 ? !four && makes_open_four_cell(m) : !four && !makes_open_four_cell(m);
                undo(m);
                if (chosen && wins_with(m)) {
                    killer = m;
                    return remember(k, true);
                }
            }
        }
        return remember(k, false);
    }

    // Defender to move: the attacker wins only if every empty cell loses.
    // Two facts of the rules spare most searches. While the attacker
    // threatens five, a stone anywhere else leaves the threat standing (the
    // five comes at once). While it has a cell t that leaves two fives, a
    // stone that is off t's lines (five cells each way decide a five
    // through t) and makes no four leaves t as it was: t, a block, the five.
    bool defend(int plies) {
        if (++nodes_ > limit_) return false;
        if (five_cells(2, 1)) return false;  // the defender's five ends the game first
        int threat = -1;
        int threats = five_cells(1, 2, &threat);
        if (threats >= 2) return true;
        int open_four = -1;
        for (int c = 0; c < width_ * height_ && !threats && plies >= 4 && open_four < 0; ++c) {
            if (cells_[c] || !touches(c, 1, 1)) continue;
            play(c, 1);
            if (five_cells_near(c, 1) >= 2) open_four = c;
            undo(c);
        }
        for (int i = 0; i < width_ * height_; ++i) {
            if (cells_[i] || (threats && i != threat)) continue;
            play(i, 2);
            bool lost = (open_four >= 0 && !on_lines(i, open_four) && !five_cells(2, 1)) || attack(plies - 1);
            undo(i);
            if (!lost) return false;
        }
        return true;
    }
    bool on_lines(int a, int b) const {
        int dr = b / width_ - a / width_, dc = b % width_ - a % width_;
        return std::max(std::abs(dr), std::abs(dc)) <= 5 && (dr == 0 || dc == 0 || dr == dc || dr == -dc);
    }

    bool remember(std::uint64_t k, bool value) {
        if (nodes_ <= limit_) memo_[k] = value;
        return value;
    }

    int width_, height_;
    bool exactly_five_;
    std::vector<int> cells_;
    std::array<std::uint64_t, 2 * 20 * 20> keys_{};
    std::uint64_t hash_ = 0;
    std::unordered_map<std::uint64_t, bool> memo_;
    std::vector<int> killers_;
    std::vector<int> line_, hints_;
    int top_ = 0;  // the plies of the current iteration: quiet moves only there
    std::uint64_t nodes_ = 0, limit_ = 0;
};

}  // namespace kinrow::testing
