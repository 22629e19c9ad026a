// The engine facade's three questions, each a function: solve (the value of
// a position), analyze (the value of every move), best_move (a move to play);
// and solve_batch, many Connect-k positions on one table. Every search runs
// without the GIL and stops on Ctrl-C (interrupt.hpp).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/connect_batch.hpp"
#include "engine/engine.hpp"
#include "python/bindings.hpp"
#include "python/interrupt.hpp"
#include "report/report.hpp"
#include "rules/outcome.hpp"

namespace py = pybind11;

namespace kinrow::python {

namespace {

// The keyword arguments of a search, checked as the command line checks its options.
struct SearchArgs {
    long long time_ms = 0;
    std::optional<int> depth;
    long long nodes = 0;
    bool weak = false;
    int threads = 1;
    long long tt_mb = 64;
    std::optional<std::string> engine;
    bool book = false;
};

engine::Options options_of(const SearchArgs& a) {
    if (a.time_ms < 0 || a.time_ms > std::numeric_limits<int>::max())
        throw Error(fmt::format("time_ms {} is not in 0..{}", a.time_ms, std::numeric_limits<int>::max()));
    if (a.depth && *a.depth < 0) throw Error(fmt::format("depth {} is negative", *a.depth));
    if (a.nodes < 0) throw Error(fmt::format("nodes {} is negative", a.nodes));
    if (a.threads < 1 || a.threads > 64) throw Error(fmt::format("threads {} is not in 1..64", a.threads));
    if (a.tt_mb < 1) throw Error(fmt::format("tt_mb {} is not a table size (at least 1 MiB)", a.tt_mb));
    // A table the memory cannot hold may still be granted (overcommit) and
    // then kill the process when it is written: refuse it, as the command line does.
    const long long physical_mb = sysconf(_SC_PHYS_PAGES) / (1024 * 1024 / sysconf(_SC_PAGESIZE));
    if (a.tt_mb > physical_mb)
        throw Error(fmt::format("table size {} MiB is larger than this machine's memory ({} MiB)", a.tt_mb,
                                physical_mb));
    engine::Options o;
    o.limits = {a.depth.value_or(-1), static_cast<std::uint64_t>(a.nodes), static_cast<int>(a.time_ms)};
    o.weak = a.weak;
    o.threads = a.threads;
    o.tt_mb = static_cast<std::size_t>(a.tt_mb);
    if (a.engine) o.engine = engine::parse_engine(*a.engine);
    o.use_book = a.book;
    return o;
}

engine::EngineKind engine_for(const GameSpec& spec, const engine::Options& o) {
    return o.engine.value_or(engine::choose_engine(spec));
}

// The answer of solve: the position it belongs to, for the moves' actions and text.
struct SolveResult {
    Position position;
    engine::Analysis analysis;
};

struct MoveResult {
    int action;
    std::string move;
    engine::Value value;
};

struct AnalyzeResult {
    std::string engine;
    std::vector<MoveResult> moves;
    engine::Stats stats;
};

struct BatchResult {
    py::array_t<std::int32_t> scores;
    py::array_t<std::uint64_t> nodes;
    py::array_t<double> seconds;
};

// The value's fields as properties of a result class; `value_of` finds the value in it.
template <class Result, class ValueOf>
void def_value_properties(py::class_<Result>& c, ValueOf value_of) {
    c.def_property_readonly(
         "value",
         [value_of](const Result& r) -> std::optional<int> {
             const engine::Value& v = value_of(r);
             if (!v.proven) return std::nullopt;
             return v.outcome == Outcome::Win ? 1 : v.outcome == Outcome::Loss ? -1 : 0;
         },
         "1 win, 0 draw, -1 loss for the side to move, when proven; else None.")
        .def_property_readonly(
            "outcome", [value_of](const Result& r) { return outcome_word(value_of(r).outcome); },
            "'win', 'draw', 'loss' (proven) or 'unknown'.")
        .def_property_readonly(
            "distance",
            [value_of](const Result& r) -> std::optional<int> {
                int plies = value_of(r).plies;
                return plies >= 0 ? std::optional<int>(plies) : std::nullopt;
            },
            "Plies to the end of the game with best play, when known.")
        .def_property_readonly(
            "score", [value_of](const Result& r) { return value_of(r).score; },
            "The engine's own score for the side to move (Connect-k: Pons's convention).")
        .def_property_readonly(
            "bound", [value_of](const Result& r) { return report::bound_name(value_of(r).bound); },
            "'exact', 'lower', 'upper', or 'none' (a limit stopped the search first).")
        .def_property_readonly("proven", [value_of](const Result& r) { return value_of(r).proven; })
        .def_property_readonly(
            "label", [value_of](const Result& r) { return report::value_label(value_of(r)); },
            "Short: W5 (wins, the game over in 5 plies), L4, D, +120 (heuristic), ? (unknown).")
        .def_property_readonly("text", [value_of](const Result& r) { return value_of(r).text; });
}

std::vector<int> actions_of(const Position& pos, const std::vector<Move>& line) {
    std::vector<int> actions;
    for (Move m : line) actions.push_back(to_action(pos, m));
    return actions;
}

void bind_results(py::module_& m) {
    py::class_<engine::Stats>(m, "Stats", "What a search did.")
        .def_readonly("nodes", &engine::Stats::nodes)
        .def_readonly("seconds", &engine::Stats::seconds)
        .def_readonly("depth", &engine::Stats::depth, "The deepest completed iteration, where the engine deepens.")
        .def_readonly("tt_probes", &engine::Stats::tt_probes)
        .def_readonly("tt_hits", &engine::Stats::tt_hits)
        .def_readonly("tt_cutoffs", &engine::Stats::tt_cutoffs)
        .def_readonly("tt_stores", &engine::Stats::tt_stores)
        .def_readonly("tt_collisions", &engine::Stats::tt_collisions)
        .def_readonly("table_bytes", &engine::Stats::table_bytes)
        .def_readonly("from_book", &engine::Stats::from_book)
        .def_readonly("note", &engine::Stats::note)
        .def_property_readonly("nps", &engine::Stats::nps)
        .def_property_readonly("hit_rate", &engine::Stats::hit_rate)
        .def("__repr__", [](const engine::Stats& s) {
            return fmt::format("kinrow.Stats(nodes={}, seconds={:.6f}, depth={})", s.nodes, s.seconds, s.depth);
        });

    py::class_<SolveResult> solve_result(m, "SolveResult", "The value of a position, a best move and a line.");
    def_value_properties(solve_result, [](const SolveResult& r) -> const engine::Value& { return r.analysis.value; });
    solve_result
        .def_property_readonly(
            "best_move",
            [](const SolveResult& r) -> std::optional<int> {
                if (r.analysis.best_move == kNoMove) return std::nullopt;
                return to_action(r.position, r.analysis.best_move);
            },
            "The best action (None when the game is over).")
        .def_property_readonly(
            "best_move_str",
            [](const SolveResult& r) -> std::optional<std::string> {
                if (r.analysis.best_move == kNoMove) return std::nullopt;
                return r.position.move_string(r.analysis.best_move);
            },
            "The best move in the command line's notation.")
        .def_property_readonly(
            "pv", [](const SolveResult& r) { return actions_of(r.position, r.analysis.pv); },
            "The principal variation as actions, starting with best_move.")
        .def_property_readonly(
            "pv_str", [](const SolveResult& r) { return report::line_strings(r.position, r.analysis.pv); },
            "The principal variation in the command line's notation.")
        .def_property_readonly("complete", [](const SolveResult& r) { return r.analysis.complete; },
                               "False when a limit stopped the search.")
        .def_property_readonly("stats", [](const SolveResult& r) { return r.analysis.stats; })
        .def_property_readonly("engine", [](const SolveResult& r) { return engine::engine_name(r.analysis.engine); },
                               "The engine that answered: generic, connect, gomoku, weighted or prover.")
        .def("__repr__", [](const SolveResult& r) {
            return fmt::format("kinrow.SolveResult('{}', best_move={}, engine='{}')", r.analysis.value.text,
                               r.analysis.best_move == kNoMove ? "None" : r.position.move_string(r.analysis.best_move),
                               engine::engine_name(r.analysis.engine));
        });

    py::class_<MoveResult> move_result(m, "MoveValue", "The value of one move, for the side that plays it.");
    def_value_properties(move_result, [](const MoveResult& r) -> const engine::Value& { return r.value; });
    move_result.def_readonly("action", &MoveResult::action)
        .def_readonly("move", &MoveResult::move, "The move in the command line's notation.")
        .def("__repr__", [](const MoveResult& r) {
            return fmt::format("kinrow.MoveValue('{}', '{}')", r.move, report::value_label(r.value));
        });

    py::class_<AnalyzeResult>(m, "AnalyzeResult", "The value of every legal move.")
        .def_readonly("moves", &AnalyzeResult::moves, "One MoveValue a legal move, in board order.")
        .def_readonly("stats", &AnalyzeResult::stats)
        .def_readonly("engine", &AnalyzeResult::engine);

    py::class_<BatchResult>(m, "BatchResult", "Exact scores of many Connect-k positions, in their order.")
        .def_readonly("scores", &BatchResult::scores,
                      "Pons's convention for the side to move: 0 draw, > 0 a win (higher: sooner), < 0 a loss; "
                      "with weak, -1, 0 or 1.")
        .def_readonly("nodes", &BatchResult::nodes)
        .def_readonly("seconds", &BatchResult::seconds, "Each solve's time, the solve alone.")
        .def("__len__", [](const BatchResult& r) { return r.scores.size(); });
}

SolveResult solve(const Position& state, const SearchArgs& args) {
    engine::Options o = options_of(args);
    if (args.time_ms && engine_for(state.spec(), o) == engine::EngineKind::Connect)
        throw Error("time_ms: the Connect-k solver always solves exactly (use engine='generic' for a limited search)");
    Position position = state;
    engine::Analysis a = run_interruptible([&](const std::atomic<bool>* stop) {
        o.stop = stop;
        return engine::make_engine(position.spec(), o)->solve(position);
    });
    return {std::move(position), std::move(a)};
}

AnalyzeResult analyze(const Position& state, const SearchArgs& args) {
    engine::Options o = options_of(args);
    Position position = state;
    engine::MoveAnalysis a = run_interruptible([&](const std::atomic<bool>* stop) {
        o.stop = stop;
        return engine::make_engine(position.spec(), o)->analyze(position);
    });
    AnalyzeResult result{engine::engine_name(a.engine), {}, a.stats};
    for (const engine::MoveValue& mv : a.moves)
        result.moves.push_back({to_action(position, mv.move), position.move_string(mv.move), mv.value});
    return result;
}

int best_move(const Position& state, const SearchArgs& args) {
    if (state.game_over()) throw Error("the game is over: there is no move to choose");
    engine::Options o = options_of(args);
    Position position = state;
    engine::Analysis a = run_interruptible([&](const std::atomic<bool>* stop) {
        o.stop = stop;
        return engine::make_engine(position.spec(), o)->choose_move(position);
    });
    return to_action(position, a.best_move);
}

// The positions of a batch: States, or move strings of `spec`.
std::vector<Position> batch_positions(const GameSpec& spec, const py::sequence& items) {
    std::vector<Position> positions;
    positions.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        py::handle item = items[i];
        try {
            if (py::isinstance<Position>(item)) {
                const auto& state = item.cast<const Position&>();
                if (state.spec() != spec)
                    throw Error(fmt::format("a {} position in a batch of {}", state.spec().name(), spec.name()));
                positions.push_back(state);
            } else if (py::isinstance<py::str>(item)) {
                positions.push_back(Position::from_moves(spec, item.cast<std::string>()));
            } else {
                throw py::type_error(fmt::format("positions[{}]: expected a State or a move string", i));
            }
            engine::require_not_won(positions.back());
        } catch (const Error& e) {
            throw Error(fmt::format("positions[{}]: {}", i, e.what()));
        }
    }
    return positions;
}

BatchResult solve_batch(const py::sequence& items, const std::optional<py::object>& game, bool weak, long long tt_mb) {
    GameSpec spec = parse_game("connect4");
    if (game && py::isinstance<py::str>(*game))
        spec = parse_game(game->cast<std::string>());
    else if (game)
        spec = game->cast<GameSpec>();
    else if (items.size() > 0 && py::isinstance<Position>(items[0]))
        spec = items[0].cast<const Position&>().spec();
    SearchArgs args;
    args.weak = weak;
    args.tt_mb = tt_mb;
    engine::Options o = options_of(args);
    const std::vector<Position> positions = batch_positions(spec, items);
    const auto n = static_cast<py::ssize_t>(positions.size());
    BatchResult result{py::array_t<std::int32_t>(n), py::array_t<std::uint64_t>(n), py::array_t<double>(n)};
    std::int32_t* scores = result.scores.mutable_data();
    std::uint64_t* nodes = result.nodes.mutable_data();
    double* seconds = result.seconds.mutable_data();
    run_interruptible([&](const std::atomic<bool>* stop) {
        o.stop = stop;
        std::size_t next = 0, done = 0;
        engine::solve_connect_batch(
            spec, o, [&]() -> const Position* { return next < positions.size() ? &positions[next++] : nullptr; },
            [&](const Position&, const engine::BatchAnswer& a) {
                scores[done] = a.score;
                nodes[done] = a.nodes;
                seconds[done] = a.seconds;
                ++done;
            });
        return done;
    });
    return result;
}

}  // namespace

