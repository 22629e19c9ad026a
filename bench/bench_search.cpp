// Micro-benchmarks of the search core. Node counts are the stable measure;
// these give time per solve and per table operation on this machine.
#include <benchmark/benchmark.h>

#include "search/search.hpp"
#include "search/tt.hpp"

using namespace kinrow;
using namespace kinrow::search;

namespace {

void solve_from_empty(benchmark::State& state, const char* game) {
    Position pos(parse_game(game));
    SearchOptions options;
    options.tt_mb = 64;
    Searcher searcher(options);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        searcher.clear();
        SearchResult r = searcher.search(pos);
        nodes = r.stats.nodes;
        benchmark::DoNotOptimize(r.score);
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nps"] = benchmark::Counter(static_cast<double>(nodes) * state.iterations(),
                                               benchmark::Counter::kIsRate);
}

void BM_SolveTicTacToe(benchmark::State& state) { solve_from_empty(state, "tictactoe"); }
void BM_Solve444(benchmark::State& state) { solve_from_empty(state, "mnk:4,4,4"); }
void BM_Solve544(benchmark::State& state) { solve_from_empty(state, "mnk:5,4,4"); }

void BM_GomokuDepth3(benchmark::State& state) {
    Position pos = Position::from_moves(parse_game("gomoku"), "h8 i9 h9");
    SearchOptions options;
    options.depth = 3;
    options.tt_mb = 16;
    Searcher searcher(options);
    for (auto _ : state) {
        searcher.clear();
        benchmark::DoNotOptimize(searcher.search(pos).score);
    }
}

void BM_TableStoreProbe(benchmark::State& state) {
    TranspositionTable table(16);
    std::uint64_t key = 0x9E3779B97F4A7C15ULL;
    TTData out;
    for (auto _ : state) {
        key = key * 6364136223846793005ULL + 1442695040888963407ULL;
        table.store(key, TTData{1, 2, 3, Bound::Exact});
        benchmark::DoNotOptimize(table.probe(key ^ 1, out));
    }
}

}  // namespace

BENCHMARK(BM_SolveTicTacToe)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Solve444)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Solve544)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GomokuDepth3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableStoreProbe);
