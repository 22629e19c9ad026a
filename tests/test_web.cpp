// The web API end to end: a server on a free port of 127.0.0.1 in this
// process, called over HTTP with cpp-httplib's client, its answers checked
// against the `kinrow` command's (KINROW_BINARY) and against independent
// counts; bad requests, caps, a burst of concurrent requests, and a search
// stopped when its client hangs up.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/position.hpp"
#include "run_command.hpp"
#include "web/server.hpp"

namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A server running on its own thread for the life of the object.
class RunningServer {
public:
    explicit RunningServer(const kinrow::web::ServerLimits& limits = small_limits()) : server_(limits) {
        port_ = server_.bind("127.0.0.1", 0);
        thread_ = std::thread([this] { server_.run(); });
        while (!server_.running()) std::this_thread::sleep_for(1ms);
    }
    ~RunningServer() {
        server_.stop();
        thread_.join();
    }

    static kinrow::web::ServerLimits small_limits() {
        kinrow::web::ServerLimits limits;
        limits.tt_mb = 4;
        return limits;
    }

    int port() const { return port_; }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60);
        return c;
    }
    // POSTs `body` and returns the status and the parsed answer.
    std::pair<int, json> post(const std::string& path, const std::string& body) const {
        auto r = client().Post(path.c_str(), body, "application/json");
        if (!r) return {-1, json(httplib::to_string(r.error()))};
        return {r->status, json::parse(r->body, nullptr, false)};
    }
    std::pair<int, json> get(const std::string& path) const {
        auto r = client().Get(path.c_str());
        if (!r) return {-1, json(httplib::to_string(r.error()))};
        return {r->status, json::parse(r->body, nullptr, false)};
    }

private:
    kinrow::web::Server server_;
    std::thread thread_;
    int port_ = 0;
};

RunningServer& shared_server() {
    static RunningServer server;
    return server;
}

json cli_json(const std::string& args) {
    auto r = kinrow::testing::run_kinrow(args + " --json", "", false);
    EXPECT_EQ(r.exit_code, 0) << args;
    return json::parse(r.output, nullptr, false);
}

// The CLI's one-line error for `args`, without the "kinrow: error: " prefix.
std::string cli_error(const std::string& args) {
    auto r = kinrow::testing::run_kinrow(args);
    EXPECT_NE(r.exit_code, 0) << args;
    const std::string prefix = "kinrow: error: ";
    EXPECT_TRUE(r.output.starts_with(prefix)) << r.output;
    std::string message = r.output.substr(std::min(prefix.size(), r.output.size()));
    while (!message.empty() && message.back() == '\n') message.pop_back();
    return message;
}

// Nodes of the full minimax tree `depth` plies deep, counted independently.
std::uint64_t tree_nodes(kinrow::Position& pos, int depth) {
    std::uint64_t n = 1;
    if (depth == 0 || pos.game_over()) return n;
    for (kinrow::Move m : pos.legal_moves()) {
        pos.play(m);
        n += tree_nodes(pos, depth - 1);
        pos.undo();
    }
    return n;
}

// A connection that sends `request` and hangs up after `wait`, without
// reading the answer.
void hang_up_after(int port, const std::string& request, std::chrono::milliseconds wait) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
    std::this_thread::sleep_for(wait);
    ::close(fd);
}

