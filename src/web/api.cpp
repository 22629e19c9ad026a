#include "web/api.hpp"

#include <algorithm>
#include <new>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "report/report.hpp"
#include "web/games.hpp"
#include "web/request.hpp"
#include "web/sockets.hpp"
#include "web/tree.hpp"

namespace kinrow::web {

namespace {

using Clock = SearchWatch::Clock;
using std::chrono::milliseconds;

// Engines that honour their own time limit get this long past it before the
// watch stops them (an analysis splits its time between the moves and may
// overrun a little).
constexpr milliseconds kGrace{2000};

constexpr const char* kBusy = "the server is busy: too many searches; try again shortly";

Reply error_reply(int status, const std::string& message) { return {status, {{"error", message}}}; }

// A search's options and the time cap the watch enforces, from a request.
struct SearchPlan {
    engine::Options options;
    milliseconds cap{0};
    nlohmann::json limits;
};

SearchPlan plan_search(const RequestFields& fields, const GameSpec& spec, const ServerLimits& server) {
    SearchPlan plan;
    engine::Options& o = plan.options;
    std::string engine_name = fields.text("engine");
    if (!engine_name.empty()) o.engine = engine::parse_engine(engine_name);
    const engine::EngineKind kind = o.engine.value_or(engine::choose_engine(spec));
    int time_ms = std::min(fields.integer("time_ms", 1, 1 << 30).value_or(server.default_time_ms), server.max_time_ms);
    std::optional<int> depth = fields.integer("depth", 1, kMaxCells);
    o.tt_mb = server.tt_mb;
    switch (kind) {
        case engine::EngineKind::Weighted:
            // The weighted search takes a depth only and cannot be stopped:
            // the depth is its cap.
            if (depth && *depth > server.max_weighted_depth)
                throw Error(fmt::format("\"depth\" of the weighted search goes up to {} on this server",
                                        server.max_weighted_depth));
            o.limits.depth = depth.value_or(o.weighted_default_depth);
            plan.cap = milliseconds(server.max_time_ms) + kGrace;
            break;
        case engine::EngineKind::Connect:
            // The solver answers exactly or not at all, so a shorter time
            // would only turn answers into errors: it gets the server's
            // maximum, which the watch enforces. It refuses a depth itself.
            o.limits.depth = depth.value_or(-1);
            time_ms = server.max_time_ms;
            plan.cap = milliseconds(time_ms);
            break;
        case engine::EngineKind::Generic:
        case engine::EngineKind::Gomoku:
            o.limits.time_ms = time_ms;
            o.limits.depth = depth.value_or(-1);
            plan.cap = milliseconds(time_ms) + kGrace;
            break;
        case engine::EngineKind::Prover:
            // Proves or stops at its time limit; it takes no depth.
            o.limits.time_ms = time_ms;
            plan.cap = milliseconds(time_ms) + kGrace;
            break;
    }
    plan.limits = {{"time_ms", kind == engine::EngineKind::Weighted ? nlohmann::json() : nlohmann::json(time_ms)},
                   {"tt_mb", server.tt_mb}};
    plan.limits["depth"] = o.limits.depth >= 0 ? nlohmann::json(o.limits.depth) : nlohmann::json();
    return plan;
}

int socket_of(const Connection& from) {
    return from.peer_addr.empty() ? -1 : find_connection_socket(from.peer_addr, from.peer_port, from.local_port);
}

}  // namespace

Api::Api(const ServerLimits& limits) : limits_(limits), slots_(limits.max_searches, limits.max_waiting) {}

Reply Api::games() const { return {200, games_json()}; }

Reply Api::status() const {
    return {200,
            {{"searches_running", slots_.running()},
             {"searches_waiting", slots_.waiting()},
             {"searches", searches_.load()},
             {"cancelled", cancelled_.load()},
             {"timed_out", timed_out_.load()},
             {"rejected", rejected_.load()},
             {"limits",
              {{"default_time_ms", limits_.default_time_ms},
               {"max_time_ms", limits_.max_time_ms},
               {"tt_mb", limits_.tt_mb},
               {"max_searches", limits_.max_searches},
               {"max_waiting", limits_.max_waiting},
               {"queue_wait_ms", limits_.queue_wait_ms},
               {"max_body_bytes", limits_.max_body_bytes},
               {"max_tree_nodes", limits_.max_tree_nodes},
               {"max_tree_cells", limits_.max_tree_cells},
               {"max_weighted_depth", limits_.max_weighted_depth}}}}};
}

Reply Api::position(std::string_view body) const {
    try {
        WebPosition p = load_web_position(RequestFields(body, {}));
        return {200, position_json(p.game, p.position)};
    } catch (const Error& e) {
        return error_reply(400, e.what());
    }
}

std::optional<SearchSlots::Lease> Api::take_slot() {
    auto lease = slots_.lease(milliseconds(limits_.queue_wait_ms));
    if (!lease) ++rejected_;
    return lease;
}

Reply Api::search(SearchRoute route, std::string_view body, const Connection& from) {
    std::optional<WebPosition> request;
    SearchPlan plan;
    try {
        RequestFields fields(body, {"time_ms", "depth", "engine"});
        request = load_web_position(fields);
        plan = plan_search(fields, request->position.spec(), limits_);
        if (game_result(request->position) != Result::Ongoing) throw Error("the game is already over");
    } catch (const Error& e) {
        return error_reply(400, e.what());
    }
    auto slot = take_slot();
    if (!slot) return error_reply(503, kBusy);
    ++searches_;
    SearchWatch::Ticket ticket(watch_, socket_of(from), Clock::now() + plan.cap);
    plan.options.stop = ticket.stop_flag();
    const Position& pos = request->position;
    std::string engine_name;
    try {
        auto engine = engine::make_engine(pos.spec(), plan.options);
        engine_name = engine::engine_name(engine->kind());
        nlohmann::json answer = route == SearchRoute::Analyze ? report::move_analysis_json(pos, engine->analyze(pos))
                                : route == SearchRoute::Solve ? report::analysis_json(pos, engine->solve(pos))
                                                              : report::analysis_json(pos, engine->choose_move(pos));
        if (ticket.reason() == SearchWatch::Reason::ClientGone) ++cancelled_;
        answer["game"] = request->game;
        answer["limits"] = plan.limits;
        return {200, answer};
    } catch (const engine::Stopped&) {
        if (ticket.reason() == SearchWatch::Reason::ClientGone) {
            ++cancelled_;
            return error_reply(503, "the search was stopped: the client went away");
        }
        ++timed_out_;
        return error_reply(503, fmt::format("no answer within the server's time cap of {} ms (the {} engine "
                                            "answers exactly or not at all)",
                                            plan.cap.count(), engine_name));
    } catch (const Error& e) {
        return error_reply(400, e.what());
    } catch (const std::bad_alloc&) {
        return error_reply(503, "out of memory");
    }
}

Reply Api::tree(std::string_view body) {
    std::optional<WebPosition> request;
    TreeRequest tree;
    try {
        RequestFields fields(body, {"algorithm", "depth", "max_nodes", "table"});
        request = load_web_position(fields);
        if (request->position.cells() > limits_.max_tree_cells)
            throw Error(fmt::format("search trees are drawn for boards of up to {} cells; {} has {}",
                                    limits_.max_tree_cells, request->game, request->position.cells()));
        std::string algorithm = fields.text("algorithm");
        if (!algorithm.empty() && algorithm != "minimax" && algorithm != "alphabeta")
            throw Error(fmt::format("unknown algorithm '{}': expected minimax or alphabeta", algorithm));
        tree.alphabeta = algorithm != "minimax";
        tree.depth = fields.integer("depth", 1, kMaxCells).value_or(tree.depth);
        const int max_nodes = static_cast<int>(limits_.max_tree_nodes);
        tree.max_nodes = static_cast<std::size_t>(
            fields.integer("max_nodes", 1, max_nodes).value_or(std::min(max_nodes, static_cast<int>(tree.max_nodes))));
        // Weighted games: the table on, as `kinrow tree` has it; other games
        // show the textbook algorithms without one.
        tree.table = fields.flag("table").value_or(request->position.spec().weighted());
    } catch (const Error& e) {
        return error_reply(400, e.what());
    }
    // A tree is bounded by its node cap: it needs a slot, not a watch.
    auto slot = take_slot();
    if (!slot) return error_reply(503, kBusy);
    ++searches_;
    try {
        nlohmann::json answer = search_tree_json(request->position, tree);
        answer["game"] = request->game;
        answer["position"] = report::position_text(request->position);
        return {200, answer};
    } catch (const Error& e) {
        return error_reply(400, e.what());
    }
}

}  // namespace kinrow::web
