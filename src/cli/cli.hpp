// Shared pieces of the command-line front end. Each subcommand lives in its
// own cli_*.cpp and registers itself through an add_*_command function listed
// in main_kinrow.cpp; the front end only parses text and prints results.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "connect/configured_solver.hpp"
#include "distributed/run_options.hpp"
#include "engine/engine.hpp"
#include "rules/position.hpp"

namespace kinrow {

// A game plus one of --moves / --board / --id; none means the empty board.
struct PositionArgs {
    std::string game;
    std::string moves;
    std::string board;
    std::optional<std::uint64_t> id;
};

// Adds the positional GAME argument and the three position options.
void add_position_options(CLI::App& cmd, PositionArgs& args);
// A validator for counts and limits: "--depth: must be an integer >= 0, got '-1'".
CLI::Validator integer_at_least(long long minimum);
// A table size in MiB: at least 1 and at most the machine's physical memory.
CLI::Validator table_megabytes();

// Parses the game and position; throws Error on bad input.
Position load_position(const PositionArgs& args);

// `kinrow solve --distributed`: job-level proof-number search over MPI ranks
// (src/distributed/, docs/distributed.md).
struct DistributedRequest {
    bool enabled = false;
    // The options go straight into `run`, but for the time budget (ms on the
    // command line). No budget given: 100,000 nodes (generic), 1 s (Connect-k).
    double job_ms = 0;
    distributed::RunOptions run;
};

// Everything `kinrow solve` and `kinrow analyze` accept. One request type for
// every engine: each backend reads the fields that apply to it and documents
// which ones those are.
struct SolveRequest {
    PositionArgs position;
    bool json = false;
    // Limits: depth < 0 means none; nodes / time 0 mean none.
    int depth = -1;
    std::uint64_t node_limit = 0;
    int time_ms = 0;
    // Transposition table: fixed-memory size, or the textbook chained
    // dictionary with this many buckets (0 = use the fixed-memory table).
    std::size_t tt_mb = 64;
    std::size_t chained_buckets = 0;
    // Algorithm and enhancements, each switchable so users can compare them.
    std::string algorithm = "negamax";  // minimax | alphabeta | negamax
    bool full_tree = false;             // minimax: do not stop at wins
    bool use_tt = true;
    bool use_symmetry = true;
    bool use_ordering = true;
    bool use_pruning = true;  // win now, forced blocks, live-line bounds, dead cells
    bool iterative_deepening = true;
    bool weak = false;  // win/draw/loss only, no distance
    // Connect-k: threads sharing one table (1 = deterministic node counts).
    int threads = 1;
    // Connect-k: read positions from standard input, one per line.
    bool batch = false;
    // Gomoku: threat-space search (victory by continuous fours, or threats).
    bool vcf = false;
    bool vct = false;
    // The engine to ask (engine::parse_engine names); empty: the facade's
    // choice. --generic is short for --engine generic.
    std::string engine;
    bool generic = false;
    // Gravity games: an opening book file (analyze also finds the game's book
    // in the data directory by itself, unless no_book).
    std::string book;
    bool no_book = false;
    // Prover: write the proof here; resume from / save to this checkpoint.
    std::string proof_path;
    std::string checkpoint_path;
    DistributedRequest distributed;  // solve only
};

// The facade's options for a request: limits, table, switches, engine.
// Throws Error on combinations no engine accepts.
engine::Options engine_options(const SolveRequest& request);

// Pons-style batch solving of gravity games (the facade's batch: a benchmark
// of the Connect-k solver), and Gomoku VCF and VCT puzzles, which drive the threat
// search directly rather than ask the facade.
void solve_connect_batch(const SolveRequest& request, const engine::Options& options);
void solve_gomoku_threats(const SolveRequest& request);
// `solve --distributed`: the options, and the run on every MPI rank (rank 0
// prints the answer). Without MPI in the build, --distributed is an error.
void add_distributed_options(CLI::App& solve, DistributedRequest& request);
void solve_distributed(const SolveRequest& request);

// Subcommands. Each adds itself to the app with its options and callback.
void add_solve_commands(CLI::App& app);  // solve and analyze
void add_count_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_weighted_commands(CLI::App& app);      // weighted, id and tree
void add_connect_bench_command(CLI::App& app);  // bench-connect
void add_book_command(CLI::App& app);           // book (Connect-k opening books)
void add_gomoku_commands(CLI::App& app);        // arena, gomocup, match
void add_tune_gomoku_command(CLI::App& app);    // tune-gomoku (the evaluation's weights)
void add_serve_command(CLI::App& app);          // serve (the web page)
void add_verify_command(CLI::App& app);         // verify (prover proof files)

// The course program's `-ab` after the `weighted` subcommand, which CLI11
// cannot parse (single dash, two letters), becomes `--alphabeta` in place.
// Call before app.parse(argc, argv).
void adopt_course_spellings(int argc, char** argv);

}  // namespace kinrow
