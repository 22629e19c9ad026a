// `kinrow solve <gomoku game> --vcf | --vct`: threat puzzles. Which of the
// request's fields apply: the position, --depth (the attacker's fours for
// VCF, default 40; its threats for VCT, default 12), --nodes (default 20
// million) and --json.
#include <cctype>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "gomoku/board.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "gomoku/notation.hpp"
#include "gomoku/vcf.hpp"
#include "gomoku/vct.hpp"

namespace kinrow {

namespace {

struct ThreatPuzzle {
    Position pos;
    gomoku::Board board;
    std::uint64_t budget;
};

ThreatPuzzle load_puzzle(const SolveRequest& request) {
    Position pos = load_position(request.position);
    if (pos.game_over()) throw Error("the game is already over: nothing to solve");
    gomoku::Board board = gomoku::Board::from_position(pos);
    return {std::move(pos), std::move(board), request.node_limit ? request.node_limit : 20'000'000};
}

// What either search found, printed the same way: the JSON object (its
// own fields added) or three kinds of text line.
struct ThreatAnswer {
    const char* search;  // "vcf" or "vct"
    const char* limit_unit;  // what --depth counts
    int limit;
    bool win, aborted;
    std::uint64_t nodes;
    std::string win_text;  // after "X wins by continuous "
    nlohmann::json fields;
};

void print_answer(const SolveRequest& request, const ThreatPuzzle& p, ThreatAnswer a) {
    const char side = player_char(p.pos.side_to_move());
    std::string name = a.search;
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (request.json) {
        nlohmann::json& j = a.fields;
        j["game"] = p.pos.spec().name();
        j["side"] = std::string(1, side);
        j[a.search] = a.win;
        j["complete"] = a.win || !a.aborted;
        j["nodes"] = a.nodes;
        fmt::print("{}\n", j.dump());
    } else if (a.win) {
        fmt::print("{} wins by continuous {}\nnodes {}\n", side, a.win_text, a.nodes);
    } else if (a.aborted) {
        fmt::print("no {} for {} found within {} nodes (search incomplete)\nnodes {}\n", name, side, p.budget,
                   a.nodes);
    } else {
        fmt::print("{} has no {} within {} {}\nnodes {}\n", side, name, a.limit, a.limit_unit, a.nodes);
    }
}

void solve_vcf(const SolveRequest& request) {
    ThreatPuzzle p = load_puzzle(request);
    gomoku::VcfSearcher searcher(20);
    int max_fours = request.depth > 0 ? request.depth : 40;
    gomoku::VcfResult r = searcher.solve(p.board, max_fours, p.budget);
    std::vector<std::string> line;
    for (gomoku::Sq s : r.line) line.push_back(gomoku::algebraic(p.pos.spec(), p.board.to_move(s)));
    print_answer(request, p,
                 {"vcf", "fours", max_fours, r.win, r.aborted, r.nodes,
                  fmt::format("fours: {}", fmt::join(line, " ")), {{"line", line}}});
}

// The VCT proves a win without keeping its tree: it answers with the first
// threat, the number of threats the proof needed and the plies to the five
// along the longest defence.
void solve_vct(const SolveRequest& request) {
    ThreatPuzzle p = load_puzzle(request);
    gomoku::VctSearcher searcher(20);
    int max_threats = request.depth > 0 ? request.depth : 12;
    gomoku::VctResult r = searcher.solve(p.board, max_threats, p.budget);
    std::string first = r.win ? gomoku::algebraic(p.pos.spec(), p.board.to_move(r.first)) : "";
    print_answer(request, p,
                 {"vct", "threats", max_threats, r.win, r.aborted, r.nodes,
                  fmt::format("threats from {}: {} threats, a five within {} plies", first, r.threats, r.plies),
                  {{"first", first}, {"threats", r.threats}, {"plies", r.plies}}});
}

}  // namespace

void solve_gomoku_threats(const SolveRequest& request) {
    if (request.vcf) solve_vcf(request);
    else solve_vct(request);
}

}  // namespace kinrow
