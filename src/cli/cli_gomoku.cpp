// The Gomoku subcommands: `kinrow arena` (the course arena's file protocol),
// `kinrow gomocup` (the pbrain protocol on standard input/output, as the
// pbrain-kinrow executable speaks it) and `kinrow match`.
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "protocol/arena.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "protocol/match.hpp"
#include "protocol/pbrain.hpp"

namespace kinrow {

namespace {

GameSpec gomoku_game(const std::string& name) {
    GameSpec spec = parse_game(name);
    if (spec.gravity() || spec.k != 5 || spec.width < 5 || spec.height < 5)
        throw Error(fmt::format("'{}' is not a Gomoku game: use gomoku, gomoku-standard or "
                                "mnk:W,H,5[:exact] with sides 5..20",
                                name));
    return spec;
}

void add_arena_command(CLI::App& app) {
    struct Args {
        std::string game = "gomoku";
        std::string state, action;
        int time_ms = 7000;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "arena", "Play one move of the course arena's file protocol: read STATE, write 'row col' "
                 "lines to ACTION (first at once, then each improvement)");
    cmd->add_option("state", args->state, "State file: player to move (1/2), then the board rows")
        ->required();
    cmd->add_option("action", args->action, "Action file the moves are written to")->required();
    cmd->add_option("--time-ms", args->time_ms,
                    "Thinking time in milliseconds (default 7000: inside the arena's 10 s)")
        ->check(CLI::Range(1, 3600000));
    cmd->add_option("--game", args->game, "gomoku (default), gomoku-standard or mnk:W,H,5[:exact]");
    cmd->callback([args] {
        gomoku::play_arena_move(gomoku_game(args->game), args->state, args->action, args->time_ms);
    });
}

void add_gomocup_command(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "gomocup", "Speak the Gomocup pbrain protocol on standard input/output (as pbrain-kinrow)");
    cmd->callback([] {
        std::ios::sync_with_stdio(false);
        gomoku::run_pbrain(std::cin, std::cout);
    });
}

void add_match_command(CLI::App& app) {
    struct Args {
        std::string first, second, game = "gomoku", openings_file, openings_format = "moves";
        std::vector<double> sprt;
        int concurrency = 1;
        gomoku::MatchOptions options;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand(
        "match", "Play games between two engines and report W/D/L, score and Elo difference");
    cmd->add_option("first", args->first,
                    "Engine: kinrow[:time=MS,depth=N,nodes=N,turn_nodes=N,vcf=0|1,vct=0|1,tt=MiB,threads=N] "
                    "or a pbrain-* executable")
        ->required();
    cmd->add_option("second", args->second, "The opponent, in the same form")->required();
    cmd->add_option("--game", args->game, "gomoku (default), gomoku-standard or mnk:W,H,5[:exact]");
    cmd->add_option("--games", args->options.games, "Number of games (each opening twice)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--time-ms", args->options.time_ms, "Time per move in milliseconds")
        ->check(CLI::Range(1, 3600000));
    cmd->add_option("--match-time-ms", args->options.match_time_ms,
                    "Each player's clock per game (Gomocup timeout_match; external brains get "
                    "INFO time_left before each move); running out loses the game")
        ->check(CLI::Range(0LL, 360000000LL));
    cmd->add_option("--opening-stones", args->options.opening_stones,
                    "Random openings: stones placed near the centre")
        ->check(CLI::Range(0, 9));
    cmd->add_option("--openings", args->openings_file,
                    "File of openings, one per line, used in turn");
    cmd->add_option("--openings-format", args->openings_format,
                    "moves (default: 'h8 i9 j8' or '7,7 8,8'), offset (Gomocup: 'x,y, x,y' from the "
                    "centre) or pos ('h8i9j8')");
    cmd->add_option("--sprt", args->sprt,
                    "Stop when the SPRT decides: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05); "
                    "--games is then the most games played")
        ->delimiter(',')
        ->expected(4);
    cmd->add_option("--concurrency", args->concurrency,
                    "Games played at once, each with its own players (default 1); the games, colours and "
                    "log are the same, and so are the results of node- or depth-limited players")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--claims", args->options.claims_path,
                    "Write each position where a kinrow player (built-in, or pbrain-kinrow by its MESSAGE score) claimed a win: 'moves | plies'");
    cmd->add_option("--seed", args->options.seed, "Seed of the random openings");
    cmd->add_option("--save", args->options.save_path, "Save all games to this SGF file");
    cmd->add_flag("--verbose", args->options.verbose, "Print each game's result");
    cmd->callback([args] {
        gomoku::MatchOptions opts = args->options;
        opts.game = gomoku_game(args->game);
        if (!args->openings_file.empty()) {
            std::ifstream in(args->openings_file);
            if (!in) throw Error(fmt::format("cannot read openings file '{}'", args->openings_file));
            gomoku::OpeningFormat format = gomoku::parse_opening_format(args->openings_format);
            for (std::string line; std::getline(in, line);) {
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
                opts.openings.push_back(gomoku::opening_moves(opts.game, line, format));
            }
            if (opts.openings.empty()) throw Error("the openings file has no openings");
        }
        if (!args->sprt.empty()) {
            gomoku::Sprt test{args->sprt[0], args->sprt[1], args->sprt[2], args->sprt[3]};
            if (!(test.elo0 < test.elo1) || !(test.alpha > 0 && test.alpha < 0.5) ||
                !(test.beta > 0 && test.beta < 0.5))
                throw Error("--sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)");
            opts.sprt = test;
        }
        // Each table seats its own players: engines and brain processes are not shared.
        std::vector<std::unique_ptr<gomoku::Contestant>> players;
        std::vector<gomoku::MatchTable> tables;
        for (int t = 0; t < args->concurrency; ++t) {
            players.push_back(gomoku::make_contestant(args->first, opts.time_ms, opts.match_time_ms));
            players.push_back(gomoku::make_contestant(args->second, opts.time_ms, opts.match_time_ms));
            tables.push_back({players[players.size() - 2].get(), players.back().get()});
        }
        gomoku::MatchResult r = gomoku::play_match(tables, opts);
        const auto& first = players[0];
        const auto& second = players[1];
        int games = r.wins + r.draws + r.losses;
        double elo = std::abs(r.elo()) < 0.5 ? 0.0 : r.elo();  // no "-0"
        fmt::print("{} vs {}: {} games, +{} ={} -{}, score {:.1f}%, Elo {:+.0f} +/- {:.0f} (95%)\n",
                   first->name(), second->name(), games, r.wins, r.draws, r.losses, 100 * r.score(),
                   elo, r.elo_error());
        // The robustness record: Gomocup loses a game on any of these.
        for (int p = 0; p < 2; ++p)
            fmt::print("{}: {} moves over {} ms (slowest {} ms), {} forfeits, {} retracted win claims, {} claims "
                       "dropped for a move\n",
                       (p == 0 ? first : second)->name(), r.late_moves[p], opts.time_ms, r.slowest_ms[p],
                       r.forfeits[p], r.retracted_claims[p], r.dropped_claims[p]);
        if (opts.sprt) {
            const gomoku::Sprt& t = *opts.sprt;
            int verdict = r.sprt_verdict(t);
            fmt::print("SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2f} (bounds {:.2f}, {:.2f}): {}\n",
                       t.elo0, t.elo1, t.alpha, t.beta, r.llr(t), std::log(t.beta / (1 - t.alpha)),
                       std::log((1 - t.beta) / t.alpha),
                       verdict > 0 ? "H1 accepted" : verdict < 0 ? "H0 accepted" : "undecided");
        }
    });
}

}  // namespace

void add_gomoku_commands(CLI::App& app) {
    add_arena_command(app);
    add_gomocup_command(app);
    add_match_command(app);
}

}  // namespace kinrow
