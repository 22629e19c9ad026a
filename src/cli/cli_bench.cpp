// `kinrow bench`: the node-count signature (default), the tic-tac-toe search
// table (--tictactoe) and the seeds' table experiment (--tables).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "search/benchmark.hpp"
#include "cli/cli.hpp"

namespace kinrow {

using namespace search;

namespace {

struct BenchRequest {
    bool json = false;
    bool tictactoe = false;
    bool tables = false;
    std::string tables_game = "mnk:4,4,4";
};

nlohmann::json line_json(const BenchLine& l) {
    return {{"label", l.label},
            {"result", l.result},
            {"best_move", l.best_move},
            {"nodes", l.stats.nodes},
            {"tt_probes", l.stats.tt_probes},
            {"tt_hits", l.stats.tt_hits},
            {"tt_stores", l.stats.tt_stores},
            {"tt_collisions", l.stats.tt_collisions},
            {"table_bytes", l.stats.table_bytes},
            {"time_s", l.stats.elapsed_s},
            {"nps", l.stats.nps()}};
}

void print_signature(bool json) {
    std::vector<BenchLine> lines = run_signature();
    std::uint64_t total = 0;
    double seconds = 0;
    for (const BenchLine& l : lines) {
        total += l.stats.nodes;
        seconds += l.stats.elapsed_s;
    }
    if (json) {
        nlohmann::json j = {{"positions", nlohmann::json::array()}, {"nodes", total}, {"time_s", seconds}};
        for (const BenchLine& l : lines) j["positions"].push_back(line_json(l));
        fmt::print("{}\n", j.dump(2));
        return;
    }
    for (const BenchLine& l : lines)
        fmt::print("{:<40} {:<28} {:>6} {:>12} nodes\n", l.label, l.result, l.best_move, l.stats.nodes);
    fmt::print("\nTotal time (s) : {:.3f}\nNodes searched : {}\nNodes/second   : {:.0f}\n", seconds, total,
               seconds > 0 ? total / seconds : 0.0);
}

void print_tictactoe(bool json) {
    std::vector<TicTacToeRow> rows = run_tictactoe_table();
    if (json) {
        nlohmann::json j = nlohmann::json::array();
        for (const TicTacToeRow& r : rows) {
            nlohmann::json row = line_json(r.line);
            row["reference"] = r.reference;
            j.push_back(row);
        }
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("Search calls to choose the first move on the empty 3x3 board (root included)\n\n");
    fmt::print("{:<62} {:>10}   {}\n", "search", "calls", "seed");
    for (const TicTacToeRow& r : rows)
        fmt::print("{:<62} {:>10}   {}\n", r.line.label, fmt::group_digits(r.line.stats.nodes), r.reference);
    fmt::print("\nEvery row finds the value '{}'.\n", rows.back().line.result);
}

void print_tables(const std::string& game, bool json) {
    std::vector<BenchLine> lines = run_table_experiment(game);
    if (json) {
        nlohmann::json j = {{"game", game}, {"runs", nlohmann::json::array()}};
        for (const BenchLine& l : lines) j["runs"].push_back(line_json(l));
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("The same negamax search of {} from the empty board, by table\n\n", game);
    fmt::print("{:<28} {:>10} {:>10} {:>10} {:>12} {:>10} {:>9}\n", "table", "nodes", "probes", "hits",
               "collisions", "KiB", "time s");
    for (const BenchLine& l : lines)
        fmt::print("{:<28} {:>10} {:>10} {:>10} {:>12} {:>10} {:>9.3f}\n", l.label, l.stats.nodes,
                   l.stats.tt_probes, l.stats.tt_hits, l.stats.tt_collisions, l.stats.table_bytes / 1024,
                   l.stats.elapsed_s);
    fmt::print("\nValue: {}. Chained collisions: stores into a bucket already holding a key; "
               "fixed table: stores that evicted another position.\n",
               lines.front().result);
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto request = std::make_shared<BenchRequest>();
    auto* bench = app.add_subcommand(
        "bench", "Deterministic search benchmark: the node-count signature over a fixed position set");
    bench->add_flag("--json", request->json, "Print the result as JSON");
    auto* ttt = bench->add_flag("--tictactoe", request->tictactoe,
                                "Print the tic-tac-toe search table (minimax to everything)");
    auto* tables = bench->add_flag("--tables", request->tables,
                                   "The seeds' table experiment: no table, chained 10/1,000/100,000 "
                                   "buckets, fixed-memory table");
    bench->add_option("--tables-game", request->tables_game, "Game for --tables (empty board)")
        ->needs(tables);
    ttt->excludes(tables);
    bench->callback([request] {
        if (request->tictactoe) return print_tictactoe(request->json);
        if (request->tables) return print_tables(request->tables_game, request->json);
        print_signature(request->json);
    });
}

}  // namespace kinrow
