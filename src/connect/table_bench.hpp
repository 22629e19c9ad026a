// The seed's memoisation experiment: one solve, run with no table and with
// tables of several kinds and sizes, comparing time, nodes, hit rate and
// collisions. `kinrow bench-connect` prints it; any type with the solver's
// table interface (see transposition_table.hpp) joins through measure_table,
// the textbook chained dictionary through ChainedTableAdapter.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

#include "connect/bitboard.hpp"
#include "connect/solver.hpp"

namespace kinrow::connect {

struct TableBenchRow {
    std::string table;
    std::size_t bytes = 0;  // table memory at the end of the solve (0: none)
    int score = 0;
    SearchStats stats;
    double seconds = 0;
};

// Solves p from a fresh `far` table (and `near`, which defaults to the same
// table) and reports the run. Memory is read after the solve: a chained
// table grows with what it stores.
template <class Table>
TableBenchRow measure_table(const std::string& name, const Geometry& g, const BitPosition& p, Table& far,
                            Table* near = nullptr) {
    Solver<Table> solver(g, far, near ? *near : far);
    auto start = std::chrono::steady_clock::now();
    TableBenchRow row;
    row.score = solver.solve(p, false);
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    row.table = name;
    row.bytes = far.bytes() + (near && near != &far ? near->bytes() : 0);
    row.stats = solver.stats();
    return row;
}

void print_table_bench_header(std::ostream& out);
void print_table_bench_row(std::ostream& out, const TableBenchRow& row);

}  // namespace kinrow::connect
