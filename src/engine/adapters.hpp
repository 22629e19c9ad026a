// The facade's side of each engine: one adapter a file, built by make_engine.
// Only the facade includes this header.
#pragma once

#include <memory>

#include "engine/engine.hpp"

namespace kinrow::engine {

std::unique_ptr<Engine> make_generic_engine(const GameSpec& spec, const Options& options);
std::unique_ptr<Engine> make_connect_engine(const GameSpec& spec, const Options& options);
std::unique_ptr<Engine> make_gomoku_engine(const GameSpec& spec, const Options& options);
std::unique_ptr<Engine> make_weighted_engine(const GameSpec& spec, const Options& options);
std::unique_ptr<Engine> make_prover_engine(const GameSpec& spec, const Options& options);

// A proven result for the side to move of `pos` (the position the value
// belongs to: for a move's value, the position before the move), the game
// ending `plies` plies from `pos` (-1: unknown).
Value proven_value(const Position& pos, Outcome outcome, int plies, long long score);
// A heuristic value on the engine's scale.
Value heuristic_value(long long score, std::string text);

}  // namespace kinrow::engine
