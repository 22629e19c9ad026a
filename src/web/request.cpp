#include "web/request.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "web/games.hpp"

namespace kinrow::web {

namespace {

constexpr std::string_view kPositionFields[] = {"game", "moves", "board", "grid"};

}  // namespace

RequestFields::RequestFields(std::string_view body, std::initializer_list<std::string_view> extra) {
    json_ = nlohmann::json::parse(body, nullptr, false);
    if (json_.is_discarded()) throw Error("malformed JSON in the request body");
    if (!json_.is_object()) throw Error("the request body must be a JSON object, e.g. {\"game\": \"tictactoe\"}");
    for (const auto& item : json_.items()) {
        bool known = false;
        for (std::string_view name : kPositionFields) known = known || item.key() == name;
        for (std::string_view name : extra) known = known || item.key() == name;
        if (!known)
            throw Error(fmt::format("unknown field \"{}\" (this route takes: {}{}{})", item.key(),
                                    fmt::join(kPositionFields, ", "), extra.size() ? ", " : "",
                                    fmt::join(extra, ", ")));
    }
}

std::string RequestFields::text(const char* name, bool required) const {
    auto it = json_.find(name);
    if (it == json_.end() || it->is_null()) {
        if (required) throw Error(fmt::format("missing field \"{}\"", name));
        return {};
    }
    if (!it->is_string()) throw Error(fmt::format("\"{}\" must be a string", name));
    return it->get<std::string>();
}

std::optional<int> RequestFields::integer(const char* name, int minimum, int maximum) const {
    auto it = json_.find(name);
    if (it == json_.end() || it->is_null()) return std::nullopt;
    if (!it->is_number_integer() || it->get<long long>() < minimum || it->get<long long>() > maximum)
        throw Error(fmt::format("\"{}\" must be an integer from {} to {}", name, minimum, maximum));
    return static_cast<int>(it->get<long long>());
}

std::optional<bool> RequestFields::flag(const char* name) const {
    auto it = json_.find(name);
    if (it == json_.end() || it->is_null()) return std::nullopt;
    if (!it->is_boolean()) throw Error(fmt::format("\"{}\" must be true or false", name));
    return it->get<bool>();
}

WebPosition load_web_position(const RequestFields& fields) {
    std::string game = fields.text("game", true);
    GameSpec spec = parse_web_game(game, fields.text("grid"));
    std::string moves = fields.text("moves"), board = fields.text("board");
    if (!moves.empty() && !board.empty()) throw Error("give the position as \"moves\" or as \"board\", not both");
    Position pos = board.empty() ? Position::from_moves(spec, moves) : Position::from_board(spec, board);
    return {std::move(game), std::move(pos)};
}

}  // namespace kinrow::web
