#include "rules/game.hpp"

#include <charconv>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow {

namespace {

struct NamedGame {
    std::string_view name;
    int width, height, k;
    Placement placement;
    WinRule win_rule;
};

constexpr NamedGame kNamedGames[] = {
    {"tictactoe", 3, 3, 3, Placement::Free, WinRule::AtLeastK},
    {"connect4", 7, 6, 4, Placement::Gravity, WinRule::AtLeastK},
    {"gomoku", 15, 15, 5, Placement::Free, WinRule::AtLeastK},
    {"gomoku-standard", 15, 15, 5, Placement::Free, WinRule::ExactlyK},
};

// Parses "A,B,C" into three positive integers.
bool parse_triple(std::string_view text, int out[3]) {
    for (int i = 0; i < 3; ++i) {
        auto comma = text.find(',');
        std::string_view part = i < 2 ? text.substr(0, comma) : text;
        if ((i < 2 && comma == std::string_view::npos) || part.empty()) return false;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out[i]);
        if (ec != std::errc() || end != part.data() + part.size()) return false;
        if (i < 2) text.remove_prefix(comma + 1);
    }
    return true;
}

}  // namespace

std::string GameSpec::name() const {
    for (const auto& g : kNamedGames)
        if (g.width == width && g.height == height && g.k == k && g.placement == placement &&
            g.win_rule == win_rule)
            return std::string(g.name);
    if (gravity()) return fmt::format("connect:{},{},{}", width, height, k);
    return fmt::format("mnk:{},{},{}{}", width, height, k,
                       win_rule == WinRule::ExactlyK ? ":exact" : "");
}

GameSpec make_game(int width, int height, int k, Placement placement, WinRule win_rule) {
    if (width < 1 || height < 1)
        throw Error(fmt::format("board size {}x{} out of range: both sides must be at least 1",
                                width, height));
    if (placement == Placement::Free && (width > kMaxFreeSide || height > kMaxFreeSide))
        throw Error(fmt::format("board size {}x{} out of range: free boards go up to {}x{}",
                                width, height, kMaxFreeSide, kMaxFreeSide));
    if (placement == Placement::Gravity && width * (height + 1) > kMaxGravityBits)
        throw Error(fmt::format(
            "board size {}x{} out of range: gravity boards need width*(height+1) <= {}", width,
            height, kMaxGravityBits));
    if (k < 1 || k > std::max(width, height))
        throw Error(fmt::format("k={} out of range: need 1 <= k <= max(width, height) = {}", k,
                                std::max(width, height)));
    GameSpec spec;
    spec.width = width;
    spec.height = height;
    spec.k = k;
    spec.placement = placement;
    spec.win_rule = win_rule;
    return spec;
}

GameSpec parse_game(std::string_view text) {
    for (const auto& g : kNamedGames)
        if (text == g.name) return make_game(g.width, g.height, g.k, g.placement, g.win_rule);

    auto colon = text.find(':');
    if (colon != std::string_view::npos) {
        std::string_view family = text.substr(0, colon);
        std::string_view args = text.substr(colon + 1);
        WinRule rule = WinRule::AtLeastK;
        if (family == "mnk" && args.ends_with(":exact")) {
            rule = WinRule::ExactlyK;
            args.remove_suffix(6);
        }
        int v[3];
        if ((family == "mnk" || family == "connect") && !parse_triple(args, v))
            throw Error(fmt::format("malformed game '{}': expected {}:A,B,C with three integers",
                                    text, family));
        if (family == "mnk") return make_game(v[0], v[1], v[2], Placement::Free, rule);
        if (family == "connect") return make_game(v[0], v[1], v[2], Placement::Gravity);
    }
    throw Error(fmt::format("unknown game '{}' (known: {})", text, game_names_help()));
}

std::string game_names_help() {
    return "tictactoe, connect4, gomoku, gomoku-standard, mnk:M,N,K[:exact], connect:W,H,K";
}

}  // namespace kinrow
