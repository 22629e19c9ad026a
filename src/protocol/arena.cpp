#include "protocol/arena.hpp"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/engine.hpp"

namespace kinrow::gomoku {

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '\n') {
            std::string_view line = text.substr(start, i - start);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            lines.push_back(line);
            start = i + 1;
        }
    while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string_view::npos)
        lines.pop_back();
    return lines;
}

std::vector<std::string_view> split_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

int parse_value(std::string_view field, int line_number) {
    int v = -1;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
    if (ec != std::errc() || end != field.data() + field.size() || v < 0 || v > 2)
        throw Error(fmt::format("malformed state file: line {}: '{}' is not 0, 1 or 2", line_number,
                                field));
    return v;
}

}  // namespace

Position parse_arena_state(const GameSpec& spec, std::string_view text) {
    std::vector<std::string_view> lines = split_lines(text);
    if (static_cast<int>(lines.size()) != spec.height + 1)
        throw Error(fmt::format("malformed state file: {} lines, expected {} (the player to move, then "
                                "{} board rows)",
                                lines.size(), spec.height + 1, spec.height));
    std::vector<std::string_view> first = split_fields(lines[0]);
    if (first.size() != 1 || (first[0] != "1" && first[0] != "2"))
        throw Error("malformed state file: line 1 must be the player to move, 1 or 2");
    int player = first[0][0] - '0';
    std::string rows;
    int count[3] = {0, 0, 0};
    for (int r = 0; r < spec.height; ++r) {
        std::vector<std::string_view> fields = split_fields(lines[r + 1]);
        if (static_cast<int>(fields.size()) != spec.width)
            throw Error(fmt::format("malformed state file: line {} has {} values, expected {}", r + 2,
                                    fields.size(), spec.width));
        if (r) rows += '/';
        for (auto f : fields) {
            int v = parse_value(f, r + 2);
            ++count[v];
            rows += ".XO"[v];
        }
    }
    int expected = count[1] == count[2] ? 1 : 2;
    if (count[1] == count[2] || count[1] == count[2] + 1) {
        if (player != expected)
            throw Error(fmt::format("impossible state: black has {} stones and white {}, so player {} "
                                    "moves, not {}",
                                    count[1], count[2], expected, player));
    }
    Position pos = Position::from_board(spec, rows);  // rejects impossible stone counts
    if (pos.game_over())
        throw Error(pos.result() == Result::Draw ? "the game is over: the board is full"
                                                 : "the game is over: a player already has five");
    return pos;
}

void play_arena_move(const GameSpec& spec, const std::string& state_path,
                     const std::string& action_path, int time_ms) {
    std::ifstream in(state_path, std::ios::binary);
    if (!in) throw Error(fmt::format("cannot read state file '{}'", state_path));
    std::ostringstream text;
    text << in.rdbuf();
    Position pos = parse_arena_state(spec, text.str());

    std::FILE* out = std::fopen(action_path.c_str(), "w");
    if (!out) throw Error(fmt::format("cannot write action file '{}'", action_path));
    Move written = kNoMove;
    auto write = [&](Move m) {
        if (m == kNoMove || m == written) return;
        // Every write is a whole line, flushed, so a kill leaves a complete pair.
        std::fprintf(out, "%d %d\n", m / spec.width, m % spec.width);
        std::fflush(out);
        written = m;
    };
    engine::Options options;
    options.limits.time_ms = time_ms;
    options.tt_mb = 32;
    options.on_best_move = write;
    write(engine::make_engine(spec, options)->choose_move(pos).best_move);
    std::fclose(out);
}

}  // namespace kinrow::gomoku
