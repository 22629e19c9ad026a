// Weighted tic-tac-toe benchmarks: whole auto games (the engine against
// itself, the table kept across moves), as `kinrow weighted -a` plays them
// but without printing. Counters report the nodes and table hits per game.
#include <benchmark/benchmark.h>

#include "weighted/weighted_search.hpp"

using namespace kinrow;
using namespace kinrow::weighted;

namespace {

void auto_game(benchmark::State& state, int n, bool alphabeta, bool table) {
    const int depth = static_cast<int>(state.range(0));
    GameSpec spec = weighted_game(n, default_weights(n));
    SearchOptions options;
    options.alphabeta = alphabeta;
    options.table = table;
    std::uint64_t nodes = 0, hits = 0;
    for (auto _ : state) {
        WeightedSearch engine(spec, options);
        Position pos(spec);
        nodes = hits = 0;
        while (weighted_result(pos) == Result::Ongoing) {
            pos.play(engine.search(pos, depth).move);
            nodes += engine.stats().nodes;
            hits += engine.stats().table_hits;
        }
        benchmark::DoNotOptimize(pos.id());
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["table_hits"] = static_cast<double>(hits);
}

void BM_Weighted3x3MinimaxTable(benchmark::State& s) { auto_game(s, 3, false, true); }
void BM_Weighted3x3AlphaBetaTable(benchmark::State& s) { auto_game(s, 3, true, true); }
void BM_Weighted4x4MinimaxTable(benchmark::State& s) { auto_game(s, 4, false, true); }
void BM_Weighted4x4AlphaBeta(benchmark::State& s) { auto_game(s, 4, true, false); }
void BM_Weighted4x4AlphaBetaTable(benchmark::State& s) { auto_game(s, 4, true, true); }

}  // namespace

BENCHMARK(BM_Weighted3x3MinimaxTable)->Arg(4)->Arg(9)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Weighted3x3AlphaBetaTable)->Arg(4)->Arg(9)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Weighted4x4MinimaxTable)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Weighted4x4AlphaBeta)->Arg(7)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Weighted4x4AlphaBetaTable)->Arg(7)->Arg(16)->Unit(benchmark::kMillisecond);
