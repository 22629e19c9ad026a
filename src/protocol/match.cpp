#include "protocol/match.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "gomoku/search.hpp"
#include "protocol/subprocess.hpp"

namespace kinrow::gomoku {

namespace {

class EnginePlayer : public Contestant {
public:
    EnginePlayer(std::string name, engine::Options options) : name_(std::move(name)), options_(std::move(options)) {
        options_.engine = engine::EngineKind::Gomoku;
    }
    std::string name() const override { return name_; }
    void new_game(const GameSpec& spec) override {
        if (engine_) engine_->clear();
        else engine_ = engine::make_engine(spec, options_);
    }
    Move choose(const Position& pos) override {
        engine::Analysis a = engine_->choose_move(pos);
        claim_ = a.value.score > kWinThreshold ? kWinScore - static_cast<int>(a.value.score) : 0;
        return a.best_move;
    }
    int claimed_win() const override { return claim_; }

private:
    int claim_ = 0;
    std::string name_;
    engine::Options options_;
    std::unique_ptr<engine::Engine> engine_;
};

// An external brain, driven as Gomocup managers drive it: the opening (or any
// position it does not know) as BOARD on a fresh board, then the opponent's
// moves one by one with TURN. Brains like Pela keep their own board and do
// not clear it on BOARD, so a second BOARD would stack stones on stones.
class BrainPlayer : public Contestant {
public:
    BrainPlayer(std::string path, int time_ms, long long match_time_ms)
        : path_(std::move(path)), time_ms_(time_ms), match_time_ms_(match_time_ms) {}
    // END lets the brain exit by itself (the subprocess kills it after that).
    ~BrainPlayer() override {
        if (!process_) return;
        send("END");
        process_->finish(2000);
    }
    std::string name() const override { return path_; }

    void new_game(const GameSpec& spec) override {
        if (!process_) process_ = std::make_unique<Subprocess>(std::vector<std::string>{path_});
        // The last game may have ended on this brain's move a moment ago:
        // Rapfi would drop the START and read the size as a command.
        settle();
        width_ = spec.width;
        bool square = spec.width == spec.height;
        send(square ? fmt::format("START {}", spec.width)
                    : fmt::format("RECTSTART {},{}", spec.width, spec.height));
        std::string answer = answer_line(10000);
        if (answer != "OK")
            throw Error(fmt::format("{} refused the board {}x{}: '{}'", path_, spec.width, spec.height,
                                    answer));
        // Gomocup's conditions: 350 MB, one thread, the per-move and match limits.
        send(fmt::format("INFO timeout_turn {}", time_ms_));
        send(fmt::format("INFO timeout_match {}", match_time_ms_));
        send("INFO max_memory 367001600");
        send("INFO thread_num 1");
        send(fmt::format("INFO rule {}", spec.win_rule == WinRule::ExactlyK ? 1 : 0));
        known_.clear();
        fresh_ = true;
    }

    void set_time_left(long long ms) override { send(fmt::format("INFO time_left {}", ms)); }

    // Some brains print their move before they are ready for the next
    // command: Rapfi drops a TURN (or a START) that comes while its search
    // thread is finishing, and then reads the coordinates (or the size) as an
    // unknown command. A manager's own latency hides that; a fast opponent
    // here does not.
    void settle() override {
        auto ready = last_answer_ + std::chrono::milliseconds(kSettleMs);
        if (std::chrono::steady_clock::now() < ready) std::this_thread::sleep_until(ready);
    }

