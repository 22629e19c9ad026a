// Matches between Gomoku players: kinrow's own engine in any configuration,
// or an external Gomocup brain driven over pipes. Used by `kinrow match` to
// measure every strength change.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
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
    // The plies to the five of the win claimed with the last move (0: no
    // claim, or a player that does not say).
    virtual int claimed_win() const { return 0; }
    // The player's match clock before its move, for players that manage one
    // (Gomocup's `INFO time_left`); called only in matches with a match clock.
    virtual void set_time_left(long long /*ms*/) {}
    // Called before the player's clock starts for a move: a brain that is
    // still finishing its last answer gets a moment (not charged to anyone).
    virtual void settle() {}
    // What the player said about its last move (a brain's last MESSAGE), for
    // the log of slow moves; empty if nothing.
    virtual std::string last_message() const { return ""; }
};

// Opening files: `moves` (kinrow's move lists: `h8 i9` or `7,7 8,8`),
// `offset` (Gomocup / c-gomoku-cli: `x,y, x,y` column and row offsets from
// the centre cell (size / 2)), `pos` (concatenated algebraic moves: `h8i9j7`).
enum class OpeningFormat { kMoves, kOffset, kPos };
OpeningFormat parse_opening_format(const std::string& name);
// One line of an opening file as a kinrow move list; throws Error on bad input.
std::string opening_moves(const GameSpec& spec, std::string_view line, OpeningFormat format);

// The sequential probability ratio test of H1: elo = elo1 against H0: elo =
// elo0, with error rates alpha (accepting H1 wrongly) and beta (H0 wrongly).
struct Sprt {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// `kinrow[:key=value,...]` with keys time (ms per move), depth, nodes, vcf
// and vct (0/1: the root threat searches), tt (MiB); anything else is an external brain's command line path.
// `time_ms` is the match's per-move time control, the default for both;
// `match_time_ms` the match clock an external brain is told of (0: none;
// the built-in players think `time_ms` per move regardless).
std::unique_ptr<Contestant> make_contestant(const std::string& spec, int time_ms, long long match_time_ms = 0);

struct MatchOptions {
    GameSpec game;
    int games = 10;
    int time_ms = 200;
    long long match_time_ms = 0;  // each player's clock per game (Gomocup timeout_match); 0: none
    int opening_stones = 3;  // random openings: stones near the centre
    std::uint64_t seed = 1;
    std::vector<std::string> openings;  // move lists; empty: random openings
    std::string save_path;              // SGF collection of all games; empty: none
    std::string claims_path;            // positions where a player claimed a win; empty: none
    std::optional<Sprt> sprt;           // stop early when the test decides
    bool verbose = false;
};

// Where one game at a time is played: the two players (their own engines or
// brain processes), seated for every game at this table.
struct MatchTable {
    Contestant* first = nullptr;
    Contestant* second = nullptr;
};

struct MatchResult {
    int wins = 0, draws = 0, losses = 0;  // for the first player
    // Per player (0 first, 1 second): moves that took longer than the
    // per-move time, the slowest move, and games lost on time or by an
    // illegal or missing move; games in which the player claimed a forced
    // win and did not win (a false claim); moves without a claim right after
    // a move with one (a claim let go, if only for a move).
    int late_moves[2] = {0, 0};
    long long slowest_ms[2] = {0, 0};
    int forfeits[2] = {0, 0};
    int retracted_claims[2] = {0, 0};
    int dropped_claims[2] = {0, 0};
    double score() const;                 // (wins + draws / 2) / games
    double elo() const;                   // Elo difference of the first player over the second
    double elo_error() const;             // 95% error bar of elo()
    // The log-likelihood ratio of the SPRT (normal approximation of the
    // game score, as fishtest and cutechess compute it) and its verdict:
    // +1 H1 accepted, -1 H0 accepted, 0 go on.
    double llr(const Sprt& test) const;
    int sprt_verdict(const Sprt& test) const;
};

// Plays opts.games games (each opening twice, colours swapped), printing one
// line per game when verbose. A player whose match clock runs out, or who
// gives no legal move, loses the game.
MatchResult play_match(Contestant& first, Contestant& second, const MatchOptions& opts);
// The same games played at several tables at once (each its own thread and
// players), logged and counted in game order: openings, colours and the log
// are those of play_match at one table, and so are the results when the
// players' moves do not depend on time. Time-limited players want a core
// each per table.
MatchResult play_match(std::span<const MatchTable> tables, const MatchOptions& opts);

}  // namespace kinrow::gomoku
