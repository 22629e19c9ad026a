#include "search/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"
#include "rules/lines.hpp"
#include "rules/outcome.hpp"
#include "rules/symmetry.hpp"
#include "search/tt.hpp"

namespace kinrow::search {

Algorithm parse_algorithm(const std::string& name) {
    if (name == "minimax") return Algorithm::Minimax;
    if (name == "alphabeta") return Algorithm::AlphaBeta;
    if (name == "negamax") return Algorithm::Negamax;
    throw Error(fmt::format("unknown algorithm '{}' (expected minimax, alphabeta or negamax)", name));
}

const char* algorithm_name(Algorithm a) {
    switch (a) {
        case Algorithm::Minimax: return "minimax";
        case Algorithm::AlphaBeta: return "alphabeta";
        case Algorithm::Negamax: return "negamax";
    }
    return "?";
}

SearchStats& SearchStats::operator+=(const SearchStats& o) {
    nodes += o.nodes;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    tt_cutoffs += o.tt_cutoffs;
    tt_stores += o.tt_stores;
    tt_collisions += o.tt_collisions;
    depth_reached = std::max(depth_reached, o.depth_reached);
    elapsed_s += o.elapsed_s;
    table_bytes = std::max(table_bytes, o.table_bytes);
    return *this;
}

int plies_to_end(const Position& pos, Score score) {
    return stones_at_end(pos.cells(), score) - pos.stones();
}

Outcome outcome_of(Score score, bool proven) {
    if (!proven) return Outcome::Unknown;
    return is_win(score) ? Outcome::Win : is_loss(score) ? Outcome::Loss : Outcome::Draw;
}

std::string describe_score(const Position& pos, Score score, Bound bound, bool proven) {
    Player mover = pos.side_to_move();
    if (!proven) {
        if (score == 0) return "even (0, heuristic)";
        // The figure is from the better side's point of view, like its name.
        Player better = score > 0 ? mover : opponent(mover);
        return fmt::format("{} is better (+{}, heuristic)", player_char(better), score > 0 ? score : -score);
    }
    int plies = bound == Bound::Exact && is_decisive(score) ? plies_to_end(pos, score) : -1;
    return describe_outcome(mover, outcome_of(score, true), plies);
}

namespace {

using Clock = std::chrono::steady_clock;

// Depth of a search that runs to the end of the game.
constexpr int kUnlimited = 1 << 20;
// "No result yet" for the full-tree minimax.
constexpr Score kNoScore = -kInfinity - 1;

// Heuristic worth of a still-winnable window holding c stones of one side:
// each extra stone is worth eight times more, so near-complete lines dominate.
Score window_weight(int c) {
    static constexpr Score kWeights[] = {0, 1, 8, 64, 512, 4096, 32768};
    return kWeights[std::min(c, 6)];
}

// How a parallel solve's helpers perturb their move order: at the first
// plies, noise of up to a few threat-potential units (potential is scaled by
// 2^24 in the ordering key).
constexpr int kHelperOrderPlies = 3;
// Engines of a parallel solve share out the moves of nodes with at least this
// many empty cells (Team::busy); below, subtrees are too small to be worth it.
constexpr int kSharedEmptyCells = 12;
constexpr int kHelperNoiseBits = 27;

// A 64-bit finaliser (SplitMix64's): well-spread noise from a small input.
std::uint64_t mix64(std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

class SearchEngine {
public:
    explicit SearchEngine(SearchOptions options);
    // A helper of a parallel solve: the main engine's table, and ordering
    // perturbed by `helper` (1, 2, ...) near the root.
    SearchEngine(SearchOptions options, std::shared_ptr<TranspositionTableBase> table, int helper);

    SearchResult search(Position& pos, bool want_pv);
    std::vector<MoveValue> analyze(Position& pos, SearchStats* stats);
    void clear();

    SearchOptions opt;

private:
    // --- set-up and the board state kept in step with the position
    void prepare(Position& pos);
    void do_move(Move m);
    void undo_move();
    std::uint64_t table_key(int& symmetry) const;
    int all_empty_moves(Move* out) const;
    bool playable(Move m) const;
    Move empty_cell_of(int window) const;

    // --- the algorithms
    Score minimax(int depth, Score decided);
    Score alphabeta(int depth, Score alpha, Score beta);
    Score negamax(int depth, Score alpha, Score beta, int ply);
    void order_moves(Move* moves, int n, Move tt_move, int ply) const;
    Score evaluate() const;
    Score terminal_score() const;
    bool budget_exhausted();

    // --- drivers
    // The engines of one parallel solve; `done` ends every search of the team.
    // `busy` marks the positions engines are searching now (ABDADA): an
    // engine puts off a later move whose position another is searching, and
    // by the time it comes back the table usually holds the result. A hint
    // only: a lost or overwritten mark costs duplicated work, never a value.
    struct Team {
        std::atomic<bool> done{false};
        static constexpr int kBusyBits = 14;
        std::array<std::atomic<std::uint64_t>, std::size_t{1} << kBusyBits> busy{};
        std::atomic<std::uint64_t>& slot(std::uint64_t key) {
            return busy[(key * 0x9E3779B97F4A7C15ULL) >> (64 - kBusyBits)];
        }
        bool is_busy(std::uint64_t key) { return slot(key).load(std::memory_order_relaxed) == key; }
    };
    // Marks a node busy for the team while its moves are searched.
    struct BusyMark {
        BusyMark(Team* team, std::uint64_t node_key) : team_(team), key_(node_key) {
            if (team_) team_->slot(key_).store(key_, std::memory_order_relaxed);
        }
        ~BusyMark() {
            if (!team_) return;
            std::uint64_t expected = key_;
            team_->slot(key_).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
        }
        BusyMark(const BusyMark&) = delete;
        BusyMark& operator=(const BusyMark&) = delete;
        Team* team_;
        std::uint64_t key_;
    };
    int empty_cells() const { return pos_->cells() - pos_->stones(); }
    // A search to the end of the game (no depth limit short of it).
    bool full_solve() const { return opt.depth < 0 || opt.depth >= empty_cells(); }
    bool parallel_solve_applies() const;
    SearchResult run_team(bool want_pv);
    SearchResult run_negamax(bool want_pv);
    void add_pv(SearchResult& res);
    Score solve_exact(Score& lower, Score& upper);
    std::vector<Move> proven_pv(Score score, Bound bound);
    std::vector<Move> table_pv(int max_length);
    Score test(Score alpha, Score beta) { return negamax(kUnlimited, alpha, beta, 1); }

    Position* pos_ = nullptr;
    std::optional<GameSpec> spec_;
    std::unique_ptr<LineIndex> lines_;
    std::unique_ptr<Symmetries> symmetries_;
    std::shared_ptr<TranspositionTableBase> table_;
    // Zobrist keys of a stone on a cell under each symmetry: [symmetry][stone][cell].
    std::vector<std::array<std::vector<std::uint64_t>, 2>> symmetric_keys_;
    std::vector<std::array<std::uint8_t, 2>> counts_;  // stones of X / O in each window
    std::array<std::uint64_t, 8> hashes_{};            // hash of the image under each symmetry
    int symmetry_count_ = 1;
    bool dead_cells_apply_ = false;
    std::array<std::vector<std::uint32_t>, 2> history_;
    std::vector<std::array<Move, 2>> killers_;
    std::vector<int> centre_;

    SearchStats stats_;
    Clock::time_point start_, next_report_;
    int current_depth_ = 0;
    int root_stones_ = 0;
    bool stop_ = false;
    Move root_best_ = kNoMove;
    Team* team_ = nullptr;  // set while a parallel solve runs
    int helper_ = 0;        // 0: the main engine
};

SearchEngine::SearchEngine(SearchOptions options) : opt(std::move(options)) {
    if (opt.algorithm == Algorithm::Negamax && opt.use_tt) {
        if (opt.chained_buckets > 0)
            table_ = std::make_unique<ChainedTranspositionTable>(opt.chained_buckets);
        else
            table_ = std::make_unique<TranspositionTable>(opt.tt_mb);
    }
}

SearchEngine::SearchEngine(SearchOptions options, std::shared_ptr<TranspositionTableBase> table, int helper)
    : opt(std::move(options)), table_(std::move(table)), helper_(helper) {}

void SearchEngine::clear() {
    if (table_) table_->clear();
    for (auto& h : history_) std::fill(h.begin(), h.end(), 0);
    std::fill(killers_.begin(), killers_.end(), std::array<Move, 2>{kNoMove, kNoMove});
}

void SearchEngine::prepare(Position& pos) {
    const GameSpec& spec = pos.spec();
    if (!spec_ || *spec_ != spec) {
        // Another game's entries are useless (a new table is already empty).
        if (table_ && spec_) table_->clear();
        spec_ = spec;
        lines_ = std::make_unique<LineIndex>(spec);
        symmetries_ = std::make_unique<Symmetries>(spec);
        symmetric_keys_.assign(symmetries_->size(), {});
        for (int s = 0; s < symmetries_->size(); ++s)
            for (int stone = 0; stone < 2; ++stone) {
                auto& keys = symmetric_keys_[s][stone];
                keys.resize(spec.cells());
                for (Move m = 0; m < spec.cells(); ++m)
                    keys[m] = zobrist_key(static_cast<Cell>(stone + 1), symmetries_->map(s, m));
            }
        for (auto& h : history_) h.assign(spec.cells(), 0);
        killers_.assign(spec.cells() + 2, {kNoMove, kNoMove});
        // Centre-first tie-break: cells nearer the middle sit on more lines.
        centre_.resize(spec.cells());
        for (Move m = 0; m < spec.cells(); ++m) {
            int r = m / spec.width, c = m % spec.width;
            int dr = std::abs(2 * r - (spec.height - 1)), dc = std::abs(2 * c - (spec.width - 1));
            centre_[m] = spec.width + spec.height - std::max(dr, dc);
        }
        // Dead-cell reduction needs stones that can only matter through
        // windows: free placement (a stone does not open the cell above it),
        // k-or-more wins (a stone next to a line cannot spoil it as an
        // overline) and no cell weights.
        dead_cells_apply_ = !spec.gravity() && spec.win_rule == WinRule::AtLeastK && !spec.weighted();
    }
    pos_ = &pos;
    counts_.assign(lines_->count(), {0, 0});
    hashes_.fill(0);
    symmetry_count_ = opt.use_symmetry ? std::min(symmetries_->size(), 8) : 1;
    for (Move m = 0; m < pos.cells(); ++m) {
        if (pos.at(m) == Cell::Empty) continue;
        int stone = static_cast<int>(pos.at(m)) - 1;
        for (const int* w = lines_->through_begin(m); w != lines_->through_end(m); ++w) ++counts_[*w][stone];
        for (int s = 0; s < symmetry_count_; ++s) hashes_[s] ^= symmetric_keys_[s][stone][m];
    }
    stats_ = {};
    start_ = Clock::now();
    next_report_ = start_ + std::chrono::seconds(1);
    root_stones_ = pos.stones();
    stop_ = false;
    root_best_ = kNoMove;
    current_depth_ = 0;
}

void SearchEngine::do_move(Move m) {
    int stone = static_cast<int>(pos_->side_to_move());
    for (const int* w = lines_->through_begin(m); w != lines_->through_end(m); ++w) ++counts_[*w][stone];
    for (int s = 0; s < symmetry_count_; ++s) hashes_[s] ^= symmetric_keys_[s][stone][m];
    pos_->play(m);
}

void SearchEngine::undo_move() {
    Move m = pos_->history().back();
    int stone = static_cast<int>(pos_->at(m)) - 1;
    pos_->undo();
    for (const int* w = lines_->through_begin(m); w != lines_->through_end(m); ++w) --counts_[*w][stone];
    for (int s = 0; s < symmetry_count_; ++s) hashes_[s] ^= symmetric_keys_[s][stone][m];
}

// The smallest hash over the symmetry images; `symmetry` gets the image that
// gave it, the frame in which table moves are stored.
std::uint64_t SearchEngine::table_key(int& symmetry) const {
    symmetry = 0;
    for (int s = 1; s < symmetry_count_; ++s)
        if (hashes_[s] < hashes_[symmetry]) symmetry = s;
    return hashes_[symmetry];
}

// Every empty cell a stone could go to, ignoring whether the game is over:
// the full-tree minimax plays on past wins.
int SearchEngine::all_empty_moves(Move* out) const {
    int n = 0;
    if (pos_->spec().gravity()) {
        for (int c = 0; c < pos_->width(); ++c)
            if (Move m = pos_->drop_cell(c); m != kNoMove) out[n++] = m;
    } else {
        for (Move m = 0; m < pos_->cells(); ++m)
            if (pos_->at(m) == Cell::Empty) out[n++] = m;
    }
    return n;
}

bool SearchEngine::playable(Move m) const {
    return !pos_->spec().gravity() || pos_->drop_cell(pos_->col_of(m)) == m;
}

Move SearchEngine::empty_cell_of(int window) const {
    const Move* cells = lines_->cells(window);
    for (int i = 0; i < lines_->k(); ++i)
        if (pos_->at(cells[i]) == Cell::Empty) return cells[i];
    return kNoMove;
}

Score SearchEngine::terminal_score() const {
    if (pos_->result() == Result::Draw) return kDrawScore;
    return -win_score(pos_->cells(), pos_->stones());  // the side to move has lost
}

Score SearchEngine::evaluate() const {
    int me = static_cast<int>(pos_->side_to_move()), opp = 1 - me;
    long long sum = 0;
    for (const auto& c : counts_) {
        if (c[opp] == 0) sum += window_weight(c[me]);
        if (c[me] == 0) sum -= window_weight(c[opp]);
    }
    return static_cast<Score>(std::clamp<long long>(sum, -(kWinBase - 1), kWinBase - 1));
}

bool SearchEngine::budget_exhausted() {
    if (stop_) return true;
    if (opt.node_limit != 0 && stats_.nodes >= opt.node_limit) return stop_ = true;
    if ((stats_.nodes & 255) == 0) {
        auto now = Clock::now();
        double elapsed = std::chrono::duration<double>(now - start_).count();
        if (opt.time_ms > 0 && elapsed * 1000 >= opt.time_ms) return stop_ = true;
        if (opt.stop && opt.stop->load(std::memory_order_relaxed)) return stop_ = true;
        if (team_ && team_->done.load(std::memory_order_relaxed)) return stop_ = true;
        if (opt.progress && now >= next_report_) {
            next_report_ = now + std::chrono::seconds(1);
            opt.progress(SearchProgress{current_depth_, stats_.nodes, elapsed,
                                        elapsed > 0 ? static_cast<double>(stats_.nodes) / elapsed : 0});
        }
    }
    return false;
}

// Plain minimax. With stop_at_wins off it plays on after a win to the full
// board (the "full game tree"), carrying the first result down as `decided`
// (for the side to move, kNoScore while no one has won).
Score SearchEngine::minimax(int depth, Score decided) {
    ++stats_.nodes;
    if (budget_exhausted()) return 0;
    bool full_tree = !opt.stop_at_wins;
    if (!full_tree && pos_->game_over()) return terminal_score();
    Move moves[kMaxCells];
    int n = full_tree ? all_empty_moves(moves) : pos_->legal_moves(moves);
    if (n == 0) return decided == kNoScore ? kDrawScore : decided;
    if (depth == 0) return decided == kNoScore ? evaluate() : decided;
    Score best = -kInfinity;
    for (int i = 0; i < n; ++i) {
        Score child_decided = kNoScore;
        if (full_tree) {
            if (decided != kNoScore)
                child_decided = -decided;
            else if (pos_->completes_line(moves[i], stone_of(pos_->side_to_move())))
                child_decided = -win_score(pos_->cells(), pos_->stones() + 1);
        }
        do_move(moves[i]);
        Score v = -minimax(depth - 1, child_decided);
        undo_move();
        if (stop_) return 0;
        if (v > best) {
            best = v;
            if (pos_->stones() == root_stones_) root_best_ = moves[i];
        }
    }
    return best;
}

// Alpha-beta in negamax form, fail-soft, board order, nothing else.
Score SearchEngine::alphabeta(int depth, Score alpha, Score beta) {
    ++stats_.nodes;
    if (budget_exhausted()) return 0;
    if (pos_->game_over()) return terminal_score();
    if (depth == 0) return evaluate();
    Move moves[kMaxCells];
    int n = pos_->legal_moves(moves);
    Score best = -kInfinity;
    for (int i = 0; i < n; ++i) {
        do_move(moves[i]);
        Score v = -alphabeta(depth - 1, -beta, -alpha);
        undo_move();
        if (stop_) return 0;
        if (v > best) {
            best = v;
            if (pos_->stones() == root_stones_) root_best_ = moves[i];
        }
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
    }
    return best;
}

// Sorts moves best-first: the table move, then by line potential (what the
// stone adds to its own live windows and takes from the opponent's), then the
// ply's killers, nearness to the centre and history. Killers and history only
// break ties of the potential: ranked above it they cost 5x the nodes on
// 5,5,4 (docs/PERFORMANCE.md).
void SearchEngine::order_moves(Move* moves, int n, Move tt_move, int ply) const {
    int me = static_cast<int>(pos_->side_to_move()), opp = 1 - me;
    struct Keyed {
        long long key;
        int index;  // board order breaks ties, so the order is deterministic
    };
    std::array<Keyed, kMaxCells> keyed;  // only the first n are written and read
    std::array<Move, kMaxCells> original;
    for (int i = 0; i < n; ++i) {
        Move m = moves[i];
        long long potential = 0;
        for (const int* w = lines_->through_begin(m); w != lines_->through_end(m); ++w) {
            const auto& c = counts_[*w];
            if (c[opp] == 0) potential += 2 * window_weight(c[me] + 1);
            if (c[me] == 0) potential += window_weight(c[opp] + 1);
        }
        long long k = (potential << 24) + (static_cast<long long>(centre_[m]) << 12) +
                      std::min<std::uint32_t>(history_[me][m], 4095);
        if (m == killers_[ply][0] || m == killers_[ply][1]) k += 1LL << 23;
        if (m == tt_move) k += 1LL << 60;
        // A helper of a parallel solve takes near-equal moves near the root
        // in an order of its own, so that it proves other subtrees first and
        // leaves them in the shared table for the others.
        if (helper_ != 0 && ply < kHelperOrderPlies)
            k += static_cast<long long>(mix64(static_cast<std::uint64_t>(m) * 0x9E3779B97F4A7C15ULL + helper_) &
                                        ((1ULL << kHelperNoiseBits) - 1));
        keyed[i] = Keyed{k, i};
        original[i] = m;
    }
    // std::sort, not stable_sort: no heap buffer per node.
    std::sort(keyed.begin(), keyed.begin() + n, [](const Keyed& a, const Keyed& b) {
        return a.key != b.key ? a.key > b.key : a.index < b.index;
    });
    for (int i = 0; i < n; ++i) moves[i] = original[keyed[i].index];
}

Score SearchEngine::negamax(int depth, Score alpha, Score beta, int ply) {
    ++stats_.nodes;
    if (budget_exhausted()) return 0;
    if (pos_->game_over()) return terminal_score();
    const int cells = pos_->cells(), stones = pos_->stones(), empties = cells - stones;
    const int me = static_cast<int>(pos_->side_to_move()), opp = 1 - me;
    Move forced = kNoMove;
    Score lower = -kInfinity, upper = kInfinity;  // what game knowledge proves about this node
    // The table's bucket is a likely cache miss: start loading it now, so the
    // window scan below runs while it arrives.
    std::uint64_t key = 0;
    int symmetry = 0;
    if (table_) {
        key = table_key(symmetry);
        table_->prefetch(key);
    }

    if (opt.use_pruning) {
        // One pass over the windows: our winning cells, the opponent's, and
        // how many stones each side still needs on its best live window.
        const int k = lines_->k();
        const bool exact_rule = pos_->spec().win_rule == WinRule::ExactlyK;
        int my_need = kMaxCells + 1, opp_need = kMaxCells + 1;
        Move threats[2] = {kNoMove, kNoMove};
        int threat_count = 0;
        for (int w = 0; w < lines_->count(); ++w) {
            const auto& c = counts_[w];
            if (c[opp] == 0) {
                my_need = std::min(my_need, k - c[me]);
                if (c[me] == k - 1) {
                    Move e = empty_cell_of(w);
                    if (playable(e) && (!exact_rule || pos_->completes_line(e, stone_of(pos_->side_to_move())))) {
                        if (ply == 0) root_best_ = e;
                        return win_score(cells, stones + 1);
                    }
                }
            }
            if (c[me] == 0) {
                opp_need = std::min(opp_need, k - c[opp]);
                if (c[opp] == k - 1 && threat_count < 2) {
                    Move e = empty_cell_of(w);
                    if (e != threats[0] && playable(e) &&
                        (!exact_rule || pos_->completes_line(e, stone_of(opponent(pos_->side_to_move())))))
                        threats[threat_count++] = e;
                }
            }
        }
        // Two cells where the opponent wins: we can block only one. (The root
        // still searches, to name a move.)
        if (threat_count == 2 && ply > 0) return -win_score(cells, stones + 2);
        if (threat_count >= 1) forced = threats[0];
        // A side that has no live window it can fill with the stones it has
        // left cannot win; one that can wins no sooner than that many moves.
        int my_moves_left = (empties + 1) / 2, opp_moves_left = empties / 2;
        upper = my_need <= my_moves_left ? win_score(cells, stones + 2 * my_need - 1) : kDrawScore;
        lower = opp_need <= opp_moves_left ? -win_score(cells, stones + 2 * opp_need) : kDrawScore;
        if (ply > 0) {
            if (lower >= upper) return lower;
            if (lower >= beta) return lower;
            if (upper <= alpha) return upper;
            alpha = std::max(alpha, lower);
            beta = std::min(beta, upper);
        }
    }
    if (depth == 0) return std::clamp(evaluate(), lower, upper);

    // The table: a stored result counts if it looked at least as deep.
    const int needed_depth = depth >= empties ? kFullDepth : std::min(depth, kFullDepth - 1);
    Move tt_move = kNoMove;
    if (table_) {
        ++stats_.tt_probes;
        TTData e;
        if (table_->probe(key, e)) {
            ++stats_.tt_hits;
            if (e.move != kNoMove) tt_move = symmetries_->unmap(symmetry, e.move);
            // Never cut at the root: it must search to name its best move.
            if (ply > 0 && e.depth >= needed_depth) {
                if (e.bound == Bound::Exact) {
                    ++stats_.tt_cutoffs;
                    return e.score;
                }
                if (e.bound == Bound::Lower) alpha = std::max(alpha, e.score);
                if (e.bound == Bound::Upper) beta = std::min(beta, e.score);
                if (alpha >= beta) {
                    ++stats_.tt_cutoffs;
                    return e.score;
                }
            }
        }
    }

    Move moves[kMaxCells];
    int n = 0;
    if (forced != kNoMove) {
        moves[n++] = forced;
    } else {
        n = pos_->legal_moves(moves);
        if (opt.use_pruning && dead_cells_apply_) {
            // A dead cell lies on no window either side can still fill, so a
            // stone there never takes part in a win: every dead cell is the
            // same move (a pass), and one of them stands for all.
            bool kept_dead = false;
            int kept = 0;
            for (int i = 0; i < n; ++i) {
                Move m = moves[i];
                bool live = false;
                for (const int* w = lines_->through_begin(m); w != lines_->through_end(m) && !live; ++w)
                    live = counts_[*w][0] == 0 || counts_[*w][1] == 0;
                if (!live) {
                    if (kept_dead) continue;
                    kept_dead = true;
                }
                moves[kept++] = m;
            }
            n = kept;
        }
        if (opt.use_ordering) order_moves(moves, n, tt_move, ply);
    }

    const Score alpha_start = alpha;
    Score best = -kInfinity;
    Move best_move = kNoMove;
    // In a parallel solve, near the root: moves another engine is searching
    // go last (`deferred`), so the engines spread over different subtrees.
    const bool shared = team_ && table_ && empties >= kSharedEmptyCells;
    BusyMark mark(shared ? team_ : nullptr, key);
    Move deferred[kMaxCells];
    int deferred_count = 0;
    for (int i = 0; i < n + deferred_count; ++i) {
        const bool first_pass = i < n;
        Move m = first_pass ? moves[i] : deferred[i - n];
        do_move(m);
        if (shared && first_pass && i > 0) {
            int child_symmetry = 0;
            if (team_->is_busy(table_key(child_symmetry))) {
                undo_move();
                deferred[deferred_count++] = m;
                continue;
            }
        }
        Score v = -negamax(depth - 1, -beta, -alpha, ply + 1);
        undo_move();
        if (stop_) return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (ply == 0) root_best_ = m;
        }
        if (v > alpha) alpha = v;
        if (alpha >= beta) {
            if (opt.use_ordering && forced == kNoMove) {
                history_[me][m] += static_cast<std::uint32_t>(std::min(empties, 30));
                if (killers_[ply][0] != m) {
                    killers_[ply][1] = killers_[ply][0];
                    killers_[ply][0] = m;
                }
            }
            break;
        }
    }

    if (table_) {
        Bound bound = best <= alpha_start ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
        // A fail-low names no best move; the table keeps any earlier one.
        Move stored = bound == Bound::Upper ? kNoMove : symmetries_->map(symmetry, best_move);
        ++stats_.tt_stores;
        if (table_->store(key, TTData{best, stored, static_cast<std::uint8_t>(needed_depth), bound}))
            ++stats_.tt_collisions;
    }
    return best;
}

// The exact value of the root: first win/draw/loss with a window around the
// draw, then (unless weak) the distance by null-window bisection. `lower` and
// `upper` get what is proven if a limit stops the search; returns the score.
Score SearchEngine::solve_exact(Score& lower, Score& upper) {
    const int cells = pos_->cells(), stones = pos_->stones();
    lower = -win_score(cells, stones + 2);
    upper = win_score(cells, stones + 1);
    Score v = negamax(kUnlimited, -1, 1, 0);
    if (stop_) return 0;
    if (v > -1 && v < 1) return lower = upper = v;
    if (v >= 1) lower = v; else upper = v;
    if (opt.weak) return v;
    while (lower < upper && !stop_) {
        Score mid = lower + (upper - lower + 1) / 2;
        Score r = negamax(kUnlimited, mid - 1, mid, 0);
        if (stop_) break;
        if (r >= mid) lower = r; else upper = r;
    }
    return lower;
}

// A principal variation that is correct by construction: at each step, the
// first move (in search order) whose child is verified to have the value the
// parent needs. With a weak result only the outcome class must match.
std::vector<Move> SearchEngine::proven_pv(Score score, Bound bound) {
    std::vector<Move> pv;
    bool exact = bound == Bound::Exact;
    Score target = score;
    while (!pos_->game_over() && !stop_) {
        Move moves[kMaxCells];
        int n = pos_->legal_moves(moves);
        int symmetry = 0;
        Move tt_move = kNoMove;
        TTData e;
        if (table_ && table_->probe(table_key(symmetry), e) && e.move != kNoMove)
            tt_move = symmetries_->unmap(symmetry, e.move);
        order_moves(moves, n, tt_move, 0);
        Move chosen = kNoMove;
        for (int i = 0; i < n && chosen == kNoMove; ++i) {
            do_move(moves[i]);
            Score want = -target;
            bool ok = false;
            if (exact) {
                ok = test(want - 1, want + 1) == want;
            } else {
                Score r = test(-1, 1);
                ok = is_win(want) ? r >= 1 : is_loss(want) ? r <= -1 : (r > -1 && r < 1);
            }
            undo_move();
            if (ok) chosen = moves[i];
        }
        if (chosen == kNoMove) break;  // only if a limit stopped the tests
        pv.push_back(chosen);
        do_move(chosen);
        target = -target;
    }
    for (std::size_t i = 0; i < pv.size(); ++i) undo_move();
    return pv;
}

// The line of stored best moves, for depth-limited results.
std::vector<Move> SearchEngine::table_pv(int max_length) {
    std::vector<Move> pv;
    if (root_best_ == kNoMove) return pv;
    pv.push_back(root_best_);
    do_move(root_best_);
    while (table_ && static_cast<int>(pv.size()) < max_length && !pos_->game_over()) {
        int symmetry = 0;
        TTData e;
        if (!table_->probe(table_key(symmetry), e) || e.move == kNoMove) break;
        Move m = symmetries_->unmap(symmetry, e.move);
        if (!pos_->is_legal(m)) break;
        pv.push_back(m);
        do_move(m);
    }
    for (std::size_t i = 0; i < pv.size(); ++i) undo_move();
    return pv;
}

SearchResult SearchEngine::run_negamax(bool want_pv) {
    SearchResult res;
    const int empties = empty_cells();
    const bool full = full_solve();
    const int target = full ? empties : opt.depth;
    // A team's table starts its new search in run_team, before the helpers run.
    if (table_ && !team_) table_->new_search();
    bool have_result = false;
    auto record = [&](Score v, int depth) {
        res.score = v;
        res.bound = Bound::Exact;
        res.best_move = root_best_;
        res.proven = depth >= empties || is_decisive(v);
        res.stats.depth_reached = depth;
        have_result = true;
    };
    // Iterative deepening: each depth fills the table with moves that order
    // the next, and a limit that stops the search leaves the last finished
    // depth as the answer. An unlimited exact solve skips it: the heuristic
    // iterations cost far more than their ordering saves (4,4,4: 358,782
    // nodes with them, 17,728 without; docs/PERFORMANCE.md).
    // A decisive score is final: no deeper search can change it.
    const bool limited = opt.node_limit != 0 || opt.time_ms != 0;
    int first = opt.iterative_deepening && (!full || limited) ? 1 : target;
    for (int d = first; d < target && !(have_result && res.proven); ++d) {
        current_depth_ = d;
        Score v = negamax(d, -kInfinity, kInfinity, 0);
        if (stop_) break;
        record(v, d);
    }
    if (!stop_ && !(have_result && res.proven)) {
        current_depth_ = target;
        if (full) {
            Score lower = 0, upper = 0;
            Score v = solve_exact(lower, upper);
            if (!stop_) {
                record(v, target);
                res.proven = true;
                res.bound = lower == upper ? Bound::Exact : lower == v ? Bound::Lower : Bound::Upper;
            } else if (lower > 0 || upper < 0) {
                // Stopped while measuring the distance: the outcome is known.
                record(lower > 0 ? lower : upper, target);
                res.proven = true;
                res.bound = lower > 0 ? Bound::Lower : Bound::Upper;
            }
        } else {
            Score v = negamax(target, -kInfinity, kInfinity, 0);
            if (!stop_) record(v, target);
        }
    }
    res.complete = !stop_;
    if (!have_result) res.bound = Bound::None;
    // The first of a team to finish ends the others' searches.
    if (team_ && res.complete) team_->done.store(true, std::memory_order_relaxed);
    if (want_pv && have_result) add_pv(res);
    return res;
}

// The line is extracted after the search and its nodes are not the search's:
// the statistics describe finding the value.
void SearchEngine::add_pv(SearchResult& res) {
    SearchStats search_stats = stats_;
    bool was_stopped = stop_;
    stop_ = false;
    if (res.proven && full_solve() && opt.node_limit == 0 && opt.time_ms == 0) {
        res.pv = proven_pv(res.score, res.bound);
    } else {
        res.pv = table_pv(std::max(1, res.stats.depth_reached));
    }
    stop_ = was_stopped;
    stats_ = search_stats;
    if (!res.pv.empty()) res.best_move = res.pv.front();
}

bool SearchEngine::parallel_solve_applies() const {
    return opt.threads > 1 && opt.algorithm == Algorithm::Negamax && table_ && opt.chained_buckets == 0 && full_solve();
}

// A parallel exact solve (Lazy SMP): helpers search copies of the position on
// the shared table, each in its own move order near the root, with no limit
// of their own; the first engine to finish stops the rest. The main engine
// keeps the limits, the stop flag and the progress reports; when a helper
// finished first, its value (proven like any other) is the answer. The line
// is extracted once the helpers have stopped.
SearchResult SearchEngine::run_team(bool want_pv) {
    table_->new_search();
    Team team;
    team_ = &team;
    SearchOptions helper_options = opt;
    helper_options.threads = 1;
    helper_options.node_limit = 0;
    helper_options.time_ms = 0;
    helper_options.stop = nullptr;
    helper_options.progress = nullptr;
    const int helper_count = opt.threads - 1;
    std::vector<std::unique_ptr<SearchEngine>> helpers;
    std::vector<SearchResult> helper_results(helper_count);
    SearchResult res;
    {
        std::vector<std::jthread> threads;
        for (int i = 0; i < helper_count; ++i) {
            helpers.push_back(std::make_unique<SearchEngine>(helper_options, table_, i + 1));
            helpers.back()->team_ = &team;
            threads.emplace_back([helper = helpers.back().get(), &result = helper_results[i], copy = *pos_]() mutable {
                result = helper->search(copy, false);
            });
        }
        res = run_negamax(false);
        team.done.store(true, std::memory_order_relaxed);
    }  // joins
    team_ = nullptr;
    for (int i = 0; i < helper_count; ++i) {
        stats_ += helpers[i]->stats_;
        const SearchResult& h = helper_results[i];
        if (!res.complete && h.complete && h.proven) {
            res.score = h.score;
            res.bound = h.bound;
            res.proven = true;
            res.complete = true;
            res.best_move = h.best_move;
            res.stats.depth_reached = h.stats.depth_reached;
            stop_ = false;
        }
    }
    if (want_pv && res.bound != Bound::None) add_pv(res);
    return res;
}

SearchResult SearchEngine::search(Position& pos, bool want_pv) {
    prepare(pos);
    SearchResult res;
    if (pos.game_over()) {
        res.score = terminal_score();
        res.bound = Bound::Exact;
        res.proven = true;
        return res;
    }
    const int empties = pos.cells() - pos.stones();
    const int depth = opt.depth < 0 ? kUnlimited : opt.depth;
    if (opt.algorithm == Algorithm::Negamax) {
        res = parallel_solve_applies() ? run_team(want_pv) : run_negamax(want_pv);
    } else {
        current_depth_ = std::min(depth, empties);
        Score v = opt.algorithm == Algorithm::Minimax
                      ? minimax(depth, kNoScore)
                      : alphabeta(depth, opt.weak ? -1 : -kInfinity, opt.weak ? 1 : kInfinity);
        res.complete = !stop_;
        if (res.complete) {
            res.score = v;
            res.bound = opt.weak && opt.algorithm == Algorithm::AlphaBeta && v != 0
                            ? (v > 0 ? Bound::Lower : Bound::Upper)
                            : Bound::Exact;
            res.proven = depth >= empties || (opt.stop_at_wins && is_decisive(v));
            res.best_move = root_best_;
            res.stats.depth_reached = current_depth_;
            if (root_best_ != kNoMove) res.pv = {root_best_};
        }
    }
    if (res.best_move == kNoMove) {
        // Depth 0, or a limit hit before the first iteration finished: a
        // player still needs a legal move, so take the one ordering ranks first.
        Move moves[kMaxCells];
        int n = pos.legal_moves(moves);
        order_moves(moves, n, kNoMove, 0);
        res.best_move = moves[0];
    }
    SearchStats work = stats_;
    work.depth_reached = res.stats.depth_reached;
    work.elapsed_s = seconds_since(start_);
    work.table_bytes = table_ ? table_->memory_bytes() : 0;  // the chained table grows
    res.stats = work;
    return res;
}

std::vector<MoveValue> SearchEngine::analyze(Position& pos, SearchStats* stats) {
    std::vector<MoveValue> values;
    SearchStats total;
    std::vector<Move> moves = pos.legal_moves();
    // The limits are for the whole analysis, as for a search of `pos`: the
    // depth counts the move itself, node and time budgets are shared evenly.
    const SearchOptions saved = opt;
    const auto share = [&](auto budget) {
        return budget == 0 || moves.empty() ? budget : std::max<decltype(budget)>(1, budget / moves.size());
    };
    if (opt.depth >= 0) opt.depth = std::max(0, opt.depth - 1);
    opt.node_limit = share(opt.node_limit);
    opt.time_ms = share(opt.time_ms);
    for (Move m : moves) {
        pos.play(m);
        SearchResult child = search(pos, false);
        pos.undo();
        total += child.stats;
        Bound flipped = child.bound == Bound::Lower   ? Bound::Upper
                        : child.bound == Bound::Upper ? Bound::Lower
                                                      : child.bound;
        values.push_back(MoveValue{m, -child.score, flipped, child.proven && child.complete});
    }
    opt = saved;
    if (stats) *stats = total;
    return values;
}

Searcher::Searcher(SearchOptions options) : engine_(std::make_unique<SearchEngine>(std::move(options))) {}
Searcher::~Searcher() = default;
Searcher::Searcher(Searcher&&) noexcept = default;
Searcher& Searcher::operator=(Searcher&&) noexcept = default;

const SearchOptions& Searcher::options() const { return engine_->opt; }

void Searcher::set_limits(int depth, std::uint64_t node_limit, int time_ms) {
    engine_->opt.depth = depth;
    engine_->opt.node_limit = node_limit;
    engine_->opt.time_ms = time_ms;
}

SearchResult Searcher::search(Position& pos) { return engine_->search(pos, true); }

std::vector<MoveValue> Searcher::analyze(Position& pos, SearchStats* stats) {
    return engine_->analyze(pos, stats);
}

void Searcher::clear() { engine_->clear(); }

}  // namespace kinrow::search
