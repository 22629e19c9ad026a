// `kinrow solve` and `kinrow analyze`: parse the request, ask the facade, print
// its answer (text, or the JSON every front end shares).
#include <cstdio>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "report/report.hpp"

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
    cmd.add_option("--threads", r.threads, "Search threads sharing the table (Connect-k, generic exact solves, prover, Gomoku; 1: deterministic)")
        ->check(CLI::Range(1, 64));
    cmd.add_option("--engine", r.engine,
                   "The engine to ask: generic, connect, gomoku, weighted or prover (default: the strongest for the game)")
        ->check(CLI::IsMember({"generic", "connect", "gomoku", "weighted", "prover"}));
    cmd.add_flag("--generic", r.generic, "Short for --engine generic (e.g. the generic search on a gravity game)");
    auto* book = cmd.add_option("--book", r.book,
                                "Gravity games: answer from this opening book where it reaches (made by kinrow book)");
    cmd.add_flag("--no-book", r.no_book, "Gravity games: do not use the game's opening book")->excludes(book);
}

engine::Options request_options(const SolveRequest& r) {
    engine::Options o;
    search::SearchOptions& g = o.generic;
    g.algorithm = search::parse_algorithm(r.algorithm);
    if (r.full_tree && g.algorithm != search::Algorithm::Minimax)
        throw Error("--full-tree applies to --algorithm minimax only");
    if (r.chained_buckets > 0 && (!r.use_tt || g.algorithm != search::Algorithm::Negamax))
        throw Error("--chained is a transposition table: it needs --algorithm negamax and no --no-tt");
    g.stop_at_wins = !r.full_tree;
    g.use_tt = r.use_tt;
    g.chained_buckets = r.chained_buckets;
    g.use_symmetry = r.use_symmetry;
    g.use_ordering = r.use_ordering;
    g.use_pruning = r.use_pruning;
    g.iterative_deepening = r.iterative_deepening;
    o.limits = {r.depth, r.node_limit, r.time_ms};
    o.tt_mb = r.tt_mb;
    o.weak = r.weak;
    o.chained_buckets = r.chained_buckets;
    o.threads = r.threads;
    o.book = r.book;
    o.use_book = !r.no_book;
    o.proof_path = r.proof_path;
    o.checkpoint_path = r.checkpoint_path;
    if (r.generic && !r.engine.empty() && r.engine != "generic")
        throw Error("--generic and --engine " + r.engine + " name two engines");
    if (r.generic) o.engine = engine::EngineKind::Generic;
    if (!r.engine.empty()) o.engine = engine::parse_engine(r.engine);
    if (!r.proof_path.empty() && o.engine != engine::EngineKind::Prover)
        throw Error("--proof belongs to the prover (--engine prover)");
    if (!r.checkpoint_path.empty() && o.engine != engine::EngineKind::Prover && !r.distributed.enabled)
        throw Error("--checkpoint belongs to the prover (--engine prover) and to --distributed runs");
    // One line a second on stderr, so long searches show they are alive.
    o.progress = [](const engine::Progress& p) {
        fmt::print(stderr, "info depth {} nodes {} nps {:.0f} time {:.1f}s{}{}\n", p.depth, p.nodes,
                   p.elapsed_s > 0 ? static_cast<double>(p.nodes) / p.elapsed_s : 0.0, p.elapsed_s,
                   p.detail.empty() ? "" : " ", p.detail);
        std::fflush(stderr);
    };
    return o;
}

// Books belong to the Connect-k solver.
void check_book_request(const engine::Options& o, const GameSpec& spec) {
    if (!o.book.empty() && o.engine.value_or(engine::choose_engine(spec)) != engine::EngineKind::Connect)
        throw Error("--book works with the Connect-k solver of gravity games (not with --generic)");
}

// Loads the position, asks the facade's engine `question`, prints the answer.
template <class Answer>
void ask_and_print(const SolveRequest& r, const GameSpec& spec, const engine::Options& o,
                   Answer (engine::Engine::*question)(const Position&),
                   nlohmann::json (*as_json)(const Position&, const Answer&),
                   std::string (*as_text)(const Position&, const Answer&)) {
    Position pos = load_position(r.position);
    auto engine = engine::make_engine(spec, o);
    Answer answer = ((*engine).*question)(pos);
    if (r.json)
        fmt::print("{}\n", as_json(pos, answer).dump(2));
    else
        fmt::print("{}", as_text(pos, answer));
}

void run_solve(const SolveRequest& r) {
    if (r.distributed.enabled) return solve_distributed(r);
    GameSpec spec = parse_game(r.position.game);
    if (r.batch && !spec.gravity()) throw Error("--batch works on gravity games only");
    if (r.vcf || r.vct) return solve_gomoku_threats(r);
    engine::Options o = engine_options(r);
    check_book_request(o, spec);
    // solve is the benchmark against Pons's solver, which has no book: it
    // reads one only when told to.
    o.use_book = false;
    if (r.batch) {
        if (!r.book.empty())
            throw Error("--book does not go with --batch (the batch is the benchmark against Pons's solver, "
                        "which has no book)");
        if (!r.position.moves.empty() || !r.position.board.empty() || r.position.id)
            throw Error("--batch reads positions from standard input; drop --moves/--board/--id");
        return solve_connect_batch(r, o);
    }
    if (r.time_ms && o.engine.value_or(engine::choose_engine(spec)) == engine::EngineKind::Connect)
        throw Error("--time-ms: the Connect-k solver always solves exactly (use --engine generic for a "
                    "limited search)");
    ask_and_print(r, spec, o, &engine::Engine::solve, report::analysis_json, report::analysis_text);
}

void run_analyze(const SolveRequest& r) {
    GameSpec spec = parse_game(r.position.game);
    engine::Options o = engine_options(r);
    check_book_request(o, spec);
    ask_and_print(r, spec, o, &engine::Engine::analyze, report::move_analysis_json, report::move_analysis_text);
}

}  // namespace

engine::Options engine_options(const SolveRequest& request) { return request_options(request); }

void add_solve_commands(CLI::App& app) {
    auto solve_request = std::make_shared<SolveRequest>();
    auto* solve = app.add_subcommand(
        "solve", "Exact value of a position for the side to move, best move, principal variation");
    add_request_options(*solve, *solve_request);
    solve->add_flag("--batch", solve_request->batch,
                    "Gravity games: read positions (column digits) from standard input, one per line; "
                    "print 'position score nodes microseconds'");
    auto* vcf = solve->add_flag("--vcf", solve_request->vcf,
                                "Gomoku: threat-space search for a victory by continuous fours");
    solve->add_flag("--vct", solve_request->vct,
                    "Gomoku: threat-space search for a victory by continuous threats (fours and threes)")
        ->excludes(vcf);
    solve->add_option("--proof", solve_request->proof_path,
                      "Prover: write the proof tree to FILE (check it with kinrow verify FILE)");
    solve->add_option("--checkpoint", solve_request->checkpoint_path,
                      "Prover and --distributed: resume from FILE if it exists; save the search there");
    add_distributed_options(*solve, solve_request->distributed);
    solve->callback([solve_request] { run_solve(*solve_request); });

    auto analyze_request = std::make_shared<SolveRequest>();
    auto* analyze =
        app.add_subcommand("analyze", "The value of every legal move, drawn on the board grid");
    add_request_options(*analyze, *analyze_request);
    analyze->callback([analyze_request] { run_analyze(*analyze_request); });
}

}  // namespace kinrow
