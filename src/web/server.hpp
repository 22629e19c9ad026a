// `kinrow serve`: the HTTP server. It routes requests to the API (api.hpp)
// and serves the page compiled into the binary (assets.hpp); cpp-httplib
// does the HTTP, and only server.cpp sees it.
//
//   GET  /, /index.html, /app.js, /app.css      the page
//   GET  /api/games, /api/status
//   POST /api/position, /api/analyze, /api/solve, /api/move, /api/tree
// Anything else is 404 with {"error": "..."}; a body over the size limit 413.
#pragma once

#include <memory>
#include <string>

#include "web/limits.hpp"

namespace kinrow::web {

class Server {
public:
    explicit Server(const ServerLimits& limits);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds host:port (port 0: any free port) and returns the port. Throws
    // Error when the address cannot be bound.
    int bind(const std::string& host, int port);
    // Serves until stop(), on the calling thread.
    void run();
    // From any thread: ends run() (the searches in progress finish first).
    void stop();
    // Whether run() is serving (tests wait for it after starting a thread).
    bool running() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace kinrow::web
