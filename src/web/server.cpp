#include "web/server.hpp"

#include <httplib.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "web/api.hpp"
#include "web/assets.hpp"
#include "web/sockets.hpp"

namespace kinrow::web {

namespace {

constexpr const char* kJson = "application/json";

std::string_view content_type(std::string_view path) {
    if (path.ends_with(".html")) return "text/html; charset=utf-8";
    if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
    if (path.ends_with(".css")) return "text/css; charset=utf-8";
    if (path.ends_with(".svg")) return "image/svg+xml";
    if (path.ends_with(".png")) return "image/png";
    return "application/octet-stream";
}

void send(httplib::Response& res, const Reply& reply) {
    res.status = reply.status;
    res.set_content(reply.body.dump(), kJson);
}

Connection connection_of(const httplib::Request& req) { return {req.remote_addr, req.remote_port, req.local_port}; }

const char* status_text(int status) {
    switch (status) {
        case 404: return "not found";
        case 413: return "request body too large";
        case 400: return "bad request";
        case 503: return "service unavailable";
        default: return "error";
    }
}

}  // namespace

struct Server::Impl {
    explicit Impl(const ServerLimits& limits) : api(limits) {}
    Api api;
    httplib::Server http;
};

Server::Server(const ServerLimits& limits) : impl_(std::make_unique<Impl>(limits)) {
    httplib::Server& http = impl_->http;
    Api& api = impl_->api;
    const int threads = limits.threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    // httplib's default sets SO_REUSEPORT, with which a second server on a
    // port in use binds too and the kernel shares the clients between them.
    // SO_REUSEADDR alone still lets a restarted server reuse its port at once.
    http.set_socket_options([](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_payload_max_length(limits.max_body_bytes);
    // httplib writes a response's head and body separately: with Nagle's
    // algorithm the body waits for the client's delayed ACK, 40 ms a request.
    http.set_tcp_nodelay(true);
    // Browsers keep idle connections open; a short keep-alive frees their
    // threads for other clients.
    http.set_keep_alive_timeout(2);
    http.set_read_timeout(5);
    http.set_write_timeout(5);

    for (const Asset& asset : assets()) {
        auto serve = [asset](const httplib::Request&, httplib::Response& res) {
            res.set_content(asset.body.data(), asset.body.size(), std::string(content_type(asset.path)));
            res.set_header("Cache-Control", "no-cache");
        };
        http.Get(std::string(asset.path), serve);
        if (asset.path == "/index.html") http.Get("/", serve);
    }
    http.Get("/api/games", [&api](const httplib::Request&, httplib::Response& res) { send(res, api.games()); });
    http.Get("/api/status", [&api](const httplib::Request&, httplib::Response& res) { send(res, api.status()); });
    http.Post("/api/position",
              [&api](const httplib::Request& req, httplib::Response& res) { send(res, api.position(req.body)); });
    for (auto [path, route] : {std::pair{"/api/analyze", SearchRoute::Analyze},
                               std::pair{"/api/solve", SearchRoute::Solve}, std::pair{"/api/move", SearchRoute::Move}})
        http.Post(path, [&api, route = route](const httplib::Request& req, httplib::Response& res) {
            send(res, api.search(route, req.body, connection_of(req)));
        });
    http.Post("/api/tree",
              [&api](const httplib::Request& req, httplib::Response& res) { send(res, api.tree(req.body)); });

    // Unknown routes, oversized bodies and any error status without a body
    // of its own get a JSON error too, so clients read one shape.
    http.set_error_handler(
        httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
            std::string message =
                res.status == 404 ? fmt::format("no such route: {} {}", req.method, req.path) : status_text(res.status);
            res.set_content(nlohmann::json{{"error", message}}.dump(), kJson);
            return httplib::Server::HandlerResponse::Handled;
        }));
    // The API catches its own errors; this is the last line against a bug.
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string message = "internal error";
        try {
            std::rethrow_exception(ep);
        } catch (const std::exception& e) {
            message += std::string(": ") + e.what();
        } catch (...) {
        }
        res.status = 500;
        res.set_content(nlohmann::json{{"error", message}}.dump(), kJson);
    });
}

Server::~Server() = default;

int Server::bind(const std::string& host, int port) {
    int bound = port == 0 ? impl_->http.bind_to_any_port(host) : impl_->http.bind_to_port(host, port) ? port : -1;
    if (bound <= 0)
        throw Error(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", host, port));
    widen_listen_backlog(bound);
    return bound;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() { impl_->http.stop(); }

bool Server::running() const { return impl_->http.is_running(); }

}  // namespace kinrow::web
