#include "cli.hpp"

#include <unistd.h>

#include "error.hpp"

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

CLI::Validator integer_at_least(long long minimum) {
    return CLI::Validator(
        [minimum](std::string& text) -> std::string {
            long long value = 0;
            std::size_t used = 0;
            try {
                value = std::stoll(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != text.size() || used == 0 || value < minimum)
                return "must be an integer >= " + std::to_string(minimum) + ", got '" + text + "'";
            return {};
        },
        "INT>=" + std::to_string(minimum));
}

CLI::Validator table_megabytes() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            long long mb = 0;
            std::size_t used = 0;
            try {
                mb = std::stoll(text, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != text.size() || used == 0 || mb < 1)
                return "table size must be a whole number of MiB, at least 1, got '" + text + "'";
            long long physical_mb = sysconf(_SC_PHYS_PAGES) / (1024 * 1024 / sysconf(_SC_PAGESIZE));
            if (mb > physical_mb)
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
