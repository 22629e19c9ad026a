// `kinrow solve GAME --batch`: Pons-style batch solving of gravity games,
// the benchmark against Pons's solver (whose published figures this mode
// reproduces): one position a line on standard input, one
// `moves score nodes microseconds` line out.
#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "engine/connect_batch.hpp"

namespace kinrow {

// One line per position: `moves score nodes microseconds`, or `line error: why`.
// The table is cleared before each position (as in Pons's solver) and the
// time covers the solve alone.
void solve_connect_batch(const SolveRequest& r, const engine::Options& options) {
    GameSpec spec = parse_game(r.position.game);
    int invalid = 0, total = 0;
    std::string line;
    std::optional<Position> pos;
    // The next valid line; invalid ones are reported and skipped.
    auto next = [&]() -> const Position* {
        while (std::getline(std::cin, line)) {
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
                line.pop_back();
            if (line.empty()) continue;
            ++total;
            try {
                pos = Position::from_moves(spec, line);
                engine::require_not_won(*pos);
                return &*pos;
            } catch (const Error& e) {
                ++invalid;
                if (r.json)
                    fmt::print("{}\n", nlohmann::json{{"moves", line}, {"error", e.what()}}.dump());
                else
                    fmt::print("{} error: {}\n", line, e.what());
            }
        }
        return nullptr;
    };
    auto print = [&](const Position&, const engine::BatchAnswer& a) {
        auto us = static_cast<long long>(a.seconds * 1e6);
        if (r.json)
            fmt::print("{}\n", nlohmann::json{{"moves", line}, {"score", a.score}, {"nodes", a.nodes},
                                              {"microseconds", us}}
                                   .dump());
        else
            fmt::print("{} {} {} {}\n", line, a.score, a.nodes, us);
    };
    engine::solve_connect_batch(spec, options, next, print);
    std::fflush(stdout);
    if (invalid) throw Error(fmt::format("{} of {} batch positions were invalid", invalid, total));
}

}  // namespace kinrow