    Move choose(const Position& pos) override {
        const std::vector<Move>& history = pos.history();
        bool one_more = history.size() == known_.size() + 1 &&
                        std::equal(known_.begin(), known_.end(), history.begin());
        if (one_more && !known_.empty()) {
            send(fmt::format("TURN {},{}", history.back() % width_, history.back() / width_));
        } else if (history.empty()) {
            send("BEGIN");
        } else {
            if (!fresh_) {
                send("RESTART");
                if (answer_line(10000) != "OK") return fail();
            }
            std::string text = "BOARD\n";
            Cell own = stone_of(pos.side_to_move());
            for (Move m : history)
                text += fmt::format("{},{},{}\n", m % width_, m / width_, pos.at(m) == own ? 1 : 2);
            send(text + "DONE");
        }
        fresh_ = false;
        // The brain gets its time plus a second of grace for process overhead.
        std::string answer = answer_line(time_ms_ + 1000);
        long long x = -1, y = -1;
        if (std::sscanf(answer.c_str(), "%lld,%lld", &x, &y) != 2 || x < 0 || y < 0 ||
            x >= pos.width() || y >= pos.height())
            return fail();
        Move m = pos.cell(static_cast<int>(y), static_cast<int>(x));
        last_answer_ = std::chrono::steady_clock::now();
        known_ = history;
        known_.push_back(m);
        return m;
    }
    int claimed_win() const override { return claim_; }
    std::string last_message() const override { return last_message_; }

private:
    // A late answer would be read as the next move: start afresh.
    Move fail() {
        process_.reset();
        return kNoMove;
    }
    void send(const std::string& line) { process_->write(line + "\n"); }
    // The next line that is not MESSAGE/DEBUG chatter; empty on timeout.
    std::string answer_line(int timeout_ms) {
        claim_ = 0;
        last_message_.clear();
        while (auto line = process_->read_line(timeout_ms)) {
            if (line->starts_with("MESSAGE")) {
                read_claim(*line);
                last_message_ = *line;
            }
            if (line->starts_with("MESSAGE") || line->starts_with("DEBUG") || line->empty()) continue;
            return *line;
        }
        return "";
    }
    // pbrain-kinrow reports `MESSAGE depth D score S ...` before its move: a
    // win score there is a claim, to be checked against the game like the
    // built-in players' claims.
    void read_claim(const std::string& line) {
        long long depth = 0, score = 0;
        if (std::sscanf(line.c_str(), "MESSAGE depth %lld score %lld", &depth, &score) == 2 &&
            score > kWinThreshold && score <= kWinScore)
            claim_ = kWinScore - static_cast<int>(score);
    }

