#include "cli/cli.hpp"

#include <unistd.h>

#include <charconv>
#include <optional>

#include "core/error.hpp"

namespace kinrow {

void add_position_options(CLI::App& cmd, PositionArgs& args) {
    cmd.add_option("game", args.game, "Game: " + game_names_help())->required();
    auto* moves = cmd.add_option("--moves", args.moves,
                                 "Moves from the empty board: 'row,col' or 'h8' pairs separated by "
                                 "spaces; gravity games: column digits, e.g. 4453");
    auto* board = cmd.add_option("--board", args.board,
                                 "Board rows top to bottom separated by '/', e.g. X.O/.X./...");
    auto* id = cmd.add_option("--id", args.id, "Base-3 board id (cell value times 3^(row*width+col))");
    moves->excludes(board)->excludes(id);
    board->excludes(id);
}

namespace {

// The whole text as one integer, or nothing ("12x", "", "9e99" are not).
std::optional<long long> parse_whole_integer(const std::string& text) {
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return value;
}

}  // namespace

CLI::Validator integer_at_least(long long minimum) {
    return CLI::Validator(
        [minimum](std::string& text) -> std::string {
            auto value = parse_whole_integer(text);
            if (!value || *value < minimum)
                return "must be an integer >= " + std::to_string(minimum) + ", got '" + text + "'";
            return {};
        },
        "INT>=" + std::to_string(minimum));
}

CLI::Validator table_megabytes() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            auto mb = parse_whole_integer(text);
            if (!mb || *mb < 1)
                return "table size must be a whole number of MiB, at least 1, got '" + text + "'";
            long long physical_mb = sysconf(_SC_PHYS_PAGES) / (1024 * 1024 / sysconf(_SC_PAGESIZE));
            if (*mb > physical_mb)
                return "table size " + text + " MiB is larger than this machine's memory (" +
                       std::to_string(physical_mb) + " MiB)";
            return {};
        },
        "MiB");
}

Position load_position(const PositionArgs& args) {
    GameSpec spec = parse_game(args.game);
    if (!args.board.empty()) return Position::from_board(spec, args.board);
    if (args.id) return Position::from_id(spec, *args.id);
    return Position::from_moves(spec, args.moves);
}

}  // namespace kinrow
