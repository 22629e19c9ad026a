// POST /api/tree: the explored tree of one small minimax or alpha-beta search,
// as JSON the page draws in SVG (what `kinrow tree` writes as Graphviz DOT).
//
// The search recorded is the course's depth-limited minimax (weighted::
// WeightedSearch, X maximising the board score), with alpha-beta, its table
// and its move ordering as asked: for weighted games exactly the search
// `kinrow tree` draws; on unweighted boards a line scores +-10000 and
// anything else 0, the textbook tic-tac-toe minimax. The generic engine's
// negamax is not recorded: its table, symmetry and pruning make a tree that
// teaches little, and a recording hook would sit in the hottest loop of the
// search.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "rules/position.hpp"

namespace kinrow::web {

struct TreeRequest {
    bool alphabeta = true;
    int depth = 2;  // plies, >= 1
    std::size_t max_nodes = 2000;
    bool table = false;  // the search's transposition table (table hits end branches)
};

// Throws Error when the game is over, or the tree outgrows max_nodes.
nlohmann::json search_tree_json(const Position& root, const TreeRequest& request);

}  // namespace kinrow::web