    std::string path_;
    int time_ms_;
    long long match_time_ms_;
    int claim_ = 0;
    std::string last_message_;
    int width_ = 0;
    static constexpr int kSettleMs = 50;
    std::chrono::steady_clock::time_point last_answer_;
    std::vector<Move> known_;  // the moves on the brain's board, its own reply last
    bool fresh_ = true;        // no stone on the brain's board since START
    std::unique_ptr<Subprocess> process_;
};

std::string sgf_point(const GameSpec& spec, Move m) {
    return fmt::format("{}{}", static_cast<char>('a' + m % spec.width),
                       static_cast<char>('a' + m / spec.width));
}

// Distinct cells around the centre, alternating colours from black.
std::string random_opening(const GameSpec& spec, int stones, std::mt19937_64& rng) {
    while (true) {
        Position pos(spec);
        int cr = spec.height / 2, cc = spec.width / 2;
        for (int i = 0; i < stones; ++i) {
            Move m;
            do {
                int r = cr + static_cast<int>(rng() % 5) - 2, c = cc + static_cast<int>(rng() % 5) - 2;
                m = pos.cell(r, c);
            } while (!pos.is_legal(m));
            pos.play(m);
        }
        if (!pos.game_over()) return pos.move_list_string();
    }
}

}  // namespace

std::unique_ptr<Contestant> make_contestant(const std::string& spec, int time_ms, long long match_time_ms) {
    if (spec != "kinrow" && !spec.starts_with("kinrow:"))
        return std::make_unique<BrainPlayer>(spec, time_ms, match_time_ms);
    engine::Options options;
    engine::Limits& limits = options.limits;
    limits.time_ms = time_ms;
    options.tt_mb = 32;
    std::string_view rest = spec == "kinrow" ? "" : std::string_view(spec).substr(7);
    while (!rest.empty()) {
        auto comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
        auto eq = item.find('=');
        std::string key(item.substr(0, eq));
        long long value = 0;
        if (eq == std::string_view::npos ||
            std::sscanf(std::string(item.substr(eq + 1)).c_str(), "%lld", &value) != 1 || value < 0)
            throw Error(fmt::format("bad engine option '{}' in '{}' (expected key=number)", item, spec));
        if (key == "time") limits.time_ms = static_cast<int>(value);
        else if (key == "depth") limits.depth = static_cast<int>(value);
        else if (key == "nodes") limits.nodes = static_cast<std::uint64_t>(value);
        else if (key == "vcf") options.gomoku_root_vcf = value != 0;
        else if (key == "vct") options.gomoku_root_vct = value != 0;
        else if (key == "turn_nodes") options.gomoku_turn_nodes = static_cast<std::uint64_t>(value);
        else if (key == "tt") options.tt_mb = static_cast<std::size_t>(std::max(1LL, value));
        else if (key == "threads") options.threads = static_cast<int>(std::clamp(value, 1LL, 64LL));
        else throw Error(fmt::format("unknown engine option '{}' in '{}' (time, depth, nodes, turn_nodes, vcf, vct, tt, threads)",
                                     key, spec));
    }
    return std::make_unique<EnginePlayer>(spec, options);
}

OpeningFormat parse_opening_format(const std::string& name) {
    if (name == "moves") return OpeningFormat::kMoves;
    if (name == "offset") return OpeningFormat::kOffset;
    if (name == "pos") return OpeningFormat::kPos;
    throw Error(fmt::format("unknown opening format '{}' (moves, offset, pos)", name));
}

std::string opening_moves(const GameSpec& spec, std::string_view line, OpeningFormat format) {
    std::string moves;
    auto bad = [&](const char* why) {
        return Error(fmt::format("bad opening '{}': {}", line, why));
    };
    if (format == OpeningFormat::kMoves) {
        moves = std::string(line);
    } else if (format == OpeningFormat::kOffset) {
        std::vector<long> numbers;
        std::string text(line);
        for (char& c : text)
            if (c == ',') c = ' ';
        std::istringstream in(text);
        for (std::string token; in >> token;) {
            char* end = nullptr;
            long v = std::strtol(token.c_str(), &end, 10);
            if (*end) throw bad("offsets are integers");
            numbers.push_back(v);
        }
        if (numbers.size() % 2) throw bad("offsets come in x,y pairs");
        for (std::size_t i = 0; i < numbers.size(); i += 2) {
            long col = numbers[i] + spec.width / 2, row = numbers[i + 1] + spec.height / 2;
            if (col < 0 || row < 0 || col >= spec.width || row >= spec.height) throw bad("an offset is off the board");
            moves += fmt::format("{}{},{}", moves.empty() ? "" : " ", row, col);
        }
    } else {
        // Each move is a column letter and a row number.
        for (std::size_t i = 0; i < line.size();) {
            if (std::isspace(static_cast<unsigned char>(line[i]))) {
                ++i;
                continue;
            }
            std::size_t j = i + 1;
            while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
            if (!std::isalpha(static_cast<unsigned char>(line[i])) || j == i + 1) throw bad("expected moves like h8i9");
            if (!moves.empty()) moves += ' ';
            moves.append(line.substr(i, j - i));
            i = j;
        }
    }
    Position::from_moves(spec, moves);  // validates: on the board, distinct, no finished game
    return moves;
}

double MatchResult::score() const {
    int games = wins + draws + losses;
    return games ? (wins + 0.5 * draws) / games : 0.5;
}

namespace {

double elo_of(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }

// A score of 0 or 1 has no finite Elo: clamp it half a game from the edge.
double clamped_score(const MatchResult& r) {
    int games = r.wins + r.draws + r.losses;
    double edge = games ? 0.5 / games : 0.5;
    return std::clamp(r.score(), edge, 1.0 - edge);
}

}  // namespace

double MatchResult::elo() const { return elo_of(clamped_score(*this)); }

double MatchResult::elo_error() const {
    int games = wins + draws + losses;
    if (!games) return 0;
    double s = clamped_score(*this);
    double variance =
        (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / games;
    double se = std::sqrt(variance / games);
    // Elo is flat near 50% and steep near the edges: d elo / d s.
    double slope = 400.0 / std::log(10.0) / (s * (1 - s));
    return 1.96 * se * slope;
}

double MatchResult::llr(const Sprt& test) const {
    int games = wins + draws + losses;
    if (!games) return 0;
    double s = score();
    double variance = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / games;
    if (variance <= 0) return 0;  // every game alike: no evidence of spread yet
    auto expected = [](double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); };
    double s0 = expected(test.elo0), s1 = expected(test.elo1);
    return games * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
}

int MatchResult::sprt_verdict(const Sprt& test) const {
    double value = llr(test);
    if (value >= std::log((1 - test.beta) / test.alpha)) return +1;
    if (value <= std::log(test.beta / (1 - test.alpha))) return -1;
    return 0;
}

namespace {

// One finished game, as a table reports it; `play_match` adds it to the
// result, the log and the files in game order.
struct GameRecord {
    Result outcome = Result::Ongoing;
    bool first_is_black = true;
    std::string black_name, white_name, note;
    std::vector<Move> moves;
    std::size_t opening_length = 0;
    // Per player (0 first, 1 second), as in MatchResult.
    int late_moves[2] = {0, 0};
    long long slowest_ms[2] = {0, 0};
    int forfeits[2] = {0, 0};
    int retracted_claims[2] = {0, 0};
    int dropped_claims[2] = {0, 0};
    std::vector<std::string> move_notes;   // the verbose log of single moves: over the limit, a claim let go
    std::vector<std::string> claim_lines;  // 'moves | plies', the first claim of each side
};

GameRecord play_game(int game, const std::string& opening, const MatchTable& table, const MatchOptions& opts) {
    GameRecord record;
    record.first_is_black = game % 2 == 0;  // each opening twice, the players swapping colours
    Contestant& black = record.first_is_black ? *table.first : *table.second;
    Contestant& white = record.first_is_black ? *table.second : *table.first;
    record.black_name = black.name();
    record.white_name = white.name();
    Position pos = Position::from_moves(opts.game, opening);
    black.new_game(opts.game);
    white.new_game(opts.game);
    record.opening_length = pos.history().size();
    Result outcome = Result::Ongoing;
    bool claimed[2] = {false, false};
    int last_claim[2] = {0, 0};  // the plies each side claimed with its last move (0: none)
    long long clock[2] = {opts.match_time_ms, opts.match_time_ms};  // black, white
    auto player_of = [&](int side) { return (side == 0) == record.first_is_black ? 0 : 1; };
    while (!pos.game_over()) {
        int side = pos.side_to_move() == kinrow::Player::X ? 0 : 1;
        Contestant& mover = side == 0 ? black : white;
        int player = player_of(side);
        mover.settle();
        if (opts.match_time_ms > 0) mover.set_time_left(clock[side]);
        auto started = std::chrono::steady_clock::now();
        Move m = mover.choose(pos);
        long long used = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - started)
                             .count();
        record.slowest_ms[player] = std::max(record.slowest_ms[player], used);
        if (used > opts.time_ms) {
            ++record.late_moves[player];
            record.move_notes.push_back(fmt::format(
                "game {} move {}: {} took {} ms (limit {} ms){}{}", game + 1, pos.history().size() + 1,
                mover.name(), used, opts.time_ms, mover.last_message().empty() ? "" : ": ",
                mover.last_message()));
        }
        // The first claim of each player per game: a position to check.
        if (mover.claimed_win() && !claimed[side]) {
            claimed[side] = true;
            record.claim_lines.push_back(fmt::format("{} | {}", pos.move_list_string(), mover.claimed_win()));
        }
        clock[side] -= used;
        bool flagged = opts.match_time_ms > 0 && clock[side] < 0;
        if (!pos.is_legal(m) || flagged) {
            outcome = pos.side_to_move() == kinrow::Player::X ? Result::OWins : Result::XWins;
            record.note = fmt::format("{} forfeits ({})", mover.name(),
                                      flagged ? "its match clock ran out" : "no legal move in time");
            ++record.forfeits[player];
            break;
        }
        pos.play(m);
        // A forced win stays forced after any reply: a player that claimed one
        // and does not claim it with its next move (but the five) let it go,
        // and may not find it again, or show a referee a retracted claim.
        bool five = pos.result() == (side == 0 ? Result::XWins : Result::OWins);
        if (last_claim[side] && !mover.claimed_win() && !five) {
            ++record.dropped_claims[player];
            record.move_notes.push_back(fmt::format("game {} move {}: {} let go its claim of a win in {} plies",
                                                    game + 1, pos.history().size(), mover.name(),
                                                    last_claim[side]));
        }
        last_claim[side] = mover.claimed_win();
    }
    if (outcome == Result::Ongoing) outcome = pos.result();
    // A claimed forced win that the game did not bear out: the claim was false.
    for (int side = 0; side < 2; ++side)
        if (claimed[side] && outcome != (side == 0 ? Result::XWins : Result::OWins)) {
            ++record.retracted_claims[player_of(side)];
            record.note += fmt::format("{}{} claimed a win it did not make", record.note.empty() ? "" : "; ",
                                       side == 0 ? record.black_name : record.white_name);
        }
    record.outcome = outcome;
    record.moves = pos.history();
    return record;
}

// The result, the log and the files, one game at a time in game order.
class MatchLedger {
public:
    explicit MatchLedger(const MatchOptions& opts) : opts_(opts) {
        if (!opts.save_path.empty()) {
            sgf_.open(opts.save_path);
            if (!sgf_) throw Error(fmt::format("cannot write '{}'", opts.save_path));
        }
        if (!opts.claims_path.empty()) {
            claims_.open(opts.claims_path);
            if (!claims_) throw Error(fmt::format("cannot write '{}'", opts.claims_path));
        }
    }
    const MatchResult& result() const { return result_; }

