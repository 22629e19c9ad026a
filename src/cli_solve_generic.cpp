// Placeholder until the generic search engine lands (search branch).
#include "cli.hpp"
#include "error.hpp"
namespace kinrow {
void solve_generic(const SolveRequest&) { throw Error("solve: the generic engine is not built yet"); }
void analyze_generic(const SolveRequest&) { throw Error("analyze: the generic engine is not built yet"); }
}  // namespace kinrow
