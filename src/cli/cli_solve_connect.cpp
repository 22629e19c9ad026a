// `kinrow solve` / `kinrow analyze` for gravity games: the bitboard solver.
//
// Reads from SolveRequest: the position, --json, --weak, --batch, --tt-mb,
// --chained (the textbook dictionary instead of the fixed tables), --threads
// (solve of one position), --no-tt, --no-symmetry, --no-ordering, --no-id,
// --book and --no-book (analyze consults the game's opening book unless told
// not to; solve, the benchmark against Pons's solver, only a --book given).
// Depth, node and time limits and other algorithms belong to the generic
// engine (--generic); asking this solver for them is an error, not a silent
// fallback.
#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "connect/bitboard.hpp"
#include "connect/book.hpp"
#include "connect/chained_table_adapter.hpp"
#include "connect/parallel_solve.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "core/error.hpp"

namespace kinrow {

namespace {

using connect::BitPosition;
using connect::Connect4Geometry;
using connect::ChainedTableAdapter;
using connect::LoadedBook;
using connect::FixedTable;
using connect::TablePair;
using connect::Geometry;
using connect::NoTable;
using connect::Solver;
using connect::SolverOptions;

void reject_unsupported(const SolveRequest& r) {
    auto no = [](std::string_view option, std::string_view why) {
        return Error(fmt::format("{} is not supported by the Connect-k solver ({}); add --generic "
                                 "to use the generic engine",
                                 option, why));
    };
    constexpr std::string_view exact = "it always solves exactly";
    if (r.depth >= 0) throw no("--depth", exact);
    if (r.node_limit) throw no("--nodes", exact);
    if (r.time_ms) throw no("--time-ms", exact);
    if (r.algorithm != "negamax") throw no("--algorithm " + r.algorithm, "it is a negamax alpha-beta search");
    if (r.full_tree) throw no("--full-tree", exact);
    if (r.chained_buckets && !r.use_tt) throw Error("--chained is a table: it cannot go with --no-tt");
    if (r.threads > 1 && (r.batch || !r.use_tt || r.chained_buckets))
        throw Error("--threads needs the shared fixed table and a single position (not --batch, --no-tt "
                    "or --chained)");
}

SolverOptions options_of(const SolveRequest& r) {
    SolverOptions o;
    o.symmetry = r.use_symmetry;
    o.ordering = r.use_ordering;
    o.bisection = r.iterative_deepening;
    return o;
}

// Builds the table the request asks for and runs `body` with a solver on it
// and a pointer to the table (null for none).
template <class Geo, class Body>
void with_solver_on(const SolveRequest& r, const Geo& g, Body&& body) {
    if (r.chained_buckets) {
        ChainedTableAdapter table(r.chained_buckets);
        Solver<ChainedTableAdapter, Geo> solver(g, table, options_of(r));
        body(solver, &table);
    } else if (r.use_tt) {
        TablePair tables(g, r.tt_mb);
        Solver<FixedTable, Geo> solver(g, tables.far, tables.near, options_of(r));
        body(solver, &tables);
    } else {
        NoTable table;
        Solver<NoTable, Geo> solver(g, table, options_of(r));
        body(solver, static_cast<TablePair*>(nullptr));
    }
}

// Connect Four itself runs on the compiled geometry (same nodes, faster).
template <class Body>
void with_solver(const SolveRequest& r, const Geometry& g, Body&& body) {
    if (is_connect4(g))
        with_solver_on(r, Connect4Geometry(g.width(), g.height(), g.k()), body);
    else
        with_solver_on(r, g, body);
}

// Refuses finished games that have a winner: there is nothing to solve.
void require_not_won(const Position& pos) {
    if (pos.result() == Result::XWins || pos.result() == Result::OWins)
        throw Error(fmt::format("the position is already won by {}",
                                pos.result() == Result::XWins ? 'X' : 'O'));
}

std::string outcome(int score) {
    return score > 0 ? "win" : score < 0 ? "loss" : "draw";
}

// The score in words a user can check by playing it out.
std::string describe(int score, Player to_move, bool weak, int cells, int stones) {
    if (score == 0) return "draw";
    char winner = player_char(score > 0 ? to_move : opponent(to_move));
    if (weak) return fmt::format("{} wins; weak solve, no distance", winner);
    // Inverting |score| = (cells + 1 - n) / 2 for n, the stones before the
    // winning one: of its two candidates, n has the parity of the winner's turns.
    int a = score > 0 ? score : -score;
    int parity = (stones + (score > 0 ? 0 : 1)) % 2;
    int n = (cells + 1 - 2 * a) % 2 == parity ? cells + 1 - 2 * a : cells - 2 * a;
    return fmt::format("{} wins with stone {} of the game, {} from now", winner, n + 1, n + 1 - stones);
}

// The moves when the position came as moves, else the board (--board, --id).
std::string position_string(const Position& pos) {
    if (pos.stones() == 0) return "empty board";
    if (static_cast<int>(pos.history().size()) == pos.stones()) return pos.move_list_string();
    return pos.board_string();
}

std::string columns_string(const Position& pos, const std::vector<int>& cols) {
    std::string s;
    for (int c : cols) {
        if (!s.empty() && pos.width() > 9) s += ' ';
        s += std::to_string(c + 1);
    }
    return s;
}

using Clock = std::chrono::steady_clock;
long long microseconds_since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
}

std::string book_note(const LoadedBook& b) {
    return fmt::format("from the opening book {} (positions up to {} stones)", b.path, b.book.depth());
}

void solve_one(const SolveRequest& r) {
    Position pos = load_position(r.position);
    require_not_won(pos);
    Geometry g(pos.spec());
    BitPosition p = BitPosition::from(g, pos);
    const std::optional<LoadedBook> book = connect::open_book(pos.spec(), pos.stones(), r.book, false);
    const std::optional<int> book_score = book ? book->book.score(p) : std::nullopt;
    with_solver(r, g, [&](auto& solver, auto* table) {
        auto start = Clock::now();
        int score = 0;
        connect::SearchStats st;
        bool parallel = false;
        std::vector<int> pv;
        if (book_score) {
            score = r.weak ? connect::weak_score(*book_score) : *book_score;
            // The book's line goes as far as the book; a position at its very
            // depth gets its best move from a search for the known score.
            pv = book->book.principal_variation(p);
            if (pv.empty() && p.moves < g.cells()) pv.push_back(solver.best_column(p, *book_score));
            st = solver.stats();
        } else if constexpr (std::is_same_v<decltype(table), TablePair*>) {
            if (table && r.threads > 1) {
                auto result =
                    connect::parallel_solve(solver.geometry(), table->far, table->near, p, r.weak, r.threads, options_of(r));
                score = result.score;
                st = result.stats;
                parallel = true;
            }
        }
        if (!parallel && !book_score) {
            score = solver.solve(p, r.weak);
            st = solver.stats();
        }
        long long solve_us = microseconds_since(start);
        const std::uint64_t nodes = st.nodes;
        if (!book_score) pv = solver.principal_variation(p, score);
        std::string best = pv.empty() ? "" : std::to_string(pv.front() + 1);
        if (r.json) {
            nlohmann::json j = {{"game", pos.spec().name()},
                                {"position", position_string(pos)},
                                {"to_move", std::string(1, player_char(pos.side_to_move()))},
                                {"weak", r.weak},
                                {"score", score},
                                {"result", outcome(score)},
                                {"best_move", pv.empty() ? nlohmann::json() : nlohmann::json(pv.front() + 1)},
                                {"pv", columns_string(pos, pv)},
                                {"nodes", nodes},
                                {"microseconds", solve_us},
                                {"table_bytes", table ? table->bytes() : 0},
                                {"hit_rate", st.hit_rate()},
                                {"from_book", book_score.has_value()}};
            fmt::print("{}\n", j.dump());
            return;
        }
        fmt::print("game: {}\n", pos.spec().name());
        fmt::print("position: {} ({} stones, {} to move)\n", position_string(pos), pos.stones(),
                   player_char(pos.side_to_move()));
        fmt::print("score: {} ({})\n", score,
                   describe(score, pos.side_to_move(), r.weak, pos.cells(), pos.stones()));
        fmt::print("best move: {}\n", best.empty() ? "none (board full)" : best);
        fmt::print("principal variation: {}\n", columns_string(pos, pv));
        if (book_score) fmt::print("book: score and line {}\n", book_note(*book));
        fmt::print("nodes: {}\n", nodes);
        fmt::print("time: {:.6f} s\n", static_cast<double>(solve_us) / 1e6);
        if (table)
            fmt::print("tables: {:.1f} MiB, hit rate {:.1f}%\n", static_cast<double>(table->bytes()) / (1 << 20),
                       100 * st.hit_rate());
    });
}

// One line per position: `moves score nodes microseconds`, or `line error: why`.
// The table is cleared before each position (as in Pons's solver, whose
// published figures this mode reproduces) and the time covers the solve alone.
void solve_batch(const SolveRequest& r) {
    GameSpec spec = parse_game(r.position.game);
    Geometry g(spec);
    int invalid = 0, total = 0;
    with_solver(r, g, [&](auto& solver, auto* table) {
        std::string line;
        while (std::getline(std::cin, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
                line.pop_back();
            if (line.empty()) continue;
            ++total;
            std::optional<Position> pos;
            try {
                pos = Position::from_moves(spec, line);
                require_not_won(*pos);
            } catch (const Error& e) {
                ++invalid;
                if (r.json)
                    fmt::print("{}\n", nlohmann::json{{"moves", line}, {"error", e.what()}}.dump());
                else
                    fmt::print("{} error: {}\n", line, e.what());
                continue;
            }
            BitPosition p = BitPosition::from(g, *pos);
            if (table) table->clear();
            solver.reset_stats();
            auto start = Clock::now();
            int score = solver.solve(p, r.weak);
            long long us = microseconds_since(start);
            if (r.json)
                fmt::print("{}\n", nlohmann::json{{"moves", line},
                                                  {"score", score},
                                                  {"nodes", solver.stats().nodes},
                                                  {"microseconds", us}}
                                       .dump());
            else
                fmt::print("{} {} {} {}\n", line, score, solver.stats().nodes, us);
        }
    });
    std::fflush(stdout);
    if (invalid) throw Error(fmt::format("{} of {} batch positions were invalid", invalid, total));
}

}  // namespace

void solve_connect(const SolveRequest& r) {
    reject_unsupported(r);
    if (r.batch && !r.book.empty())
        throw Error("--book does not go with --batch (the batch is the benchmark against Pons's solver, "
                    "which has no book)");
    if (r.batch) {
        if (!r.position.moves.empty() || !r.position.board.empty() || r.position.id)
            throw Error("--batch reads positions from standard input; drop --moves/--board/--id");
        return solve_batch(r);
    }
    solve_one(r);
}

void analyze_connect(const SolveRequest& r) {
    reject_unsupported(r);
    if (r.threads > 1) throw Error("--threads works with solve, not analyze");
    Position pos = load_position(r.position);
    require_not_won(pos);
    Geometry g(pos.spec());
    BitPosition p = BitPosition::from(g, pos);
    const std::optional<LoadedBook> book = connect::open_book(pos.spec(), pos.stones(), r.book, !r.no_book);
    auto book_scores = book ? book->book.column_scores(p) : std::nullopt;
    if (book_scores && r.weak)
        for (auto& s : *book_scores)
            if (s) s = connect::weak_score(*s);
    with_solver(r, g, [&](auto& solver, auto*) {
        auto start = Clock::now();
        std::vector<std::optional<int>> scores = book_scores ? *book_scores : solver.column_scores(p, r.weak);
        long long us = microseconds_since(start);
        if (r.json) {
            nlohmann::json cols = nlohmann::json::array();
            for (const auto& s : scores) cols.push_back(s ? nlohmann::json(*s) : nlohmann::json());
            fmt::print("{}\n", nlohmann::json{{"game", pos.spec().name()},
                                              {"position", position_string(pos)},
                                              {"weak", r.weak},
                                              {"scores", cols},
                                              {"nodes", solver.stats().nodes},
                                              {"microseconds", us},
                                              {"from_book", book_scores.has_value()}}
                                   .dump());
            return;
        }
        fmt::print("{}", pos.diagram());
        std::string row = "   ";
        for (const auto& s : scores) row += s ? fmt::format("{:>3}", *s) : std::string("  -");
        fmt::print("score of each column for {} ({}):\n", player_char(pos.side_to_move()),
                   r.weak ? "weak: sign only" : "Pons's convention");
        std::string head = "   ";
        for (int c = 0; c < g.width(); ++c) head += fmt::format("{:>3}", c + 1);
        fmt::print("{}\n{}\n", head, row);
        if (book_scores) fmt::print("book: scores {}\n", book_note(*book));
        fmt::print("nodes: {}\ntime: {:.6f} s\n", solver.stats().nodes, static_cast<double>(us) / 1e6);
    });
}

}  // namespace kinrow