    void add(int game, const GameRecord& g) {
        for (int p = 0; p < 2; ++p) {
            result_.late_moves[p] += g.late_moves[p];
            result_.slowest_ms[p] = std::max(result_.slowest_ms[p], g.slowest_ms[p]);
            result_.forfeits[p] += g.forfeits[p];
            result_.retracted_claims[p] += g.retracted_claims[p];
            result_.dropped_claims[p] += g.dropped_claims[p];
        }
        bool first_won = (g.outcome == Result::XWins) == g.first_is_black;
        if (g.outcome == Result::Draw) ++result_.draws;
        else if (first_won) ++result_.wins;
        else ++result_.losses;
        const char* re = g.outcome == Result::XWins ? "B+" : g.outcome == Result::OWins ? "W+" : "0";
        if (opts_.verbose) {
            for (const std::string& line : g.move_notes) fmt::print("{}\n", line);
            fmt::print("game {}: {} (black) vs {} (white): {} after {} moves{}{}\n", game + 1, g.black_name,
                       g.white_name, g.outcome == Result::Draw ? "draw" : re, g.moves.size(),
                       g.note.empty() ? "" : ", ", g.note);
            std::fflush(stdout);
        }
        if (claims_) {
            for (const std::string& line : g.claim_lines) claims_ << line << '\n';
            claims_.flush();
        }
        if (sgf_) {
            const GameSpec& spec = opts_.game;
            std::string size = spec.width == spec.height ? std::to_string(spec.width)
                                                         : fmt::format("{}:{}", spec.width, spec.height);
            sgf_ << fmt::format("(;GM[4]FF[4]SZ[{}]PB[{}]PW[{}]RE[{}]C[opening of {} stones{}{}]", size,
                                g.black_name, g.white_name, re, g.opening_length, g.note.empty() ? "" : "; ",
                                g.note);
            for (std::size_t i = 0; i < g.moves.size(); ++i)
                sgf_ << fmt::format(";{}[{}]", i % 2 == 0 ? 'B' : 'W', sgf_point(spec, g.moves[i]));
            sgf_ << ")\n";
            sgf_.flush();
        }
    }

private:
    const MatchOptions& opts_;
    MatchResult result_;
    std::ofstream sgf_, claims_;
};

}  // namespace

