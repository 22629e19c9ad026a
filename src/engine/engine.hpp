// The engine facade: one entry point for every game. Front ends (the `kinrow`
// commands, the Gomoku protocols, the web server, the Python module) ask it
// for the value of a position, the value of every legal move, or a move to
// play, and never pick or drive an engine themselves.
//
// Behind it sit kinrow's engines, each in its own layer and namespace: the
// generic exact search (search::Searcher), the Connect-k bitboard solver and
// its opening book (connect::), the Gomoku engine (gomoku::), the weighted
// tic-tac-toe search (weighted::) and the proof-number prover (prover::). One rule, choose_engine, picks the
// strongest for a game; a caller may name another (Options::engine).
//
// Every engine speaks the same result vocabulary: an Outcome for the side to
// move that is set only when proven, a Bound, the distance to the end when
// known, and the engine's own score on its own scale (say which in `text`).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"
#include "rules/game.hpp"
#include "rules/position.hpp"
#include "search/search.hpp"

namespace kinrow::engine {

enum class EngineKind : std::uint8_t { Generic, Connect, Gomoku, Weighted, Prover };

// "generic", "connect", "gomoku", "weighted", "prover".
const char* engine_name(EngineKind kind);
// The inverse; throws Error naming the accepted names.
EngineKind parse_engine(std::string_view name);

// The one dispatch rule: weighted games -> the weighted search; gravity games
// -> the Connect-k solver; five in a row on boards larger than 7x7 -> the
// Gomoku engine (exact search cannot finish there); other free games won by
// five or more in a row -> the prover; everything else -> the generic exact
// search.
EngineKind choose_engine(const GameSpec& spec);
// Throws Error when `kind` cannot play `spec` (e.g. the Connect-k solver on a
// free-placement board).
void check_engine_fits(EngineKind kind, const GameSpec& spec);

struct Limits {
    int depth = -1;           // plies; < 0: none
    std::uint64_t nodes = 0;  // 0: none
    int time_ms = 0;          // 0: none; a hard limit
    // The time a move should usually take (0: time_ms). The Gomoku engine
    // may spend up to twice it in unstable positions, never beyond time_ms;
    // the other engines use time_ms alone.
    int target_ms = 0;
};

// How far along a long search is; reported about once a second.
struct Progress {
    int depth = 0;
    std::uint64_t nodes = 0;
    double elapsed_s = 0;
    std::string detail;  // what else the engine can say (the prover: root pn/dn, table fill)
};

struct Options {
    std::optional<EngineKind> engine;  // none: choose_engine's pick
    Limits limits;
    std::size_t tt_mb = 64;
    bool weak = false;  // win/draw/loss only, no distances
    // The generic search's algorithm and enhancement switches (for comparing
    // them); its limits and table size come from the fields above.
    search::SearchOptions generic;
    // Connect-k: the textbook chained dictionary instead of the fixed tables
    // (0: off), threads sharing the table in solve (1: deterministic).
    std::size_t chained_buckets = 0;
    int threads = 1;
    // Connect-k opening book: a file, or the game's own (data/<game>.book)
    // when `book` is empty and use_book is set.
    std::string book;
    bool use_book = true;
    // Gomoku: the time a search gets when no limit is given; the threat
    // searches at the root (on; `kinrow match` switches them off to measure them).
    int gomoku_default_time_ms = 3000;
    bool gomoku_root_vcf = true;
    bool gomoku_root_vct = true;
    // The Gomoku turn measured in nodes (gomoku::SearchLimits::turn_nodes; 0: none).
    std::uint64_t gomoku_turn_nodes = 0;
    // Weighted: the search depth when none is given (the course default).
    int weighted_default_depth = 4;
    // Prover: write the proof tree here (empty: none); resume from and save
    // to this checkpoint (empty: none).
    std::string proof_path;
    std::string checkpoint_path;
    std::function<void(const Progress&)> progress;
    // Set *stop to true from another thread to end a search soon (a client
    // that went away, a Ctrl-C): the generic and Gomoku engines return what
    // they have (Analysis::complete false); the Connect-k solver, which has
    // nothing partial to return, throws Stopped. The weighted search (small
    // boards only) does not look at it.
    const std::atomic<bool>* stop = nullptr;
    // Called with each better move the engine finds while it searches (the
    // Gomoku engine; protocols that may answer early write it at once).
    std::function<void(Move)> on_best_move;
};

// Thrown by an engine that was stopped through Options::stop with no answer.
struct Stopped : Error {
    Stopped() : Error("the search was stopped before it had an answer") {}
};

struct Value {
    Outcome outcome = Outcome::Unknown;  // for the side to move; set only when proven
    bool proven = false;
    Bound bound = Bound::None;  // None: no value (a limit stopped the search first)
    int plies = -1;             // plies until the game ends, when known
    long long score = 0;        // the engine's own scale, for the side to move
    std::string text;           // "X wins in 3 moves (5 plies)", "draw", "eval +120 (heuristic)"
};

struct Stats {
    std::uint64_t nodes = 0;
    double seconds = 0;
    int depth = 0;  // deepest completed iteration, where the engine deepens
    std::uint64_t tt_probes = 0, tt_hits = 0, tt_cutoffs = 0, tt_stores = 0, tt_collisions = 0;
    std::size_t table_bytes = 0;
    bool from_book = false;
    std::string note;  // where the answer came from, when not a plain search
    double nps() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0; }
    double hit_rate() const {
        return tt_probes ? static_cast<double>(tt_hits) / static_cast<double>(tt_probes) : 0;
    }
};

// The value of a position, its best move and principal variation.
struct Analysis {
    EngineKind engine = EngineKind::Generic;
    Value value;
    Move best_move = kNoMove;  // kNoMove only when the game is over
    std::vector<Move> pv;      // starts with best_move
    bool complete = true;      // false: a limit stopped the search
    Stats stats;
};

struct MoveValue {
    Move move = kNoMove;
    Value value;  // for the side that plays the move
};

// The value of every legal move (board order). Moves an engine did not
// search (the Gomoku engine looks only near the stones) have Bound::None.
struct MoveAnalysis {
    EngineKind engine = EngineKind::Generic;
    std::vector<MoveValue> moves;
    Stats stats;
};

class Engine {
public:
    virtual ~Engine() = default;
    virtual EngineKind kind() const = 0;
    // The value of `pos` for the side to move, a best move and a line.
    virtual Analysis solve(const Position& pos) = 0;
    // The value of every legal move of `pos`.
    virtual MoveAnalysis analyze(const Position& pos) = 0;
    // The move to play, as fast as the engine can choose it well (from a
    // book, under the time limit); its value as far as it is known.
    virtual Analysis choose_move(const Position& pos) { return solve(pos); }
    // Changes the limits between searches, keeping the tables (a protocol's
    // per-move budget). Throws Error where make_engine would have.
    virtual void set_limits(const Limits& limits) = 0;
    // Changes the search threads between searches, keeping the tables (a
    // protocol's INFO thread_num, which comes after the table is made: a new
    // engine would cost the first move the table's allocation). Only the
    // Gomoku engine can; the others throw Error (their threads are fixed
    // when they are made).
    virtual void set_threads(int threads);
    // Forgets what earlier searches learned (a new game).
    virtual void clear() = 0;
};

// The engine for `spec` under `options` (options.engine, else choose_engine).
// Throws Error for an engine that cannot play the game, or unusable options.
std::unique_ptr<Engine> make_engine(const GameSpec& spec, const Options& options);

}  // namespace kinrow::engine
