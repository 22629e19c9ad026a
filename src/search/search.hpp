// The exact search core: minimax, alpha-beta and negamax with a transposition
// table, over any k-in-a-row game that Position models.
//
// Scores are for the side to move and are properties of the position, never of
// the search that found them: a win is scored by how few stones are on the
// board when it happens (a faster win scores higher, a slower loss scores
// higher), so table entries stay valid across depths, windows and moves of a
// game. Depth-limited searches score unfinished boards with a line-count
// heuristic that stays strictly between the largest loss and the smallest win.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.hpp"

namespace kinrow::search {

using Score = int;

// Every win or loss is at least kWinBase away from 0; heuristic values are
// strictly smaller in magnitude, so a proven result always dominates a guess.
inline constexpr Score kWinBase = 1'000'000;
inline constexpr Score kInfinity = 2'000'000;
inline constexpr Score kDrawScore = 0;

// The score of the side that completes a line when `stones_at_win` stones are
// on the board (the winning stone included) of a board with `cells` cells.
constexpr Score win_score(int cells, int stones_at_win) { return kWinBase + cells + 1 - stones_at_win; }
constexpr bool is_win(Score s) { return s >= kWinBase; }
constexpr bool is_loss(Score s) { return s <= -kWinBase; }
constexpr bool is_decisive(Score s) { return is_win(s) || is_loss(s); }
// For a decisive score: stones on the board when the game ends.
constexpr int stones_at_end(int cells, Score s) { return kWinBase + cells + 1 - (s < 0 ? -s : s); }

enum class Algorithm : std::uint8_t {
    Minimax,    // the teaching baseline: every move, no pruning
    AlphaBeta,  // minimax with alpha-beta cut-offs, board order, nothing else
    Negamax,    // the engine: alpha-beta + table + ordering + symmetry + game knowledge
};
// "minimax" | "alphabeta" | "negamax"; throws Error on anything else.
Algorithm parse_algorithm(const std::string& name);
const char* algorithm_name(Algorithm a);

// Reported about once a second during long searches.
struct SearchProgress {
    int depth = 0;  // current iteration (or the remaining empty cells for a full solve)
    std::uint64_t nodes = 0;
    double elapsed_s = 0;
    double nps = 0;
};

struct SearchOptions {
    Algorithm algorithm = Algorithm::Negamax;
    // Minimax only: false searches on past wins to the full board (the
    // "full game tree" of the tic-tac-toe statistics).
    bool stop_at_wins = true;
    // Negamax enhancements, each switchable so they can be compared.
    bool use_tt = true;
    std::size_t tt_mb = 64;           // fixed-memory table size
    std::size_t chained_buckets = 0;  // > 0: the textbook chained dictionary instead
    bool use_symmetry = true;         // canonical keys under the board's symmetry group
    bool use_ordering = true;         // table move, threats, history, centre first
    // Game knowledge: win now, block the opponent's only winning cell, bounds
    // from the lines still winnable, one representative among dead cells.
    bool use_pruning = true;
    // Deepen one ply at a time: for depth-limited searches, and for solves
    // under a node or time limit (so a stopped solve still has an answer).
    bool iterative_deepening = true;
    // Win/draw/loss only: a null window around the draw, no distances.
    bool weak = false;
    // Threads of an exact solve (depth unlimited) on the fixed table: helpers
    // search the same position in other orders and share what they prove
    // through the table; the first to finish answers. 1: one thread, and
    // node counts that repeat exactly.
    int threads = 1;
    // Limits. depth < 0: none (an exact solve). 0 means none for nodes / time.
    int depth = -1;
    std::uint64_t node_limit = 0;
    int time_ms = 0;
    std::function<void(const SearchProgress&)> progress;
    // Set to true from another thread to stop the search soon, as a limit
    // would (a front end whose client went away, a Ctrl-C).
    const std::atomic<bool>* stop = nullptr;
};

struct SearchStats {
    std::uint64_t nodes = 0;  // calls of the search function, root included
    std::uint64_t tt_probes = 0;
    std::uint64_t tt_hits = 0;        // probes that found the position
    std::uint64_t tt_cutoffs = 0;     // hits whose bound settled the node
    std::uint64_t tt_stores = 0;
    std::uint64_t tt_collisions = 0;  // stores that evicted another position / landed in a used bucket
    int depth_reached = 0;            // deepest completed iteration (plies)
    double elapsed_s = 0;
    std::size_t table_bytes = 0;
    double nps() const { return elapsed_s > 0 ? static_cast<double>(nodes) / elapsed_s : 0; }
    SearchStats& operator+=(const SearchStats& o);
};

struct SearchResult {
    Score score = 0;       // for the side to move
    Bound bound = Bound::None;  // Exact unless a limit cut the search short
    bool proven = false;   // the score is the game-theoretic value (no heuristic involved)
    bool complete = true;  // false if a node / time limit stopped the search
    // Always a legal move unless the game is over (with depth 0 or a limit
    // that struck first: the move ordering ranks first).
    Move best_move = kNoMove;
    std::vector<Move> pv;  // starts with best_move when the search produced one
    SearchStats stats;
};

struct MoveValue {
    Move move = kNoMove;
    Score score = 0;  // for the side that plays `move`
    Bound bound = Bound::None;
    bool proven = false;
};

class SearchEngine;  // the implementation, in search.cpp

// Owns the transposition table. The table persists across search() calls, so
// the positions of one game get cheaper move by move; clear() forgets it.
class Searcher {
public:
    // Throws Error if the options are unusable (e.g. a table larger than memory).
    explicit Searcher(SearchOptions options = {});
    ~Searcher();
    Searcher(Searcher&&) noexcept;
    Searcher& operator=(Searcher&&) noexcept;

    const SearchOptions& options() const;
    // Changes the limits and callbacks between searches (the table is kept).
    void set_limits(int depth, std::uint64_t node_limit, int time_ms);

    // Searches `pos` for the side to move; `pos` is restored on return. A
    // finished game returns its result with no best move.
    SearchResult search(Position& pos);
    // The value of every legal move (for the side playing it), board order.
    // Limits cover the whole analysis: the depth includes the move itself,
    // node and time budgets are split evenly between the moves.
    std::vector<MoveValue> analyze(Position& pos, SearchStats* stats = nullptr);
    void clear();

private:
    std::unique_ptr<SearchEngine> engine_;
};

// "X wins in 3 moves (5 plies)", "draw", "O wins in 1 move (1 ply)"; "X wins"
// when only a bound is known (a --weak solve); for a heuristic score "X is
// better (+120, heuristic)", the figure from the better side's view. `pos` is
// the position the score belongs to: its side to move is the score's owner.
std::string describe_score(const Position& pos, Score score, Bound bound, bool proven);
// Win, draw or loss for the side to move; Unknown if not proven.
Outcome outcome_of(Score score, bool proven);
// Plies from `pos` until the game ends at a decisive score.
int plies_to_end(const Position& pos, Score score);

}  // namespace kinrow::search
