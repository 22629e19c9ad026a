#include "protocol/pbrain.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::gomoku {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string upper(std::string_view s) {
    std::string u(s);
    for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return u;
}

bool parse_number(std::string_view text, long long& out) {
    text = trim(text);
    if (text.empty()) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

// Parses exactly `count` comma-separated integers ("x,y" or "x,y,f").
bool parse_numbers(std::string_view text, int count, long long* out) {
    int n = 0;
    while (true) {
        auto comma = text.find(',');
        if (n == count || !parse_number(text.substr(0, comma), out[n])) return false;
        ++n;
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return n == count;
}

constexpr std::size_t kMiB = std::size_t{1} << 20;
constexpr long long kGomocupMemory = 350LL << 20;  // Gomocup's max_memory
constexpr long long kMaxThreads = 64;  // as --threads

}  // namespace

PbrainSession::PbrainSession(std::ostream& out) : out_(out) {}
PbrainSession::~PbrainSession() = default;

void PbrainSession::reply(std::string_view text) {
    out_ << text << '\n';
    out_.flush();
}

bool PbrainSession::parse_cell(std::string_view text, int& x, int& y, int* extra) const {
    long long v[3];
    if (!parse_numbers(text, extra ? 3 : 2, v)) return false;
    if (v[0] < 0 || v[0] >= width_ || v[1] < 0 || v[1] >= height_) return false;
    x = static_cast<int>(v[0]);
    y = static_cast<int>(v[1]);
    if (extra) {
        if (v[2] < 1 || v[2] > 3) return false;
        *extra = static_cast<int>(v[2]);
    }
    return true;
}

void PbrainSession::start(int width, int height) {
    if (width < 5 || height < 5 || width > kMaxFreeSide || height > kMaxFreeSide) {
        reply(fmt::format("ERROR unsupported board size {}x{} (kinrow plays 5x5 to {}x{})", width,
                          height, kMaxFreeSide, kMaxFreeSide));
        return;
    }
    width_ = width;
    height_ = height;
    stones_.assign(static_cast<std::size_t>(width * height), kFree);
    if (engine_) engine_->clear();
    prepare_engine();
    reply("OK");
}

void PbrainSession::prepare_engine() {
    // The table takes a quarter of max_memory (the rest is ample for the
    // pattern tables, the VCF table and the process), at most 256 MiB. With
    // no max_memory yet, Gomocup's 350 MB is assumed: the INFO that gives it
    // comes after START, and a table made at the first move costs that move
    // the allocation (140 ms on a loaded machine, sparring, issue 11).
    long long memory = max_memory_ > 0 ? max_memory_ : kGomocupMemory;
    std::size_t bytes = std::clamp(static_cast<std::size_t>(memory) / 4, kMiB, 256 * kMiB);
    // INFO thread_num comes after START too, but a new thread count keeps
    // the engine and its table: a table made at the first move cost a
    // two-thread brain 200 ms of a 500 ms turn (session 35).
    if (!engine_ || bytes != engine_bytes_ || rule_ != engine_rule_ || width_ != engine_width_ ||
        height_ != engine_height_) {
        engine::Options options;
        // A Gomocup brain plays with the Gomoku engine on every board size.
        options.engine = engine::EngineKind::Gomoku;
        options.tt_mb = bytes / kMiB;
        engine_ = engine::make_engine(make_game(width_, height_, 5, Placement::Free, rule_), options);
        engine_bytes_ = bytes;
        engine_rule_ = rule_;
        engine_width_ = width_;
        engine_height_ = height_;
    }
    engine_->set_threads(thread_num_);
}

// Keys other than these (game_type, folder, ...) are accepted without an
// answer, as the protocol asks. thread_num lets the search use that many
// threads (Gomocup gives it when a tournament allows them; without it, one).
void PbrainSession::info(std::string_view key, std::string_view value) {
    long long v = 0;
    if (!parse_number(value, v)) return;  // INFO has no answer; bad values are ignored
    std::string k = upper(key);
    if (k == "TIMEOUT_TURN") timeout_turn_ = std::max(0LL, v);
    else if (k == "TIMEOUT_MATCH") timeout_match_ = std::max(0LL, v);
    else if (k == "TIME_LEFT") time_left_ = std::max(0LL, v);
    else if (k == "MAX_MEMORY") max_memory_ = std::max(0LL, v);
    else if (k == "THREAD_NUM") thread_num_ = static_cast<int>(std::clamp(v, 1LL, kMaxThreads));
    else if (k == "RULE") {
        // Bit 1: exactly five. Renju (4) and caro (8) are not implemented;
        // exactly five is the nearest rule the engine knows.
        rule_ = (v & 1) || (v & 12) ? WinRule::ExactlyK : WinRule::AtLeastK;
        unsupported_rule_ = (v & 12) != 0;
    }
}

TurnBudget turn_budget(long long timeout_turn, long long timeout_match, long long time_left, long long spent_ms) {
    // Stop before the manager's limit: process and pipe latency and the
    // final iteration's overshoot (a few ms: the clock is read every 1,024
    // nodes), with room for a loaded machine: 15% of the turn and 30 ms, but
    // never more than 300 ms (395 ms of a 500 ms turn, 4,700 of 5 s, where
    // Rapfi answers in up to 4,975). A narrower margin (5% and 20 ms: 455 of
    // 500) scored no better against Rapfi at the clock (session 85), as 93%
    // of the turn did not in self-play (session 33). What the turn spent
    // before its search (`spent_ms`: a table made at the move when INFO
    // max_memory asks for another size, 70-140 ms) comes off the budget.
    long long hard = timeout_turn > 0 ? timeout_turn - std::min(timeout_turn * 15 / 100 + 30, 300LL) : 50;
    long long target = hard;
    if (timeout_match > 0) {
        // A share of what is left for a usual move, and never more than a
        // fifth of it for a hard one: the clock lasts any game length. Before
        // the first time_left the whole match time is left; a clock at 0 is
        // nearly out, not unlimited.
        long long left = time_left >= 0 ? time_left : timeout_match;
        hard = std::min(hard, left / 5 - 30);
        target = std::min(hard, left / 20 - 30);
    }
    hard -= spent_ms;
    target -= spent_ms;
    auto clamp = [](long long ms) { return static_cast<int>(std::clamp(ms, 10LL, 1LL << 30)); };
    return {clamp(hard), clamp(target)};
}

void PbrainSession::think_and_play() {
    // The manager's clock runs from the command that asks for the move.
    auto turn_start = std::chrono::steady_clock::now();
    if (!width_) return reply("ERROR no START received");
    int mine = 0, theirs = 0;
    for (auto s : stones_) {
        mine += s == kMine;
        theirs += s == kTheirs;
    }
    if (mine + theirs == width_ * height_) return reply("ERROR the board is full");
    // Colours matter to the rules only through who moves first; the side to
    // move is always this brain.
    Player me = theirs > mine ? Player::O : Player::X;
    std::vector<Cell> cells(stones_.size(), Cell::Empty);
    for (std::size_t m = 0; m < stones_.size(); ++m)
        if (stones_[m] != kFree) cells[m] = stone_of(stones_[m] == kMine ? me : opponent(me));
    Position pos = Position::from_setup(make_game(width_, height_, 5, Placement::Free, rule_), cells, me);
    prepare_engine();
    if (unsupported_rule_) reply("MESSAGE renju and caro are not supported: playing exactly five");
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - turn_start);
    TurnBudget time = turn_budget(timeout_turn_, timeout_match_, time_left_, spent.count());
    engine_->set_limits({.time_ms = time.hard_ms, .target_ms = time.target_ms});
    engine::Analysis a = engine_->choose_move(pos);
    reply(fmt::format("MESSAGE depth {} score {} nodes {} time {} ms threads {} ({})", a.stats.depth, a.value.score,
                      a.stats.nodes, static_cast<long long>(a.stats.seconds * 1000), thread_num_, a.stats.note));
    stones_[a.best_move] = kMine;
    reply(fmt::format("{},{}", a.best_move % width_, a.best_move / width_));
}

