// The Python module `kinrow._kinrow`, one file a part: the rules (Game and
// State, bind_rules.cpp) and the engine facade's questions and answers
// (bind_engine.cpp). The package python/kinrow/ re-exports it; its stub
// _kinrow.pyi documents the types.
#pragma once

#include <pybind11/pybind11.h>

#include "rules/position.hpp"

namespace kinrow::python {

// Actions are OpenSpiel's integers: the cell row * width + col on free
// boards, the column on gravity boards (the cell a stone drops to follows).
int to_action(const Position& pos, Move move);
// The legal move of `action` in `pos`; throws Error with the message the
// command line gives for the same move typed as text.
Move from_action(const Position& pos, int action);

void bind_rules(pybind11::module_& m);
void bind_engine(pybind11::module_& m);

}  // namespace kinrow::python
