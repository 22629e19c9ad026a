// Shared pieces of the command-line front end. Each subcommand lives in its
// own cli_*.cpp and registers itself through an add_*_command function listed
// in main_kinrow.cpp; the front end only parses text and prints results.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "position.hpp"

namespace kinrow {

// A game plus one of --moves / --board / --id; none means the empty board.
struct PositionArgs {
    std::string game;
    std::string moves;
    std::string board;
    std::optional<std::uint64_t> id;
};

// Adds the positional GAME argument and the three position options.
void add_position_options(CLI::App& cmd, PositionArgs& args);
// Parses the game and position; throws Error on bad input.
Position load_position(const PositionArgs& args);

// Subcommands. Each adds itself to the app with its options and callback.

}  // namespace kinrow
