// The JSON API of `kinrow serve`, apart from HTTP: each route takes the
// request body and answers a status and a JSON body, so the server stays a
// thin routing table and tests can call the API directly.
//
// Searches go through the engine facade and answer in the report layer's
// JSON (the fields of `kinrow solve --json` / `kinrow analyze --json`), with
// the limits the server applied added as "limits". Bad requests get 400 and
// {"error": "..."} with the command line's message; a busy server, or a
// search the time cap stopped without an answer, 503.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "web/limits.hpp"
#include "web/search_slots.hpp"
#include "web/search_watch.hpp"

namespace kinrow::web {

struct Reply {
    int status = 200;
    nlohmann::json body;
};

// Where a request came from, so its search can be stopped when the client
// hangs up (SearchWatch); an empty peer address watches the time cap only.
struct Connection {
    std::string peer_addr;
    int peer_port = -1;
    int local_port = -1;
};

enum class SearchRoute { Analyze, Solve, Move };

class Api {
public:
    explicit Api(const ServerLimits& limits);

    const ServerLimits& limits() const { return limits_; }

    // GET /api/games
    Reply games() const;
    // GET /api/status: the limits and the search counters.
    Reply status() const;
    // POST /api/position
    Reply position(std::string_view body) const;
    // POST /api/analyze, /api/solve, /api/move
    Reply search(SearchRoute route, std::string_view body, const Connection& from);
    // POST /api/tree
    Reply tree(std::string_view body);

private:
    // A search slot, or nothing (counted as rejected) when the server is busy.
    std::optional<SearchSlots::Lease> take_slot();

    ServerLimits limits_;
    SearchSlots slots_;
    SearchWatch watch_;
    std::atomic<std::uint64_t> searches_{0}, cancelled_{0}, timed_out_{0}, rejected_{0};
};

}  // namespace kinrow::web
