// kinrow: solve and play k-in-a-row games.
#include <cstdio>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/error.hpp"

int main(int argc, char** argv) {
    CLI::App app{"kinrow: solve and play k-in-a-row games (m,n,k-games, Connect-k, Gomoku, "
                 "weighted tic-tac-toe)"};
    app.set_version_flag("--version", KINROW_VERSION);
    app.require_subcommand(1);
    // Every failure is one line, the same shape as kinrow::Error's.
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("kinrow: error: {} (see --help)\n", e.what());
    });
    kinrow::add_solve_commands(app);
    kinrow::add_count_command(app);
    kinrow::add_play_command(app);
    kinrow::add_bench_command(app);
    kinrow::add_weighted_commands(app);
    kinrow::add_connect_bench_command(app);
    kinrow::add_book_command(app);
    kinrow::add_gomoku_commands(app);
    kinrow::add_tune_gomoku_command(app);
    kinrow::add_serve_command(app);
    kinrow::add_verify_command(app);
    kinrow::adopt_course_spellings(argc, argv);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const kinrow::Error& e) {
        std::fflush(stdout);
        fmt::print(stderr, "kinrow: error: {}\n", e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "kinrow: error: out of memory (try a smaller --tt-mb)\n");
        return 1;
    }
    return 0;
}
