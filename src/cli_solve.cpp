// `kinrow solve` and `kinrow analyze`: parse the request, pick the engine.
#include <fmt/format.h>

#include "cli.hpp"
#include "error.hpp"

namespace kinrow {

namespace {

void add_request_options(CLI::App& cmd, SolveRequest& r) {
    add_position_options(cmd, r.position);
    cmd.add_flag("--json", r.json, "Print the result as JSON");
    cmd.add_option("--depth", r.depth, "Depth limit in plies (a depth-limited search)")
        ->check(integer_at_least(0));
    cmd.add_option("--nodes", r.node_limit, "Node limit (0 = none)")->check(integer_at_least(0));
    cmd.add_option("--time-ms", r.time_ms, "Time limit in milliseconds (0 = none)")
        ->check(integer_at_least(0));
    cmd.add_option("--tt-mb", r.tt_mb, "Transposition table size in MiB")
        ->check(table_megabytes());
    cmd.add_option("--chained", r.chained_buckets,
                   "Use the textbook chained dictionary with this many buckets instead")
        ->check(integer_at_least(1));
    cmd.add_option("--algorithm", r.algorithm, "minimax | alphabeta | negamax")
        ->check(CLI::IsMember({"minimax", "alphabeta", "negamax"}));
    cmd.add_flag("--full-tree", r.full_tree, "Minimax: search on past wins (the full game tree)");
    cmd.add_flag("!--no-tt", r.use_tt, "Disable the transposition table");
    cmd.add_flag("!--no-symmetry", r.use_symmetry, "Disable symmetry reduction");
    cmd.add_flag("!--no-ordering", r.use_ordering, "Disable move ordering");
    cmd.add_flag("!--no-pruning", r.use_pruning,
                 "Disable game-knowledge pruning (win now, forced blocks, live-line bounds, dead cells)");
    cmd.add_flag("!--no-id", r.iterative_deepening, "Disable iterative deepening");
    cmd.add_flag("--weak", r.weak, "Win/draw/loss only (faster than exact distances)");
    cmd.add_option("--threads", r.threads, "Connect-k: search threads sharing the table")
        ->check(CLI::Range(1, 64));
    cmd.add_flag("--generic", r.generic, "Gravity games: use the generic engine, not the bitboard solver");
    auto* book = cmd.add_option("--book", r.book,
                                "Gravity games: answer from this opening book where it reaches (made by kinrow book)");
    cmd.add_flag("--no-book", r.no_book, "Gravity games: do not use the game's opening book")->excludes(book);
}

// Books belong to the Connect-k solver.
void check_book_request(const SolveRequest& r, const GameSpec& spec) {
    if (!r.book.empty() && (!spec.gravity() || r.generic))
        throw Error("--book works with the Connect-k solver of gravity games (not with --generic)");
}

}  // namespace

void add_solve_commands(CLI::App& app) {
    auto solve_request = std::make_shared<SolveRequest>();
    auto* solve = app.add_subcommand(
        "solve", "Exact value of a position for the side to move, best move, principal variation");
    add_request_options(*solve, *solve_request);
    // solve is the benchmark against Pons's solver, which has no book: it
    // reads one only when told to.
    solve->add_flag("--batch", solve_request->batch,
                    "Gravity games: read positions (column digits) from standard input, one per line; "
                    "print 'position score nodes microseconds'");
    solve->add_flag("--vcf", solve_request->vcf,
                    "Gomoku: threat-space search for a victory by continuous fours");
    solve->add_option("--engine", solve_request->engine,
                      "Force an engine: generic | connect | gomoku | weighted | prover")
        ->check(CLI::IsMember({"generic", "connect", "gomoku", "weighted", "prover"}));
    solve->add_option("--proof", solve_request->proof_path,
                      "Prover: write the proof tree to FILE (check it with kinrow verify FILE)");
    solve->add_option("--checkpoint", solve_request->checkpoint_path,
                      "Prover: resume from FILE if it exists; save the search there when a limit stops it");
    solve->callback([solve_request] {
        const SolveRequest& r = *solve_request;
        if (r.engine == "prover") return solve_prover(r);
        if ((!r.proof_path.empty() || !r.checkpoint_path.empty()))
            throw Error("--proof and --checkpoint belong to the prover (--engine prover)");
        GameSpec spec = parse_game(r.position.game);
        if (r.batch && !spec.gravity()) throw Error("--batch works on gravity games only");
        check_book_request(r, spec);
        // --engine forces a backend; the prover's dispatch is above.
        if (r.engine == "weighted") throw Error("weighted games have their own command: kinrow weighted");
        if (r.engine == "connect" && !spec.gravity())
            throw Error("--engine connect solves gravity games (connect:W,H,K, connect4)");
        if (r.vcf || r.engine == "gomoku") return solve_gomoku(r);
        if (spec.gravity() && !r.generic && r.engine != "generic") return solve_connect(r);
        solve_generic(r);
    });

    auto analyze_request = std::make_shared<SolveRequest>();
    auto* analyze =
        app.add_subcommand("analyze", "The value of every legal move, drawn on the board grid");
    add_request_options(*analyze, *analyze_request);
    analyze->callback([analyze_request] {
        const SolveRequest& r = *analyze_request;
        GameSpec spec = parse_game(r.position.game);
        check_book_request(r, spec);
        if (spec.gravity() && !r.generic) return analyze_connect(r);
        analyze_generic(r);
    });
}

}  // namespace kinrow