MatchResult play_match(Contestant& first, Contestant& second, const MatchOptions& opts) {
    MatchTable table{&first, &second};
    return play_match(std::span<const MatchTable>(&table, 1), opts);
}

// Each table plays one game at a time in its own thread; the games are
// handed out in order and counted in order. So the openings, the colours and
// the log are those of a one-table match, and with players whose moves do
// not depend on time (node or depth limits) so are the results. When the SPRT
// decides, the games played past its verdict are finished and left out.
MatchResult play_match(std::span<const MatchTable> tables, const MatchOptions& opts) {
    if (tables.empty()) throw Error("a match needs at least one table");
    std::mt19937_64 rng(opts.seed);
    std::vector<std::string> openings;
    for (int game = 0; game < opts.games; game += 2)
        openings.push_back(opts.openings.empty() ? random_opening(opts.game, opts.opening_stones, rng)
                                                 : opts.openings[(game / 2) % opts.openings.size()]);
    MatchLedger ledger(opts);

    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::optional<GameRecord>> finished(opts.games);
    int next = 0, counted = 0;
    bool stop = false;
    std::exception_ptr failure;
    // How far a table may run ahead of the count. Without the SPRT every game
    // is counted, so no table ever waits: a long game at one table (a 225-move
    // draw at 5 s a move takes twenty minutes) must not idle the others. With
    // it, a game past the verdict is played for nothing, so the waste is
    // bounded to a few games a table.
    const int ahead = opts.sprt ? 4 * static_cast<int>(tables.size()) : opts.games;
    auto run_table = [&](const MatchTable& table) {
        try {
            for (;;) {
                int game;
                {
                    std::unique_lock lock(mutex);
                    changed.wait(lock, [&] { return stop || next >= opts.games || next < counted + ahead; });
                    if (stop || next >= opts.games) return;
                    game = next++;
                }
                GameRecord record = play_game(game, openings[game / 2], table, opts);
                std::lock_guard lock(mutex);
                finished[game] = std::move(record);
                changed.notify_all();
            }
        } catch (...) {
            std::lock_guard lock(mutex);
            if (!failure) failure = std::current_exception();
            stop = true;
            changed.notify_all();
        }
    };
    std::vector<std::jthread> threads;
    for (const MatchTable& table : tables) threads.emplace_back(run_table, std::cref(table));
    {
        std::unique_lock lock(mutex);
        while (counted < opts.games) {
            changed.wait(lock, [&] { return failure || finished[counted]; });
            if (failure) break;
            ledger.add(counted, *finished[counted]);
            finished[counted].reset();
            ++counted;
            // Decided only after both colours of an opening were played.
            if (opts.sprt && counted % 2 == 0 && ledger.result().sprt_verdict(*opts.sprt)) stop = true;
            changed.notify_all();
            if (stop) break;
        }
        stop = true;
        changed.notify_all();
    }
    threads.clear();  // joins: the games in play are finished
    if (failure) std::rethrow_exception(failure);
    return ledger.result();
}

}  // namespace kinrow::gomoku
