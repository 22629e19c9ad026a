// `kinrow serve`: the web page and its JSON API on a local port.
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <thread>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "web/server.hpp"

extern char** environ;

namespace kinrow {

namespace {

struct ServeArgs {
    std::string host = "127.0.0.1";
    int port = 8080;
    bool open = false;
    web::ServerLimits limits;
};

bool loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

// Hands the address to the desktop's browser; the server runs either way.
void open_browser(const std::string& url) {
    const char* argv[] = {"xdg-open", url.c_str(), nullptr};
    pid_t pid = 0;
    if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0)
        fmt::print(stderr, "kinrow: could not run xdg-open; open {} in a browser\n", url);
    else
        std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();  // no zombie left behind
}

void run_serve(const ServeArgs& args) {
    web::Server server(args.limits);
    int port = server.bind(args.host, args.port);
    // An IPv6 address goes in brackets in a URL.
    std::string host = args.host.find(':') != std::string::npos ? "[" + args.host + "]" : args.host;
    std::string url = fmt::format("http://{}:{}", host, port);
    fmt::print("kinrow: serving on {} (Ctrl-C stops)\n", url);
    if (!loopback(args.host))
        fmt::print("kinrow: warning: {} is reachable from other machines; anyone who reaches it can run searches\n",
                   args.host);
    std::fflush(stdout);
    if (args.open) open_browser(url);
    server.run();
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto args = std::make_shared<ServeArgs>();
    web::ServerLimits& l = args->limits;
    auto* cmd = app.add_subcommand("serve", "The web page: play, analyse and watch the search in a browser");
    cmd->add_option("--host", args->host, "Address to listen on (default: this machine only)")->capture_default_str();
    cmd->add_option("--port", args->port, "Port (0: any free port)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    cmd->add_flag("--open", args->open, "Open the page in the desktop's browser (xdg-open)");
    cmd->add_option("--max-time-ms", l.max_time_ms, "The longest search a request may ask for")
        ->capture_default_str()
        ->check(integer_at_least(1));
    cmd->add_option("--default-time-ms", l.default_time_ms, "A search's time when the request names none")
        ->capture_default_str()
        ->check(integer_at_least(1));
    cmd->add_option("--tt-mb", l.tt_mb, "Each search's transposition table in MiB")
        ->capture_default_str()
        ->check(table_megabytes());
    cmd->add_option("--max-searches", l.max_searches, "Searches running at once (more wait, then get 503)")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->add_option("--max-waiting", l.max_waiting, "Requests waiting for a search; more get 503 at once")
        ->capture_default_str()
        ->check(CLI::Range(0, 4096));
    cmd->callback([args] {
        if (args->limits.default_time_ms > args->limits.max_time_ms)
            throw Error("--default-time-ms must not exceed --max-time-ms");
        run_serve(*args);
    });
}

}  // namespace kinrow
