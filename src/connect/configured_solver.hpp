// A solver on the table a caller asks for: the fixed-memory pair (the
// default), the textbook chained dictionary (the memoisation experiment), or
// none; Connect Four itself on the compiled 7x6 geometry (same nodes, faster).
// The solver is a template over table and geometry, so each combination is
// its own type: with_solver builds the one asked for and hands it to a
// generic body, which is how one piece of code serves all of them.
#pragma once

#include <cstddef>

#include "connect/bitboard.hpp"
#include "connect/chained_table_adapter.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"

namespace kinrow::connect {

struct SolverConfig {
    bool use_table = true;
    std::size_t table_mb = 64;         // the fixed-memory pair's budget
    std::size_t chained_buckets = 0;   // > 0: the chained dictionary instead
    SolverOptions options;
};

// Runs body(solver, table) with table a pointer to the table in use: a
// TablePair*, a ChainedTableAdapter*, or a null TablePair* for none.
template <class Geo, class Body>
decltype(auto) with_solver_on(const SolverConfig& c, const Geo& g, Body&& body) {
    if (c.chained_buckets) {
        ChainedTableAdapter table(c.chained_buckets);
        Solver<ChainedTableAdapter, Geo> solver(g, table, c.options);
        return body(solver, &table);
    }
    if (c.use_table) {
        TablePair tables(g, c.table_mb);
        Solver<FixedTable, Geo> solver(g, tables.far, tables.near, c.options);
        return body(solver, &tables);
    }
    NoTable table;
    Solver<NoTable, Geo> solver(g, table, c.options);
    return body(solver, static_cast<TablePair*>(nullptr));
}

template <class Body>
decltype(auto) with_solver(const SolverConfig& c, const Geometry& g, Body&& body) {
    if (is_connect4(g)) return with_solver_on(c, Connect4Geometry(g.width(), g.height(), g.k()), body);
    return with_solver_on(c, g, body);
}

}  // namespace kinrow::connect
