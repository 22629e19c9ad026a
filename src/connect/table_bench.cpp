// `kinrow bench-connect`: the no-table baseline against the fixed-memory
// table at several sizes, on one position (by default the empty 5x5 board,
// k = 4: about 9 million nodes without a table, so every variant finishes).
#include "connect/table_bench.hpp"

#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "cli.hpp"
#include "connect/transposition_table.hpp"
#include "error.hpp"

namespace kinrow {

namespace connect {

void print_table_bench_header(std::ostream& out) {
    fmt::print(out, "{:<18} {:>10} {:>6} {:>13} {:>10} {:>13} {:>8} {:>13}\n", "table", "memory", "score",
               "nodes", "time (s)", "probes", "hit %", "collisions");
}

void print_table_bench_row(std::ostream& out, const TableBenchRow& r) {
    std::string memory = r.bytes ? fmt::format("{:.1f} MiB", static_cast<double>(r.bytes) / (1 << 20)) : "-";
    fmt::print(out, "{:<18} {:>10} {:>6} {:>13} {:>10.3f} {:>13} {:>8.1f} {:>13}\n", r.table, memory, r.score,
               r.stats.nodes, r.seconds, r.stats.probes, 100 * r.stats.hit_rate(), r.stats.evictions);
}

}  // namespace connect

namespace {

struct BenchArgs {
    PositionArgs position;
    std::vector<std::size_t> sizes_mb{1, 4, 16, 64};
    bool skip_no_table = false;
};

void run_bench(const BenchArgs& args) {
    Position pos = load_position(args.position);
    if (pos.game_over()) throw Error("bench-connect needs a position that is not over");
    connect::Geometry g(pos.spec());
    connect::BitPosition p = connect::BitPosition::from(g, pos);
    fmt::print("{} from {}: one solve per table; collisions = stores that evicted another position\n",
               pos.spec().name(), pos.stones() ? pos.move_list_string() : "the empty board");
    connect::print_table_bench_header(std::cout);
    if (!args.skip_no_table) {
        connect::NoTable none;
        connect::print_table_bench_row(std::cout, connect::measure_table("none", 0, g, p, none));
    }
    for (std::size_t mb : args.sizes_mb) {
        connect::FixedTable table(g, mb);
        auto row = connect::measure_table(fmt::format("fixed {} MiB", mb), table.bytes(), g, p, table);
        connect::print_table_bench_row(std::cout, row);
    }
    // What `kinrow solve` uses: the far table plus the cache-sized near one.
    for (std::size_t mb : args.sizes_mb) {
        connect::TablePair tables(g, mb);
        auto row = connect::measure_table(fmt::format("fixed {}+{} MiB", mb, connect::kNearTableMb),
                                          tables.bytes(), g, p, tables.far, &tables.near);
        connect::print_table_bench_row(std::cout, row);
    }
}

}  // namespace

void add_connect_bench_command(CLI::App& app) {
    auto args = std::make_shared<BenchArgs>();
    auto* cmd = app.add_subcommand(
        "bench-connect", "Connect-k memoisation experiment: one solve with no table and with tables of several sizes");
    add_position_options(*cmd, args->position);
    cmd->get_option("game")->required(false)->default_val("connect:5,5,4");
    cmd->add_option("--sizes", args->sizes_mb, "Fixed-memory table sizes in MiB")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 16));
    cmd->add_flag("--skip-no-table", args->skip_no_table, "Leave out the (slow) no-table run");
    cmd->callback([args] { run_bench(*args); });
}

}  // namespace kinrow