void bind_engine(py::module_& m) {
    bind_results(m);
    m.def(
        "solve",
        [](const Position& state, long long time_ms, std::optional<int> depth, long long nodes, bool weak,
           int threads, long long tt_mb, std::optional<std::string> engine, bool book) {
            return solve(state, {time_ms, depth, nodes, weak, threads, tt_mb, std::move(engine), book});
        },
        py::arg("state"), py::kw_only(), py::arg("time_ms") = 0, py::arg("depth") = py::none(),
        py::arg("nodes") = 0, py::arg("weak") = false, py::arg("threads") = 1, py::arg("tt_mb") = 64,
        py::arg("engine") = py::none(), py::arg("book") = false,
        "The value of `state` for the side to move, a best move and a principal variation, from the strongest "
        "engine for the game (or `engine`). Exact unless a limit (time_ms, depth, nodes) stops the search first.");
    m.def(
        "analyze",
        [](const Position& state, long long time_ms, std::optional<int> depth, long long nodes, bool weak,
           long long tt_mb, std::optional<std::string> engine, bool book) {
            return analyze(state, {time_ms, depth, nodes, weak, 1, tt_mb, std::move(engine), book});
        },
        py::arg("state"), py::kw_only(), py::arg("time_ms") = 0, py::arg("depth") = py::none(),
        py::arg("nodes") = 0, py::arg("weak") = false, py::arg("tt_mb") = 64, py::arg("engine") = py::none(),
        py::arg("book") = true, "The value of every legal move of `state`, for the side that plays it.");
    m.def(
        "best_move",
        [](const Position& state, long long time_ms, std::optional<int> depth, long long nodes, long long tt_mb,
           std::optional<std::string> engine) {
            return best_move(state, {time_ms, depth, nodes, false, 1, tt_mb, std::move(engine), true});
        },
        py::arg("state"), py::kw_only(), py::arg("time_ms") = 0, py::arg("depth") = py::none(),
        py::arg("nodes") = 0, py::arg("tt_mb") = 64, py::arg("engine") = py::none(),
        "The action the engine plays in `state` (Gomoku: within time_ms, 3 s when no limit is given).");
    m.def("solve_batch", &solve_batch, py::arg("positions"), py::kw_only(), py::arg("game") = py::none(),
          py::arg("weak") = false, py::arg("tt_mb") = 64,
          "Exact scores of Connect-k positions (States or move strings of `game`, connect4 by default) on one "
          "table cleared before each position: the fast way to label many positions.");
}

}  // namespace kinrow::python
