// The Gomocup (Piskvork) "pbrain" protocol on a pair of streams: managers
// (Piskvork, the Gomocup judge, c-gomoku-cli) send one command per line and
// read one answer per line. This layer only translates text to engine calls
// and back; it validates every input and answers ERROR rather than ever
// playing on an occupied or off-board cell.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.hpp"

namespace kinrow::gomoku {

// Milliseconds for one move: the limit, and what a usual move takes.
struct TurnBudget {
    int hard_ms, target_ms;
};

// The budget under the manager's INFO limits (0: not given; time_left -1:
// not received yet), less what the turn has spent before its search starts.
TurnBudget turn_budget(long long timeout_turn, long long timeout_match, long long time_left, long long spent_ms = 0);

class PbrainSession {
public:
    explicit PbrainSession(std::ostream& out);
    ~PbrainSession();

    // Handles one line (without its line ending). Returns false after END.
    bool handle(std::string_view line);

private:
    enum Stone : std::uint8_t { kFree = 0, kMine = 1, kTheirs = 2 };

    void start(int width, int height);
    void think_and_play();
    // Makes the engine for the board, rule and memory now set, unless the one
    // there fits: at START (the manager does not time it) and before a move.
    void prepare_engine();
    void info(std::string_view key, std::string_view value);
    void board_line(std::string_view line);
    bool parse_cell(std::string_view text, int& x, int& y, int* extra = nullptr) const;
    void reply(std::string_view text);

    std::ostream& out_;
    std::unique_ptr<engine::Engine> engine_;
    int width_ = 0, height_ = 0;  // 0: no START yet
    std::vector<std::uint8_t> stones_;  // row-major Stone values
    bool in_board_ = false;
    bool board_ok_ = true;
    std::vector<std::uint8_t> board_stones_;
    WinRule rule_ = WinRule::AtLeastK;
    bool unsupported_rule_ = false;
    // Limits from INFO (milliseconds, bytes); 0 means "not given / no limit".
    long long timeout_turn_ = 5000, timeout_match_ = 0, max_memory_ = 0;
    long long time_left_ = -1;  // -1: not received yet
    int thread_num_ = 1;        // INFO thread_num; one thread until the manager allows more
    // What engine_ was made for: a change makes a new one.
    std::size_t engine_bytes_ = 0;
    WinRule engine_rule_ = WinRule::AtLeastK;
    int engine_width_ = 0, engine_height_ = 0;
};

// Reads commands from `in` until END or end of input; lines may end in CR,
// LF or CR LF. Returns the process exit code.
int run_pbrain(std::istream& in, std::ostream& out);

}  // namespace kinrow::gomoku
