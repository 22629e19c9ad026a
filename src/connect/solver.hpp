// The exact Connect-k solver: negamax with alpha-beta over BitPosition,
// narrowed to null-window tests that bisect the score range.
//
// Scores follow Pascal Pons's convention, generalised to any W x H board: for
// the side to move, 0 is a draw, (W*H + 1 - n) / 2 is a win whose winning
// stone is dropped when n stones are on the board (so the faster the win, the
// higher), and the negation of that is a loss. Weak solving only asks for the
// sign and returns -1, 0 or 1.
//
// The solver is a template over its transposition table (see
// transposition_table.hpp) so the no-table baseline, the fixed-memory table
// and the textbook chained dictionary are the same search.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "connect/bitboard.hpp"
#include "connect/transposition_table.hpp"

namespace kinrow::connect {

// Enhanced transposition cutoffs are tried at nodes with at least this many
// empty cells, where the subtrees they save are big enough to pay for the
// extra probes: from 20 down to 16, 8% fewer nodes on connect:6,6,4 and after
// 4444, 5% fewer on Pons's Test_L2_R2, for about the same work there; lower
// still, the probes cost more than the nodes saved.
inline constexpr int kEtcEmptyCells = 16;

// Below this many empty cells the whole tree is small, and one full-window
// search visits fewer nodes than the bisection's repeated null-window ones
// (a third fewer on Pons's end-game set, the same on his middle-game sets).
inline constexpr int kFullWindowEmptyCells = 16;

// Threads of a parallel search share out the moves of nodes with at least
// this many empty cells (see BusyNodes); below, subtrees are too small to be
// worth the bookkeeping.
inline constexpr int kSharedEmptyCells = 24;

// The positions that threads of a parallel search are searching now. A thread
// that reaches one of them as a later move of a node puts it off and searches
// the node's other moves first (ABDADA: by the time it comes back, the table
// usually holds the result), so threads spread over different subtrees. A
// hint only, never a result: a lost or stale mark costs duplicated work, not
// correctness, so each slot is one relaxed atomic key, overwritten on
// collisions.
class BusyNodes {
public:
    bool busy(Bitboard key) const { return slot(key).load(std::memory_order_relaxed) == key; }
    void enter(Bitboard key) { slot(key).store(key, std::memory_order_relaxed); }
    void leave(Bitboard key) {
        Bitboard expected = key;
        slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
    }

private:
    static constexpr int kBits = 14;
    std::atomic<Bitboard>& slot(Bitboard key) const {
        return slots_[(key * 0x9E3779B97F4A7C15ULL) >> (64 - kBits)];
    }
    mutable std::array<std::atomic<Bitboard>, std::size_t{1} << kBits> slots_{};
};

struct SolverOptions {
    bool symmetry = true;   // mirror positions share table entries
    bool ordering = true;   // table move first, then moves by threats created
    bool bisection = true;  // null-window bisection of the score; else one full-window search
};

struct SearchStats {
    std::uint64_t nodes = 0;      // negamax calls
    std::uint64_t probes = 0;     // table look-ups
    std::uint64_t hits = 0;       // look-ups that found the position
    std::uint64_t evictions = 0;  // stores that pushed another position out
    double hit_rate() const { return probes ? static_cast<double>(hits) / static_cast<double>(probes) : 0.0; }
};

// Score bounds of a position with `moves` stones on a board of `cells`.
inline int max_score(int cells, int moves) { return (cells + 1 - moves) / 2; }
inline int min_score(int cells, int moves) { return -(cells - moves) / 2; }
// What a weak solve reports for a score: its sign.
inline int weak_score(int score) { return (score > 0) - (score < 0); }

// Geo is Geometry, or Connect4Geometry for the compiled Connect Four fast path.
template <class Table, class Geo = Geometry>
class Solver {
public:
    // One table for every position, or a big `far` table for positions with
    // many empty cells and a small `near` one for the rest.
    Solver(const Geo& g, Table& table, SolverOptions options = {})
        : Solver(g, table, table, options) {}
    Solver(const Geo& g, Table& far, Table& near, SolverOptions options = {})
        : g_(g), far_(far), near_(near), options_(options) {}

    const Geo& geometry() const { return g_; }
    const SearchStats& stats() const { return stats_; }