std::string raw_post(const std::string& path, const std::string& body) {
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

TEST(WebApi, ServesThePageFromTheBinary) {
    auto c = shared_server().client();
    auto page = c.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->body.find("<title>kinrow"), std::string::npos);
    EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
    auto script = c.Get("/app.js");
    ASSERT_TRUE(script);
    EXPECT_EQ(script->status, 200);
    EXPECT_EQ(script->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
    // The page never writes server text as HTML.
    EXPECT_EQ(script->body.find("innerHTML"), std::string::npos);
    auto style = c.Get("/app.css");
    ASSERT_TRUE(style);
    EXPECT_EQ(style->status, 200);
}

TEST(WebApi, ListsTheGames) {
    auto [status, games] = shared_server().get("/api/games");
    ASSERT_EQ(status, 200);
    std::vector<std::string> names;
    for (const auto& g : games["games"]) names.push_back(g["name"]);
    for (const char* name : {"tictactoe", "connect4", "gomoku", "weighted:3"})
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
    EXPECT_EQ(games["games"][1]["gravity"], true);
    EXPECT_EQ(games["families"].size(), 3u);
}

TEST(WebApi, PositionGivesTheBoardAndTheLegalMoves) {
    auto [status, p] = shared_server().post("/api/position", R"({"game": "connect4", "moves": "4453"})");
    ASSERT_EQ(status, 200);
    EXPECT_EQ(p["to_move"], "X");
    EXPECT_EQ(p["moves"], json({"4", "4", "5", "3"}));
    EXPECT_EQ(p["board"][5], "..OXX..");
    EXPECT_EQ(p["legal"].size(), 7u);
    EXPECT_EQ(p["legal"][3], json({{"move", "4"}, {"row", 3}, {"col", 3}}));
    auto [won, w] = shared_server().post("/api/position", R"({"game": "tictactoe", "moves": "0,0 1,0 0,1 1,1 0,2"})");
    ASSERT_EQ(won, 200);
    EXPECT_EQ(w["result"], "X wins");
    EXPECT_EQ(w["game_over"], true);
    EXPECT_TRUE(w["legal"].empty());
    auto [weighted, g] = shared_server().post("/api/position", R"({"game": "weighted:3", "moves": "0,0"})");
    ASSERT_EQ(weighted, 200);
    EXPECT_EQ(g["weights"], json({4, 3, 8, 9, 5, 1, 2, 7, 6}));
    EXPECT_EQ(g["score"], 4 * 4);  // X's weight times the four moves O gets
}

TEST(WebApi, AnalyzeAnswersAsTheCommandLine) {
    auto [status, web] = shared_server().post("/api/analyze", R"({"game": "connect4", "moves": "4453"})");
    ASSERT_EQ(status, 200);
    json cli = cli_json("analyze connect4 --moves 4453");
    EXPECT_EQ(web["moves"], cli["moves"]);
    EXPECT_EQ(web["scores"], cli["scores"]);
    EXPECT_EQ(web["engine"], "connect");
    EXPECT_EQ(web["board"], cli["board"]);

    auto [ttt, web_ttt] = shared_server().post("/api/analyze", R"({"game": "tictactoe", "moves": "1,1"})");
    ASSERT_EQ(ttt, 200);
    EXPECT_EQ(web_ttt["moves"], cli_json("analyze tictactoe --moves 1,1")["moves"]);
}

TEST(WebApi, SolveAnswersAsTheCommandLine) {
    for (const char* moves : {"", "1,1 0,0", "0,0 1,1 2,2"}) {
        auto [status, web] = shared_server().post("/api/solve", json{{"game", "tictactoe"}, {"moves", moves}}.dump());
        ASSERT_EQ(status, 200) << moves;
        // The server's limits: its default time and the test server's table.
        json cli = cli_json(std::string("solve tictactoe --time-ms 1000 --tt-mb 4 --moves '") + moves + "'");
        for (const char* field : {"result", "label", "plies_to_end", "best_move", "pv", "engine", "proven", "score"})
            EXPECT_EQ(web[field], cli[field]) << moves << " " << field;
    }
}

TEST(WebApi, MoveIsALegalMoveWithinTheTimeLimit) {
    auto [status, web] = shared_server().post("/api/move", R"({"game": "gomoku", "moves": "7,7", "time_ms": 200})");
    ASSERT_EQ(status, 200);
    EXPECT_EQ(web["engine"], "gomoku");
    auto pos = kinrow::Position::from_moves(kinrow::parse_game("gomoku"), "7,7");
    EXPECT_TRUE(pos.is_legal(pos.parse_move(web["best_move"].get<std::string>())));
    EXPECT_LT(web["stats"]["time_s"].get<double>(), 2.0);
}

TEST(WebApi, BadRequestsGetTheCommandLinesMessage) {
    const RunningServer& s = shared_server();
    auto expect_400 = [&](const std::string& path, const std::string& body, const std::string& message) {
        auto [status, answer] = s.post(path, body);
        EXPECT_EQ(status, 400) << body;
        EXPECT_EQ(answer["error"], message) << body;
    };
    expect_400("/api/solve", R"({"game": "foo"})", cli_error("solve foo"));
    expect_400("/api/analyze", R"({"game": "tictactoe", "moves": "1,1 1,1"})",
               cli_error("analyze tictactoe --moves '1,1 1,1'"));
    expect_400("/api/move", R"({"game": "mnk:30,3,3"})", cli_error("solve mnk:30,3,3"));
    expect_400("/api/solve", R"({"game": "tictactoe", "board": "XXX/.../..."})",
               cli_error("solve tictactoe --board XXX/.../..."));
    expect_400("/api/position", R"({"game": "connect4", "moves": "8"})", cli_error("solve connect4 --moves 8"));
    expect_400("/api/solve", R"({"game": "tictactoe", "engine": "connect"})",
               cli_error("solve tictactoe --engine connect"));
    expect_400("/api/solve", "{\"game\": ", "malformed JSON in the request body");
    expect_400("/api/solve", "[1, 2]", "the request body must be a JSON object, e.g. {\"game\": \"tictactoe\"}");
    expect_400("/api/solve", "{}", "missing field \"game\"");
    expect_400("/api/solve", R"({"game": 3})", "\"game\" must be a string");
    expect_400("/api/solve", R"({"game": "tictactoe", "time_ms": "soon"})",
               "\"time_ms\" must be an integer from 1 to 1073741824");
    expect_400("/api/solve", R"({"game": "tictactoe", "tt_mb": 100000})",
               "unknown field \"tt_mb\" (this route takes: game, moves, board, grid, time_ms, depth, engine)");
    expect_400("/api/solve", R"({"game": "tictactoe", "moves": "0,0 1,0 0,1 1,1 0,2"})", "the game is already over");
    expect_400("/api/tree", R"({"game": "tictactoe", "algorithm": "negascout"})",
               "unknown algorithm 'negascout': expected minimax or alphabeta");
    expect_400("/api/tree", R"({"game": "gomoku"})",
               "search trees are drawn for boards of up to 49 cells; gomoku has 225");

    auto c = s.client();
    auto missing = c.Get("/api/nothing");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 404);
    EXPECT_EQ(json::parse(missing->body)["error"], "no such route: GET /api/nothing");
    auto wrong_method = c.Get("/api/solve");
    ASSERT_TRUE(wrong_method);
    EXPECT_EQ(wrong_method->status, 404);
    auto big = c.Post("/api/solve", std::string(64 * 1024, ' '), "application/json");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    EXPECT_EQ(json::parse(big->body)["error"], "request body too large");
    // ... and it still serves.
    EXPECT_EQ(s.get("/api/games").first, 200);
}

