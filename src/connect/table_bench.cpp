// The memoisation experiment's report rows (see table_bench.hpp).
#include "connect/table_bench.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace kinrow::connect {

void print_table_bench_header(std::ostream& out) {
    fmt::print(out, "{:<18} {:>10} {:>6} {:>13} {:>10} {:>13} {:>8} {:>13}\n", "table", "memory", "score",
               "nodes", "time (s)", "probes", "hit %", "collisions");
}

void print_table_bench_row(std::ostream& out, const TableBenchRow& r) {
    std::string memory = r.bytes ? fmt::format("{:.1f} MiB", static_cast<double>(r.bytes) / (1 << 20)) : "-";
    fmt::print(out, "{:<18} {:>10} {:>6} {:>13} {:>10.3f} {:>13} {:>8.1f} {:>13}\n", r.table, memory, r.score,
               r.stats.nodes, r.seconds, r.stats.probes, 100 * r.stats.hit_rate(), r.stats.evictions);
}

}  // namespace kinrow::connect
