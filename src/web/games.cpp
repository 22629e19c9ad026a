#include "web/games.hpp"

#include <charconv>

#include <fmt/format.h>

#include "core/error.hpp"
#include "engine/engine.hpp"
#include "weighted/weighted_rules.hpp"

namespace kinrow::web {

namespace {

constexpr std::string_view kWeightedPrefix = "weighted";

const char* result_name(Result r) {
    switch (r) {
        case Result::XWins: return "X wins";
        case Result::OWins: return "O wins";
        case Result::Draw: return "draw";
        case Result::Ongoing: break;
    }
    return "ongoing";
}

nlohmann::json spec_json(const std::string& name, const GameSpec& spec) {
    nlohmann::json j = {{"name", name},
                        {"width", spec.width},
                        {"height", spec.height},
                        {"k", spec.k},
                        {"gravity", spec.gravity()},
                        {"exactly_k", spec.win_rule == WinRule::ExactlyK},
                        {"engine", engine::engine_name(engine::choose_engine(spec))}};
    j["weights"] = spec.weighted() ? nlohmann::json(spec.weights) : nlohmann::json();
    return j;
}

}  // namespace

GameSpec parse_web_game(std::string_view name, std::string_view grid) {
    if (!name.starts_with(kWeightedPrefix)) {
        if (!grid.empty()) throw Error("\"grid\" applies to weighted games (weighted:N) only");
        return parse_game(name);
    }
    std::string_view rest = name.substr(kWeightedPrefix.size());
    int n = 3;
    if (!rest.empty()) {
        auto [end, ec] = rest.size() > 1 && rest[0] == ':'
                             ? std::from_chars(rest.data() + 1, rest.data() + rest.size(), n)
                             : std::from_chars_result{rest.data(), std::errc::invalid_argument};
        if (ec != std::errc() || end != rest.data() + rest.size())
            throw Error(fmt::format("malformed game '{}': expected weighted or weighted:N", name));
    }
    if (n < 3 || n > kMaxWeightedSide)
        throw Error(fmt::format("weighted board size {} out of range 3..{}", n, kMaxWeightedSide));
    return weighted::weighted_game(n, grid.empty() ? weighted::default_weights(n) : weighted::parse_weights(grid, n));
}

Result game_result(const Position& pos) {
    return pos.spec().weighted() ? weighted::weighted_result(pos) : pos.result();
}

nlohmann::json games_json() {
    nlohmann::json named = nlohmann::json::array();
    for (const char* name : {"tictactoe", "connect4", "gomoku", "gomoku-standard"})
        named.push_back(spec_json(name, parse_game(name)));
    for (const char* name : {"weighted:3", "weighted:4"}) named.push_back(spec_json(name, parse_web_game(name, "")));
    nlohmann::json families = nlohmann::json::array(
        {{{"pattern", "mnk:M,N,K[:exact]"},
          {"description", "free placement on M columns x N rows, K in a row wins (:exact: exactly K)"},
          {"max_side", kMaxFreeSide}},
         {{"pattern", "connect:W,H,K"},
          {"description", "gravity: stones drop to the lowest empty cell of a column"},
          {"max_bits", kMaxGravityBits},
          {"rule", "W*(H+1) <= 64"}},
         {{"pattern", "weighted:N"},
          {"description", "weighted tic-tac-toe on N x N (the course's grid, or \"grid\": N*N weights)"},
          {"min_side", 3},
          {"max_side", kMaxWeightedSide}}});
    return {{"games", named}, {"families", families}};
}

nlohmann::json position_json(const std::string& game_name, const Position& pos) {
    nlohmann::json j = spec_json(game_name, pos.spec());
    j["game"] = game_name;
    j.erase("name");
    nlohmann::json rows = nlohmann::json::array();
    std::string board = pos.board_string();
    for (int r = 0; r < pos.height(); ++r)
        rows.push_back(board.substr(static_cast<std::size_t>(r) * (pos.width() + 1), pos.width()));
    j["board"] = rows;
    nlohmann::json moves = nlohmann::json::array();
    for (Move m : pos.history()) moves.push_back(pos.move_string(m));
    j["moves"] = moves;
    j["stones"] = pos.stones();
    j["to_move"] = std::string(1, player_char(pos.side_to_move()));
    Result result = game_result(pos);
    j["result"] = result_name(result);
    j["game_over"] = result != Result::Ongoing;
    nlohmann::json legal = nlohmann::json::array();
    if (result == Result::Ongoing)
        for (Move m : pos.legal_moves())
            legal.push_back({{"move", pos.move_string(m)}, {"row", pos.row_of(m)}, {"col", pos.col_of(m)}});
    j["legal"] = legal;
    if (pos.spec().weighted()) j["score"] = weighted::weighted_score(pos);
    return j;
}

}  // namespace kinrow::web