    // Parallel search (see parallel_solve.hpp): several solvers share the
    // tables and the busy marks; `stop` abandons this one's search once
    // another has finished.
    void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }
    void share_nodes(BusyNodes* busy) { busy_ = busy; }
    void reset_stats() { stats_ = {}; }

    // The score of a position that is not already won (weak: its sign).
    int solve(const BitPosition& p, bool weak) {
        set_root(p);
        const int cells = g_.cells();
        if (p.moves == cells) return 0;
        if (p.can_win_next(g_)) return weak ? 1 : max_score(cells, p.moves);
        int lo = weak ? -1 : min_score(cells, p.moves);
        int hi = weak ? 1 : max_score(cells, p.moves);
        // A fail-hard bound outside [-1, 1] still has the right sign.
        auto result = [weak](int score) { return weak ? weak_score(score) : score; };
        if (!options_.bisection || cells - p.moves < kFullWindowEmptyCells) return result(negamax(p, lo, hi));
        while (lo < hi) {
            // Probe nearer zero first: tests close to the true score of most
            // positions (small) are the cheap ones and narrow the range fast.
            int med = lo + (hi - lo) / 2;
            if (med <= 0 && lo / 2 < med)
                med = lo / 2;
            else if (med >= 0 && hi / 2 > med)
                med = hi / 2;
            int r = negamax(p, med, med + 1);
            if (r <= med)
                hi = r;
            else
                lo = r;
        }
        return result(lo);
    }

    // The score of dropping a stone in `col` (it must not be full), for the
    // side to move in p.
    int move_score(const BitPosition& p, int col, bool weak) {
        const int cells = g_.cells();
        Bitboard move = p.playable(g_) & g_.column_mask(col);
        if (move & p.own_wins(g_)) return weak ? 1 : max_score(cells, p.moves);
        BitPosition child = p;
        child.play(move);
        return -solve(child, weak);
    }

    // The score of every column, nullopt for full ones.
    std::vector<std::optional<int>> column_scores(const BitPosition& p, bool weak) {
        std::vector<std::optional<int>> scores(g_.width());
        for (int col = 0; col < g_.width(); ++col)
            if (p.playable(g_) & g_.column_mask(col)) scores[col] = move_score(p, col, weak);
        return scores;
    }

    // A column that keeps `score`, the value solve() gave p (or its sign in
    // weak mode: the same test works for both); -1 if p is over.
    int best_column(const BitPosition& p, int score) {
        const int cells = g_.cells();
        Bitboard playable = p.playable(g_);
        if (!playable) return -1;
        if (Bitboard wins = playable & p.own_wins(g_)) return first_in_order(wins);
        Bitboard safe = p.non_losing_moves(g_);
        if (!safe) return first_in_order(playable);  // every move loses at once
        set_root(p);
        int threshold = -score;
        int fallback = -1;
        for (int i = 0; i < g_.width(); ++i) {
            int col = g_.column_order(i);
            Bitboard move = safe & g_.column_mask(col);
            if (!move) continue;
            if (fallback < 0) fallback = col;
            BitPosition child = p;
            child.play(move);
            if (child.moves == cells ? 0 <= threshold
                                     : negamax(child, threshold, threshold + 1) <= threshold)
                return col;
        }
        return fallback;
    }

    // Optimal play from p to the end of the game, given p's score.
    std::vector<int> principal_variation(BitPosition p, int score) {
        std::vector<int> line;
        while (p.moves < g_.cells()) {
            int col = best_column(p, score);
            if (col < 0) break;
            line.push_back(col);
            bool wins = (p.playable(g_) & g_.column_mask(col) & p.own_wins(g_)) != 0;
            if (wins) break;
            p.play_column(g_, col);
            score = -score;
        }
        return line;
    }

    // Null-window or full-window alpha-beta. Requires that the side to move
    // cannot win at once. Returns a bound as in fail-hard alpha-beta: the
    // exact score if it lies in (alpha, beta), else a bound on the far side.
    int negamax(const BitPosition& p, int alpha, int beta) {
        const Bitboard against = p.opponent_wins(g_);
        return search(p, non_losing(p.playable(g_), against), against, alpha, beta);
    }

private:
    struct ScoredMove {
        Bitboard move;
        Bitboard threats;  // the cells where we would then complete a line
        Bitboard replies;  // the opponent's replies that do not lose at once (never none)
        int column;
        int score;
        bool forced() const { return (replies & (replies - 1)) == 0; }  // a single reply
    };
    struct MoveList {
        std::array<ScoredMove, 32> moves;  // width <= 32 on a 64-bit board
        int size = 0;
    };