TEST(WebApi, RequestsCannotRaiseTheServersCaps) {
    auto [status, web] = shared_server().post("/api/solve", R"({"game": "tictactoe", "time_ms": 99999999})");
    ASSERT_EQ(status, 200);
    EXPECT_EQ(web["limits"]["time_ms"], kinrow::web::ServerLimits().max_time_ms);
    EXPECT_EQ(web["limits"]["tt_mb"], 4);
    EXPECT_EQ(web["stats"]["table_bytes"], 4u << 20);
    auto [deep, weighted] = shared_server().post("/api/solve", R"({"game": "weighted:4", "depth": 12})");
    EXPECT_EQ(deep, 400);
    EXPECT_EQ(weighted["error"], "\"depth\" of the weighted search goes up to 9 on this server");
}

TEST(WebApi, ASearchOverTheTimeCapGets503) {
    kinrow::web::ServerLimits limits = RunningServer::small_limits();
    limits.max_time_ms = limits.default_time_ms = 1;
    RunningServer s(limits);
    // Past the opening book: the Connect-k solver needs far more than 1 ms
    // and answers exactly or not at all.
    auto [status, answer] = s.post("/api/analyze", R"({"game": "connect4", "moves": "444444"})");
    EXPECT_EQ(status, 503);
    EXPECT_NE(answer["error"].get<std::string>().find("no answer within the server's time cap of 1 ms"),
              std::string::npos)
        << answer;
    // The generic engine returns what it has when its time is up.
    auto [generic, partial] = s.post("/api/solve", R"({"game": "mnk:5,5,4"})");
    EXPECT_EQ(generic, 200);
    EXPECT_EQ(partial["complete"], false);
    EXPECT_EQ(s.get("/api/status").second["timed_out"], 1);
}

