// `kinrow bench-connect`: the no-table baseline against the textbook chained
// dictionary at several bucket counts and the fixed-memory table at several
// sizes, on one position. The default, the empty 5-wide, 4-high board with
// k = 4, keeps the 10-bucket table (whose chains grow to 2,000 positions)
// to about a second; on 5x5 that row alone takes minutes.
#include <iostream>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "connect/chained_table_adapter.hpp"
#include "connect/table_bench.hpp"
#include "connect/transposition_table.hpp"
#include "core/error.hpp"

namespace kinrow {

namespace {

struct BenchArgs {
    PositionArgs position;
    std::vector<std::size_t> buckets{10, 1000, 100000};
    std::vector<std::size_t> sizes_mb{1, 4, 16, 64};
    bool skip_no_table = false;
};

void run_bench(const BenchArgs& args) {
    Position pos = load_position(args.position);
    if (pos.game_over()) throw Error("bench-connect needs a position that is not over");
    connect::Geometry g(pos.spec());
    connect::BitPosition p = connect::BitPosition::from(g, pos);
    fmt::print("{} from {}: one solve per table; collisions = chained: inserts into an occupied bucket, "
               "fixed: stores that evicted another position\n",
               pos.spec().name(), pos.stones() ? pos.move_list_string() : "the empty board");
    connect::print_table_bench_header(std::cout);
    if (!args.skip_no_table) {
        connect::NoTable none;
        connect::print_table_bench_row(std::cout, connect::measure_table("none", g, p, none));
    }
    // The chained tables never drop a position, so they all search the same
    // tree and end up holding the same positions; only the chains' length differs.
    std::size_t chained_positions = 0;
    for (std::size_t buckets : args.buckets) {
        connect::ChainedTableAdapter table(buckets);
        auto row = connect::measure_table(fmt::format("chained {}", fmt::group_digits(buckets)), g, p, table);
        connect::print_table_bench_row(std::cout, row);
        chained_positions = table.size();
    }
    for (std::size_t mb : args.sizes_mb) {
        connect::FixedTable table(g, mb);
        auto row = connect::measure_table(fmt::format("fixed {} MiB", mb), g, p, table);
        connect::print_table_bench_row(std::cout, row);
    }
    // What `kinrow solve` uses: the far table plus the cache-sized near one.
    for (std::size_t mb : args.sizes_mb) {
        connect::TablePair tables(g, mb);
        auto row = connect::measure_table(fmt::format("fixed {}+{} MiB", mb, connect::kNearTableMb), g, p,
                                          tables.far, &tables.near);
        connect::print_table_bench_row(std::cout, row);
    }
    fmt::print("chained tables: {} positions stored (mean chain length: positions / buckets)\n",
               chained_positions);
}

}  // namespace

void add_connect_bench_command(CLI::App& app) {
    auto args = std::make_shared<BenchArgs>();
    auto* cmd = app.add_subcommand(
        "bench-connect", "Connect-k memoisation experiment: one solve with no table, chained tables and fixed tables of "
        "several sizes");
    add_position_options(*cmd, args->position);
    cmd->get_option("game")->required(false)->default_val("connect:5,4,4");
    cmd->add_option("--buckets", args->buckets, "Chained table bucket counts (10 is slow by design)")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
    cmd->add_option("--sizes", args->sizes_mb, "Fixed-memory table sizes in MiB")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 16));
    cmd->add_flag("--skip-no-table", args->skip_no_table, "Leave out the (slow) no-table run");
    cmd->callback([args] { run_bench(*args); });
}

}  // namespace kinrow
