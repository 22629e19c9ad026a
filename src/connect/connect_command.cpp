// Placeholder until the Connect-k solver lands (connect branch).
#include "cli.hpp"
#include "error.hpp"
namespace kinrow {
void solve_connect(const SolveRequest&) { throw Error("solve: the Connect-k solver is not built yet"); }
void analyze_connect(const SolveRequest&) { throw Error("analyze: the Connect-k solver is not built yet"); }
}  // namespace kinrow
