// Deterministic search benchmarks: the node-count signature over a fixed set
// of positions (like Stockfish's `bench`: any change to the search changes the
// total), the tic-tac-toe search table of the seeds' slides, and the seeds'
// table experiment (the same search with no table, the chained dictionary at
// several bucket counts, and the fixed-memory table).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/search.hpp"

namespace kinrow::search {

struct BenchCase {
    std::string game;
    std::string moves;  // from the empty board, Position::from_moves syntax
    int depth = -1;     // < 0: exact solve
};

struct BenchLine {
    std::string label;   // what was searched (position, or configuration)
    std::string result;  // describe_score of the root
    std::string best_move;
    SearchStats stats;
};

// The fixed position set of the signature: small to mid-size m,n,k boards,
// gravity boards on the generic engine, and depth-limited Gomoku positions.
const std::vector<BenchCase>& signature_cases();
// Searches every case with default options (a fresh table each); the sum of
// the nodes is the signature.
std::vector<BenchLine> run_signature();

// One row of the tic-tac-toe table: the configuration, the run, and the
// seed's figure to compare with.
struct TicTacToeRow {
    BenchLine line;
    std::string reference;
};
std::vector<TicTacToeRow> run_tictactoe_table();

// The seeds' experiment on `game` (empty board): the same negamax search with
// no table, the chained dictionary with 10, 1,000 and 100,000 buckets, and the
// fixed-memory table.
std::vector<BenchLine> run_table_experiment(const std::string& game);

}  // namespace kinrow::search
