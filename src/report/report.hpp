// How the front ends show the facade's answers: one JSON shape and one text
// layout for every engine, so the command line, the web API and scripts read
// the same fields ("engine" says which engine answered).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.hpp"

namespace kinrow::report {

// The moves when the position came as moves, else the board.
std::string position_text(const Position& pos);
// A line of moves from `pos` (a principal variation) in the command line's notation.
std::vector<std::string> line_strings(const Position& pos, const std::vector<Move>& moves);
// A short label for a value, for boards and heatmaps: W5 (wins, the game over
// 5 plies from now), L4, D, W / L (distance unknown), +120 (heuristic), ?
// (not searched, or stopped first).
std::string value_label(const engine::Value& v);
const char* bound_name(Bound b);

nlohmann::json value_json(const engine::Value& v);
nlohmann::json stats_json(const engine::Stats& s);
// `kinrow solve --json`, POST /api/solve.
nlohmann::json analysis_json(const Position& pos, const engine::Analysis& a);
// `kinrow analyze --json`, POST /api/analyze.
nlohmann::json move_analysis_json(const Position& pos, const engine::MoveAnalysis& a);

std::string analysis_text(const Position& pos, const engine::Analysis& a);
std::string move_analysis_text(const Position& pos, const engine::MoveAnalysis& a);

}  // namespace kinrow::report