    // negamax, given p's non-losing moves and the cells where the opponent
    // would complete a line (the caller's move generation knows both for the
    // positions it leaves the opponent).
    int search(const BitPosition& p, Bitboard next, Bitboard against, int alpha, int beta) {
        ++stats_.nodes;
        if (stopped()) return 0;
        const int cells = g_.cells();
        if (!next) return -(cells - p.moves) / 2;  // the opponent wins with its next stone
        if (p.moves >= cells - 2) return 0;         // neither side can complete a line any more
        // The opponent cannot win with its next stone, nor we with this one.
        int lo = -(cells - 2 - p.moves) / 2;
        if (alpha < lo) {
            alpha = lo;
            if (alpha >= beta) return alpha;
        }
        int hi = (cells - 1 - p.moves) / 2;
        if (beta > hi) {
            beta = hi;
            if (alpha >= beta) return beta;
        }

        // Above a win two moves later, only a win with our next stone matters:
        // settle that without the table.
        const int hi2 = (cells - 3 - p.moves) / 2;
        if (alpha >= hi2) return p.wins_with_second_stone(g_, next) ? hi : hi2;

        // The table look-up is the likely cache miss: start it past the cheap
        // exits above, so the line tests below overlap it.
        Table& table = table_for(p);
        bool mirrored = false;
        const Bitboard key = table_key(p, mirrored);
        table.prefetch(key);

        // A side left without any line it could still complete can at best draw.
        if (beta > 0 && !g_.can_still_win(p.current, p.mask)) {
            beta = 0;
            if (alpha >= beta) return beta;
        }
        if (alpha < 0 && !g_.can_still_win(p.current ^ p.mask, p.mask)) {
            alpha = 0;
            if (alpha >= beta) return alpha;
        }

        int hint = -1;
        TableEntry entry;
        ++stats_.probes;
        if (table.probe(key, entry)) {
            ++stats_.hits;
            if (entry.lower) {
                if (entry.score > alpha) {
                    alpha = entry.score;
                    if (alpha >= beta) return alpha;
                }
            } else if (entry.score < beta) {
                beta = entry.score;
                if (alpha >= beta) return beta;
            }
            if (entry.column >= 0) hint = mirrored ? g_.mirror_column(entry.column) : entry.column;
        }

        // Below a loss two moves later, only a loss to the opponent's next
        // stone but one matters.
        const int lo2 = -(cells - 4 - p.moves) / 2;
        if (beta <= lo2) return p.loses_to_second_stone(g_, next) ? lo : lo2;

        // A move that leaves the opponent no safe reply wins with our next
        // stone, the best score left; otherwise we win two moves later at best.
        MoveList list;
        if (generate_moves(p, next, against, list)) return hi;
        if (beta > hi2) {
            beta = hi2;
            if (alpha >= beta) return beta;
        }

        order_moves(hint, list);
        // Enhanced transposition cutoff: where subtrees are big, a child whose
        // stored bound already refutes it saves searching the others. After a
        // forced reply the table holds the position that follows it, from our
        // side (see the search loop below). Children go best first, so the
        // column stored is the one the search would have tried first.
        if (cells - p.moves >= kEtcEmptyCells) {
            for (int i = 0; i < list.size; ++i) {
                select_best(list, i);
                const ScoredMove& m = list.moves[i];
                BitPosition child = p;
                child.play(m.move);
                const bool forced = m.forced();
                if (forced) child.play(m.replies);
                TableEntry e;
                if (!probe(child, e)) continue;
                const int score = forced ? e.score : -e.score;
                if (e.lower == forced && score >= beta) {
                    save(table, key, mirrored, {score, true, m.column}, stats_.nodes);
                    return score;
                }
            }
        }
        if (cells - p.moves >= kSharedEmptyCells && busy_)
            return search_shared_moves(p, list, table, key, mirrored, alpha, beta, hint);
        return search_moves<false>(p, list, table, key, mirrored, alpha, beta, hint);
    }

