#include "cli.hpp"

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

Position load_position(const PositionArgs& args) {
    GameSpec spec = parse_game(args.game);
    if (!args.board.empty()) return Position::from_board(spec, args.board);
    if (args.id) return Position::from_id(spec, *args.id);
    return Position::from_moves(spec, args.moves);
}

}  // namespace kinrow
