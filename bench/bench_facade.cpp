// The engine facade's cost a position on Pons's end-game set (Test_L3_R1,
// about a microsecond of solving each): one Engine::solve a position, and one
// batch on one table. bench/python_overhead.py makes the same calls through
// the Python module; the difference is what Python adds (docs/PERFORMANCE.md).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/connect_batch.hpp"
#include "engine/engine.hpp"

using namespace kinrow;

namespace {

// Test_L3_R1's positions, from ../shared beside the checkout or KINROW_SHARED_DIR.
std::vector<Position> end_game_set() {
    const char* dir = std::getenv("KINROW_SHARED_DIR");
    std::ifstream in(std::string(dir && *dir ? dir : KINROW_SHARED_DIR) + "/reference/connect4/Test_L3_R1");
    std::vector<Position> positions;
    GameSpec spec = parse_game("connect4");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string moves;
        if (fields >> moves) positions.push_back(Position::from_moves(spec, moves));
    }
    return positions;
}

// As bench/python_overhead.py asks: no book, the given table size.
engine::Options solve_options(std::size_t tt_mb) {
    engine::Options o;
    o.use_book = false;
    o.tt_mb = tt_mb;
    return o;
}

// Seconds of CPU a position (printed with an SI prefix: 5.2u is 5.2 microseconds).
void per_position(benchmark::State& state, std::size_t positions) {
    state.counters["s/position"] = benchmark::Counter(
        static_cast<double>(positions), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_FacadeSolveL3(benchmark::State& state) {
    const std::vector<Position> positions = end_game_set();
    if (positions.empty()) return state.SkipWithError("Test_L3_R1 not found (set KINROW_SHARED_DIR)");
    const engine::Options options = solve_options(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state)
        for (const Position& pos : positions)
            benchmark::DoNotOptimize(engine::make_engine(pos.spec(), options)->solve(pos).value.score);
    per_position(state, positions.size());
}

void BM_FacadeBatchL3(benchmark::State& state) {
    const std::vector<Position> positions = end_game_set();
    if (positions.empty()) return state.SkipWithError("Test_L3_R1 not found (set KINROW_SHARED_DIR)");
    const engine::Options options = solve_options(64);
    std::vector<int> scores(positions.size());
    for (auto _ : state) {
        std::size_t next = 0, done = 0;
        engine::solve_connect_batch(
            positions.front().spec(), options,
            [&]() -> const Position* { return next < positions.size() ? &positions[next++] : nullptr; },
            [&](const Position&, const engine::BatchAnswer& a) { scores[done++] = a.score; });
        benchmark::DoNotOptimize(scores.data());
    }
    per_position(state, positions.size());
}

}  // namespace

BENCHMARK(BM_FacadeSolveL3)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FacadeBatchL3)->Unit(benchmark::kMillisecond);