    // The move loop of search(). `Shared`, in a parallel search, marks the
    // node busy while its moves are searched and puts its later moves that
    // another thread is searching last (`deferred`). That copy of the loop
    // stays out of line: the single-threaded search, with everything
    // inlined, pays only the test that chooses it (inlining both copies made
    // the compiler give up inlining the table's probe and store: 5% more
    // instructions).
    [[gnu::noinline]] int search_shared_moves(const BitPosition& p, MoveList& list, Table& table, Bitboard key,
                                              bool mirrored, int alpha, int beta, int hint) {
        return search_moves<true>(p, list, table, key, mirrored, alpha, beta, hint);
    }
    template <bool Shared>
    [[gnu::always_inline]] int search_moves(const BitPosition& p, MoveList& list, Table& table, Bitboard key,
                                            bool mirrored, int alpha, int beta, int hint) {
        const std::uint64_t start = stats_.nodes;
        int best = hint;
        BusyMark mark(Shared ? busy_ : nullptr, key);
        int deferred[32];
        int deferred_count = 0;
        for (int k = 0; k < list.size + deferred_count; ++k) {
            const bool first_pass = !Shared || k < list.size;
            const int i = first_pass ? k : deferred[k - list.size];
            if (first_pass) select_best(list, i);
            BitPosition child = p;
            child.play(list.moves[i].move);
            if (Shared && i > 0 && first_pass && busy_->busy(searched_key(child, list.moves[i]))) {
                deferred[deferred_count++] = i;
                continue;
            }
            int score;
            if (list.moves[i].forced()) {
                // A forced reply is played out here rather than costing the
                // opponent a node: its other moves lose at once, so the
                // position after the reply has the child's score. If that
                // leaves us no safe move, we lose with the opponent's next
                // stone, the lowest score possible here: alpha is no less.
                child.play(list.moves[i].replies);
                const Bitboard child_against = child.opponent_wins(g_);
                const Bitboard safe = non_losing(child.playable(g_), child_against);
                if (!safe) continue;
                score = search(child, safe, child_against, alpha, beta);
            } else {
                score = -search(child, list.moves[i].replies, list.moves[i].threats, -beta, -alpha);
            }
            if (stopped()) return 0;  // an abandoned search: store nothing, return anything
            if (score >= beta) {
                save(table, key, mirrored, {score, true, list.moves[i].column}, start);
                return score;
            }
            if (score > alpha) {
                alpha = score;
                best = list.moves[i].column;
            }
        }
        save(table, key, mirrored, {alpha, false, best}, start);
        return alpha;
    }

    bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

    // Marks a node busy for its lifetime (nothing if `busy` is null).
    struct BusyMark {
        BusyMark(BusyNodes* nodes, Bitboard node_key) : busy(nodes), key(node_key) {
            if (busy) busy->enter(key);
        }
        ~BusyMark() {
            if (busy) busy->leave(key);
        }
        BusyMark(const BusyMark&) = delete;
        BusyMark& operator=(const BusyMark&) = delete;
        BusyNodes* busy;
        Bitboard key;
    };

    // The table key of the node that searching move m from `child` (the
    // position after m) reaches: past the forced reply, if there is one.
    Bitboard searched_key(BitPosition child, const ScoredMove& m) const {
        if (m.forced()) child.play(m.replies);
        bool mirrored;
        return table_key(child, mirrored);
    }

    // Winning cells are few: without a popcount instruction, clearing them
    // one by one beats the library call; with one, the instruction wins (the
    // loop's exit is a branch mispredicted at every other call).
    static int sparse_popcount(Bitboard b) {
#ifdef __POPCNT__
        return std::popcount(b);
#else
        int n = 0;
        for (; b; b &= b - 1) ++n;
        return n;
#endif
    }

    Table& table_for(const BitPosition& p) { return g_.cells() - p.moves < kNearEmptyCells ? near_ : far_; }

    // The key p is stored under: the smaller of its key and its mirror's
    // (`mirrored` says which) where a mirror twin is reachable, else its own.
    Bitboard table_key(const BitPosition& p, bool& mirrored) const {
        Bitboard key = p.key();
        mirrored = false;
        if (options_.symmetry && (mirror_root_mask_ & ~p.mask) == 0) {
            Bitboard m = g_.mirror(key);
            if (m < key) {
                key = m;
                mirrored = true;
            }
        }
        return key;
    }

