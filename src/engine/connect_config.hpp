// The Connect-k solver's table and switches as the facade's options set
// them; shared by the engine and the batch (connect_batch.hpp).
#pragma once

#include "connect/configured_solver.hpp"
#include "engine/engine.hpp"

namespace kinrow::engine {

connect::SolverConfig connect_solver_config(const Options& options);

}  // namespace kinrow::engine
