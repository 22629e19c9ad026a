// Matches between Gomoku players: kinrow's own engine in any configuration,
// or an external Gomocup brain driven over pipes. Used by `kinrow match` to
// measure every strength change.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/position.hpp"

namespace kinrow::gomoku {

class Contestant {
public:
    virtual ~Contestant() = default;
    virtual std::string name() const = 0;
    // A new game of `spec` starts.
    virtual void new_game(const GameSpec& spec) = 0;
    // The move for the side to move in `pos`, or kNoMove when the player
    // failed (crashed, timed out, answered nonsense); the caller checks legality.
    virtual Move choose(const Position& pos) = 0;
};

// `kinrow[:key=value,...]` with keys time (ms per move), depth, nodes, vcf
// and vct (0/1: the root threat searches), tt (MiB); anything else is an external brain's command line path.
// `time_ms` is the match's per-move time control, the default for both.
std::unique_ptr<Contestant> make_contestant(const std::string& spec, int time_ms);

struct MatchOptions {
    GameSpec game;
    int games = 10;
    int time_ms = 200;
    int opening_stones = 3;  // random openings: stones near the centre
    std::uint64_t seed = 1;
    std::vector<std::string> openings;  // move lists; empty: random openings
    std::string save_path;              // SGF collection of all games; empty: none
    bool verbose = false;
};

struct MatchResult {
    int wins = 0, draws = 0, losses = 0;  // for the first player
    double score() const;                 // (wins + draws / 2) / games
    double elo() const;                   // Elo difference of the first player over the second
    double elo_error() const;             // 95% error bar of elo()
};

// Plays opts.games games (each opening twice, colours swapped), printing one
// line per game when verbose.
MatchResult play_match(Contestant& first, Contestant& second, const MatchOptions& opts);

}  // namespace kinrow::gomoku
