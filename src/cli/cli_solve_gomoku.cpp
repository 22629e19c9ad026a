// `kinrow solve <gomoku game> --vcf`: VCF puzzles. Which of the request's
// fields apply: the position, --depth (the attacker's fours, default 40),
// --nodes (default 20 million) and --json.
#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "gomoku/board.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "gomoku/notation.hpp"
#include "gomoku/vcf.hpp"

namespace kinrow {

void solve_gomoku_vcf(const SolveRequest& request) {
    Position pos = load_position(request.position);
    if (pos.game_over()) throw Error("the game is already over: nothing to solve");
    gomoku::Board board = gomoku::Board::from_position(pos);
    gomoku::VcfSearcher searcher(20);
    int max_fours = request.depth > 0 ? request.depth : 40;
    std::uint64_t budget = request.node_limit ? request.node_limit : 20'000'000;
    gomoku::VcfResult r = searcher.solve(board, max_fours, budget);

    const GameSpec& spec = pos.spec();
    std::vector<std::string> line;
    for (gomoku::Sq s : r.line) line.push_back(gomoku::algebraic(spec, board.to_move(s)));
    char side = player_char(pos.side_to_move());
    if (request.json) {
        nlohmann::json j;
        j["game"] = spec.name();
        j["side"] = std::string(1, side);
        j["vcf"] = r.win;
        j["complete"] = r.win || !r.aborted;
        j["line"] = line;
        j["nodes"] = r.nodes;
        fmt::print("{}\n", j.dump());
        return;
    }
    if (r.win)
        fmt::print("{} wins by continuous fours: {}\nnodes {}\n", side, fmt::join(line, " "), r.nodes);
    else if (r.aborted)
        fmt::print("no VCF for {} found within {} nodes (search incomplete)\nnodes {}\n", side, budget,
                   r.nodes);
    else
        fmt::print("{} has no VCF within {} fours\nnodes {}\n", side, max_fours, r.nodes);
}

}  // namespace kinrow
