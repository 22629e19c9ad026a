// The games the web API names, and the state of a position as the page
// draws it. The names are the command line's (tictactoe, connect4, gomoku,
// mnk:M,N,K, connect:W,H,K, ...) plus `weighted:N`, weighted tic-tac-toe on
// an N x N board with the course's grid (or the request's "grid").
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/game.hpp"
#include "rules/position.hpp"

namespace kinrow::web {

// Weighted boards the page offers: the weighted search cannot be stopped, so
// their size bounds its work.
inline constexpr int kMaxWeightedSide = 5;

// Parses a game name; `grid` (weights row by row) applies to weighted games
// only. Throws Error with the command line's message for unknown names.
GameSpec parse_web_game(std::string_view name, std::string_view grid);

// The game's result under its own rules: weighted games score a full board.
Result game_result(const Position& pos);

// GET /api/games: the named games, the families with their limits.
nlohmann::json games_json();

// POST /api/position: the board, whose turn, the result, the legal moves
// (with the cell each lands on), the weights of weighted games.
nlohmann::json position_json(const std::string& game_name, const Position& pos);

}  // namespace kinrow::web
