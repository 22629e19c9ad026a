// POST /api/tree: the explored tree of one small minimax or alpha-beta search,
// as JSON the page draws in SVG (what `kinrow tree` writes as Graphviz DOT).
//
// Weighted games record the weighted engine's own search (the course's
// minimax with its table and ordering, exactly what `kinrow tree` shows).
// Every other game records the textbook algorithms written here over
// Position: plain minimax, or alpha-beta in board order, depth-limited, with
// values from X's view (X maximises). The generic engine's negamax is not
// recorded: its table, symmetry and pruning make a tree that teaches little,
// and a recording hook would sit in the hottest loop of the search.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "rules/position.hpp"

namespace kinrow::web {

struct TreeRequest {
    bool alphabeta = true;
    int depth = 2;            // plies, >= 1
    std::size_t max_nodes = 2000;
    bool table = true;        // weighted games: the engine's transposition table
};

// Throws Error when the game is over, or the tree outgrows max_nodes.
nlohmann::json search_tree_json(const Position& root, const TreeRequest& request);

}  // namespace kinrow::web
