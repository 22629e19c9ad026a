// What `kinrow serve` adds to a search: the same requests answered three
// ways, so the differences are the layers' costs.
//   Facade  make_engine + analyze + the report's JSON, as `kinrow analyze --json`
//   Api     the web API without HTTP: request parsing, the search slot, the watch
//   Http    a keep-alive client against a server on 127.0.0.1 (the load generator;
//           ->Threads(n): n clients at once)
// Wall-clock time per request (UseRealTime): the server works on other threads.
#include <benchmark/benchmark.h>

#include <httplib.h>

#include <memory>
#include <string>
#include <thread>

#include "engine/engine.hpp"
#include "report/report.hpp"
#include "web/api.hpp"
#include "web/server.hpp"

using namespace kinrow;

namespace {

const std::string kTicTacToe = R"({"game": "tictactoe", "moves": "1,1 0,0"})";
const std::string kConnect4 = R"({"game": "connect4", "moves": "4453"})";

web::ServerLimits bench_limits() {
    web::ServerLimits limits;
    limits.max_searches = 8;  // the load generator's clients must not queue for slots
    return limits;
}

// One server for every HTTP benchmark, started on first use.
int server_port() {
    static web::Server server(bench_limits());
    static int port = [] {
        int p = server.bind("127.0.0.1", 0);
        std::thread([] { server.run(); }).detach();
        while (!server.running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return p;
    }();
    return port;
}

void facade_analyze(benchmark::State& state, const char* game, const char* moves) {
    engine::Options options;
    options.tt_mb = bench_limits().tt_mb;
    options.limits.time_ms = bench_limits().default_time_ms;
    for (auto _ : state) {
        Position pos = Position::from_moves(parse_game(game), moves);
        auto engine = engine::make_engine(pos.spec(), options);
        std::string json = report::move_analysis_json(pos, engine->analyze(pos)).dump();
        benchmark::DoNotOptimize(json);
    }
}

void api_analyze(benchmark::State& state, const std::string& body) {
    web::Api api(bench_limits());
    for (auto _ : state) {
        std::string json = api.search(web::SearchRoute::Analyze, body, {}).body.dump();
        benchmark::DoNotOptimize(json);
    }
}

void http_request(benchmark::State& state, const char* path, const std::string& body) {
    httplib::Client client("127.0.0.1", server_port());
    client.set_keep_alive(true);
    client.set_tcp_nodelay(true);  // as browsers do: no Nagle delay between head and body
    for (auto _ : state) {
        auto r = body.empty() ? client.Get(path) : client.Post(path, body, "application/json");
        if (!r || r->status != 200) state.SkipWithError("request failed");
        benchmark::DoNotOptimize(r);
    }
}

}  // namespace

BENCHMARK_CAPTURE(facade_analyze, WebFacadeTicTacToe, "tictactoe", "1,1 0,0")->UseRealTime();
BENCHMARK_CAPTURE(api_analyze, WebApiTicTacToe, kTicTacToe)->UseRealTime();
BENCHMARK_CAPTURE(http_request, WebHttpTicTacToe, "/api/analyze", kTicTacToe)->UseRealTime()->Threads(1)->Threads(4);
BENCHMARK_CAPTURE(facade_analyze, WebFacadeConnect4Book, "connect4", "4453")->UseRealTime();
BENCHMARK_CAPTURE(http_request, WebHttpConnect4Book, "/api/analyze", kConnect4)->UseRealTime();
BENCHMARK_CAPTURE(http_request, WebHttpGames, "/api/games", std::string())->UseRealTime()->Threads(1)->Threads(4);
BENCHMARK_CAPTURE(http_request, WebHttpPosition, "/api/position", kConnect4)->UseRealTime();
