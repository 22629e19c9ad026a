// Placeholder until the Gomoku engine lands (gomoku branch).
#include "cli.hpp"
#include "error.hpp"
namespace kinrow {
void solve_gomoku(const SolveRequest&) { throw Error("solve --vcf: the Gomoku engine is not built yet"); }
}  // namespace kinrow