    // Looks p up without counting a node (the column is left unmirrored: callers ignore it).
    bool probe(const BitPosition& p, TableEntry& e) {
        bool mirrored;
        return table_for(p).probe(table_key(p, mirrored), e);
    }

    // Mirror keys only pay where a position's mirror image can also be
    // reached: that needs the mirror of the root's stones inside the position
    // (always true from the empty board, rarely deep in a game).
    void set_root(const BitPosition& root) { mirror_root_mask_ = g_.mirror(root.mask); }

    int first_in_order(Bitboard moves) const {
        for (int i = 0; i < g_.width(); ++i)
            if (moves & g_.column_mask(g_.column_order(i))) return g_.column_order(i);
        return -1;
    }

    // Scores the moves of `next` for ordering into `list`. Returns true,
    // leaving the list unfinished, as soon as a move wins with our next
    // stone: one that leaves the opponent no reply but losing ones (see
    // BitPosition::wins_with_second_stone).
    //
    // The ordering score of a move: first the cells where it would leave us
    // one stone short of a line, counted twice, and once more for those the
    // opponent can be made to fill right under (the cell above a playable
    // one: after any reply there, we win); these weights beat the plain count
    // by 5% of nodes on Pons's middle-game sets. A cell right above one where
    // the opponent completes a line does not count (an idea from Christophe
    // Steininger's solver): it can never win, since the opponent's stone
    // under it wins first, and ours under it lets the opponent block it at
    // once (4-7% fewer nodes). Then, four points each, the replies that do
    // not lose at once, fewer first: a forcing move has a narrow subtree,
    // quick to search whichever way it goes (9% fewer nodes on
    // connect:6,6,4, 1% on Pons's Test_L2_R2). Last, one point per place in
    // the centre-first column order.
    bool generate_moves(const BitPosition& p, Bitboard next, Bitboard against, MoveList& list) const {
        const Bitboard useless = against << 1;
        for (; next; next &= next - 1) {
            const Bitboard move = next & -next;
            const int col = g_.column_of(move);
            const Bitboard after = p.mask | move;
            const Bitboard threats = g_.winning_cells(p.current | move, after);
            const Bitboard replies = g_.playable(after);
            const Bitboard safe = non_losing(replies, threats);
            if (!safe) return true;
            int score = -g_.column_rank(col);  // under 32
            if (options_.ordering) {
                const Bitboard useful = threats & ~useless;
                score += 256 * (2 * sparse_popcount(useful) + sparse_popcount(useful & (replies << 1))) -
                         4 * sparse_popcount(safe);  // under 4 * 32 replies
            }
            list.moves[list.size++] = {move, threats, safe, col, score};
        }
        return false;
    }

    // The table move first, the rest by generate_moves' scores.
    void order_moves(int hint, MoveList& list) const {
        constexpr int kFirst = 1 << 28;
        if (options_.ordering)
            for (int i = 0; i < list.size; ++i)
                if (list.moves[i].column == hint) list.moves[i].score = kFirst;
    }

    // Brings the best of moves[from..] to `from`. Picking moves as the search
    // reaches them beats sorting them up front: most nodes cut off on their
    // first move, and the sort's data-dependent branches mispredicted often.
    static void select_best(MoveList& list, int from) {
        int best = from;
        for (int i = from + 1; i < list.size; ++i)
            if (list.moves[i].score > list.moves[best].score) best = i;
        std::swap(list.moves[from], list.moves[best]);
    }

    [[gnu::always_inline]] void save(Table& table, Bitboard key, bool mirrored, TableEntry entry, std::uint64_t start) {
        if (mirrored && entry.column >= 0) entry.column = g_.mirror_column(entry.column);
        int work = std::bit_width(stats_.nodes - start);
        stats_.evictions += table.store(key, entry, work);
    }

    const Geo& g_;
    Table& far_;
    Table& near_;
    SolverOptions options_;
    // Written at every node: on a cache line of its own, so the solvers of a
    // parallel search, side by side in one vector, do not pass it back and forth.
    alignas(64) SearchStats stats_;
    Bitboard mirror_root_mask_ = 0;
    const std::atomic<bool>* stop_ = nullptr;
    BusyNodes* busy_ = nullptr;
};

}  // namespace kinrow::connect