TEST(WebApi, FiftyConcurrentRequestsAllSucceed) {
    const RunningServer& s = shared_server();
    json expected = cli_json("analyze tictactoe --moves '1,1 0,0'")["moves"];
    std::atomic<int> ok{0};
    std::vector<std::thread> clients;
    for (int i = 0; i < 50; ++i)
        clients.emplace_back([&, i] {
            auto [status, answer] = i % 5 == 0 ? s.get("/api/games")
                                               : s.post("/api/analyze", R"({"game": "tictactoe", "moves": "1,1 0,0"})");
            if (status == 200 && (i % 5 == 0 || answer["moves"] == expected))
                ++ok;
            else
                ADD_FAILURE() << i << ": " << status << " " << answer;
        });
    for (auto& t : clients) t.join();
    EXPECT_EQ(ok.load(), 50);
}

TEST(WebApi, ASearchStopsWhenItsClientHangsUp) {
    kinrow::web::ServerLimits limits = RunningServer::small_limits();
    limits.max_time_ms = 60000;
    RunningServer s(limits);
    // The generic search cannot solve Connect Four in a minute.
    auto started = std::chrono::steady_clock::now();
    hang_up_after(s.port(), raw_post("/api/solve", R"({"game": "connect4", "engine": "generic", "time_ms": 60000})"),
                  300ms);
    json status;
    do {
        std::this_thread::sleep_for(20ms);
        status = s.get("/api/status").second;
    } while (status["searches_running"] != 0 && std::chrono::steady_clock::now() - started < 20s);
    EXPECT_EQ(status["searches_running"], 0);
    EXPECT_EQ(status["cancelled"], 1);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
}

TEST(WebApi, WeightedTreeIsTheOneKinrowTreeDraws) {
    auto [status, tree] =
        shared_server().post("/api/tree", R"({"game": "weighted:3", "moves": "1,1 0,0", "depth": 2})");
    ASSERT_EQ(status, 200);
    auto dot = kinrow::testing::run_kinrow("tree -d 2 --alphabeta --moves '1,1 0,0'");
    ASSERT_EQ(dot.exit_code, 0);
    // DOT's node lines: `  n<number> [label=...`.
    std::size_t dot_nodes = 0;
    std::istringstream lines(dot.output);
    for (std::string line; std::getline(lines, line);) {
        std::size_t digits = line.find_first_not_of("0123456789", 3);
        dot_nodes += line.starts_with("  n") && digits != std::string::npos && digits > 3 &&
                     line.compare(digits, 7, " [label") == 0;
    }
    EXPECT_GT(dot_nodes, 1u);
    EXPECT_EQ(tree["node_count"], dot_nodes);
    EXPECT_EQ(tree["nodes"].size(), dot_nodes);
    EXPECT_EQ(tree["table"], true);  // `kinrow tree`'s default
    EXPECT_EQ(tree["nodes"][0]["parent"], -1);
    EXPECT_EQ(tree["nodes"][0]["board"], "O../.X./...");
}

