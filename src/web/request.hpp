// A request body of the web API: a JSON object with known fields, each read
// with its type and range checked, so every mistake becomes one clear line
// (HTTP 400) instead of a library's exception text.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "rules/position.hpp"

namespace kinrow::web {

class RequestFields {
public:
    // Parses `body`; throws Error for malformed JSON, a body that is not an
    // object, and fields other than the position's (game, moves, board,
    // grid) and the route's `extra` ones.
    RequestFields(std::string_view body, std::initializer_list<std::string_view> extra);

    bool has(const char* name) const { return json_.contains(name); }
    std::string text(const char* name, bool required = false) const;
    std::optional<int> integer(const char* name, int minimum, int maximum) const;
    std::optional<bool> flag(const char* name) const;

private:
    nlohmann::json json_;
};

struct WebPosition {
    std::string game;  // as the request named it
    Position position;
};

// "game" (required), then "moves" or "board" (none: the empty board), and
// "grid" for weighted games. Throws Error with the command line's message.
WebPosition load_web_position(const RequestFields& fields);

}  // namespace kinrow::web