void PbrainSession::board_line(std::string_view line) {
    if (upper(line) == "DONE") {
        in_board_ = false;
        if (!board_ok_) return reply("ERROR malformed BOARD: expected X,Y,F lines with free cells");
        stones_ = board_stones_;
        return think_and_play();
    }
    int x, y, f;
    if (!board_ok_) return;
    if (!parse_cell(line, x, y, &f) || board_stones_[y * width_ + x] != kFree) {
        board_ok_ = false;
        return;
    }
    // 3 marks a winning line in continuous games: not a stone to play around.
    if (f != 3) board_stones_[y * width_ + x] = static_cast<std::uint8_t>(f);
}

bool PbrainSession::handle(std::string_view raw) {
    std::string_view line = trim(raw);
    if (line.empty()) return true;
    if (in_board_) {
        board_line(line);
        return true;
    }
    auto space = line.find_first_of(" \t");
    std::string command = upper(line.substr(0, space));
    std::string_view rest = space == std::string_view::npos ? "" : trim(line.substr(space));
    int x, y;
    long long v[2];
    // Every answer here keeps the session going.
    auto error = [&](const std::string& message) {
        reply("ERROR " + message);
        return true;
    };
    if (command == "START") {
        if (!parse_number(rest, v[0]) || v[0] > 1000) return error("START needs a size");
        start(static_cast<int>(v[0]), static_cast<int>(v[0]));
    } else if (command == "RECTSTART") {
        if (!parse_numbers(rest, 2, v) || v[0] > 1000 || v[1] > 1000)
            return error("RECTSTART needs width,height");
        start(static_cast<int>(v[0]), static_cast<int>(v[1]));
    } else if (command == "RESTART") {
        if (!width_) return error("no START received");
        std::fill(stones_.begin(), stones_.end(), kFree);
        if (engine_) engine_->clear();
        reply("OK");
    } else if (command == "BEGIN") {
        think_and_play();
    } else if (command == "TURN") {
        if (!width_) return error("no START received");
        if (!parse_cell(rest, x, y)) return error(fmt::format("bad move '{}'", rest));
        if (stones_[y * width_ + x] != kFree)
            return error(fmt::format("cell {},{} is occupied", x, y));
        stones_[y * width_ + x] = kTheirs;
        think_and_play();
    } else if (command == "BOARD") {
        if (!width_) return error("no START received");
        in_board_ = true;
        board_ok_ = true;
        board_stones_.assign(stones_.size(), kFree);
    } else if (command == "TAKEBACK") {
        if (!width_ || !parse_cell(rest, x, y) || stones_[y * width_ + x] == kFree)
            return error(fmt::format("cannot take back '{}'", rest));
        stones_[y * width_ + x] = kFree;
        reply("OK");
    } else if (command == "INFO") {
        auto sep = rest.find_first_of(" \t");
        if (sep != std::string_view::npos) info(rest.substr(0, sep), rest.substr(sep + 1));
    } else if (command == "ABOUT") {
        reply(fmt::format("name=\"kinrow\", version=\"{}\", author=\"kinrow authors\", "
                          "country=\"Unknown\", www=\"\"",
                          KINROW_VERSION));
    } else if (command == "END") {
        return false;
    } else {
        reply(fmt::format("UNKNOWN command '{}'", command));
    }
    return true;
}

int run_pbrain(std::istream& in, std::ostream& out) {
    PbrainSession session(out);
    std::string line;
    char c;
    // Lines end in LF, CR or CR LF: any CR or LF ends a line, and the empty
    // line between CR and LF is skipped by handle().
    while (in.get(c)) {
        if (c == '\n' || c == '\r') {
            if (!session.handle(line)) return 0;
            line.clear();
        } else {
            line += c;
        }
    }
    if (!line.empty()) session.handle(line);
    return 0;
}

}  // namespace kinrow::gomoku