TEST(WebApi, MinimaxTreesCountEveryNodeAndAgree) {
    const RunningServer& s = shared_server();
    auto pos = kinrow::Position::from_moves(kinrow::parse_game("tictactoe"), "1,1 0,0");
    for (int depth = 1; depth <= 4; ++depth) {
        auto [status, minimax] = s.post("/api/tree", json{{"game", "tictactoe"},
                                                          {"moves", "1,1 0,0"},
                                                          {"algorithm", "minimax"},
                                                          {"depth", depth},
                                                          {"max_nodes", 5000}}
                                                         .dump());
        ASSERT_EQ(status, 200);
        EXPECT_EQ(minimax["node_count"], tree_nodes(pos, depth)) << depth;
        auto [ab_status, alphabeta] =
            s.post("/api/tree",
                   json{{"game", "tictactoe"}, {"moves", "1,1 0,0"}, {"depth", depth}, {"max_nodes", 5000}}.dump());
        ASSERT_EQ(ab_status, 200);
        // Alpha-beta finds minimax's root value and best move in fewer nodes.
        EXPECT_EQ(alphabeta["nodes"][0]["value"], minimax["nodes"][0]["value"]) << depth;
        EXPECT_EQ(alphabeta["nodes"][0]["best"], minimax["nodes"][0]["best"]) << depth;
        if (depth > 1) {
            EXPECT_LT(alphabeta["node_count"], minimax["node_count"]) << depth;
            bool pruned = false;
            for (const auto& n : alphabeta["nodes"]) pruned = pruned || !n["pruned"].empty();
            EXPECT_TRUE(pruned) << depth;
        }
    }
    // The whole game: the root value is the solved value (a draw scores 0,
    // a line +-10000 from X's view).
    auto [status, full] = s.post("/api/tree", R"({"game": "tictactoe", "moves": "1,1 0,0 2,2 0,2", "depth": 9})");
    ASSERT_EQ(status, 200);
    EXPECT_EQ(full["nodes"][0]["value"], 0);
    EXPECT_EQ(full["nodes"][0]["best"], cli_json("solve tictactoe --moves '1,1 0,0 2,2 0,2'")["best_move"]);
    auto [over, too_big] = s.post("/api/tree", R"({"game": "tictactoe", "algorithm": "minimax", "depth": 9})");
    EXPECT_EQ(over, 400);
    EXPECT_NE(too_big["error"].get<std::string>().find("search tree over 2000 nodes"), std::string::npos);
}

TEST(WebApi, ABusyServerTurnsRequestsAway) {
    kinrow::web::ServerLimits limits = RunningServer::small_limits();
    limits.max_searches = 1;
    limits.max_waiting = 0;
    RunningServer s(limits);
    std::thread long_search(
        [&] { s.post("/api/solve", R"({"game": "connect4", "engine": "generic", "time_ms": 1500})"); });
    while (s.get("/api/status").second["searches_running"] != 1) std::this_thread::sleep_for(5ms);
    auto [status, answer] = s.post("/api/analyze", R"({"game": "tictactoe"})");
    EXPECT_EQ(status, 503);
    EXPECT_EQ(answer["error"], "the server is busy: too many searches; try again shortly");
    // Requests that do not search are still served.
    EXPECT_EQ(s.post("/api/position", R"({"game": "tictactoe"})").first, 200);
    long_search.join();
    EXPECT_EQ(s.post("/api/analyze", R"({"game": "tictactoe"})").first, 200);
    EXPECT_EQ(s.get("/api/status").second["rejected"], 1);
}

TEST(WebApi, ServeRefusesAddressesItCannotUse) {
    auto taken = kinrow::testing::run_kinrow("serve --host 127.0.0.1 --port " + std::to_string(shared_server().port()));
    EXPECT_EQ(taken.exit_code, 1);
    EXPECT_EQ(taken.output, "kinrow: error: cannot listen on 127.0.0.1:" + std::to_string(shared_server().port()) +
                                " (in use, or not an address of this machine)\n");
    auto foreign = kinrow::testing::run_kinrow("serve --host 192.0.2.1 --port 0");  // TEST-NET-1: not ours
    EXPECT_EQ(foreign.output,
              "kinrow: error: cannot listen on 192.0.2.1:0 (in use, or not an address of this machine)\n");
    auto range = kinrow::testing::run_kinrow("serve --port 70000");
    EXPECT_NE(range.exit_code, 0);
    EXPECT_TRUE(range.output.starts_with("kinrow: error: --port: Value 70000 not in range")) << range.output;
}
