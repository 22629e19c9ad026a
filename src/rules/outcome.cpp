#include "rules/outcome.hpp"

#include <fmt/format.h>

namespace kinrow {

std::string describe_outcome(Player mover, Outcome outcome, int plies) {
    if (outcome == Outcome::Draw) return "draw";
    if (outcome == Outcome::Unknown) return "unknown";
    char winner = player_char(outcome == Outcome::Win ? mover : opponent(mover));
    if (plies < 0) return fmt::format("{} wins", winner);
    if (plies == 0) return fmt::format("{} has won", winner);
    int moves = (plies + 1) / 2;  // the winner's own moves, the winning one included
    return fmt::format("{} wins in {} move{} ({} pl{})", winner, moves, moves == 1 ? "" : "s", plies,
                       plies == 1 ? "y" : "ies");
}

const char* outcome_word(Outcome outcome) {
    switch (outcome) {
        case Outcome::Win: return "win";
        case Outcome::Draw: return "draw";
        case Outcome::Loss: return "loss";
        case Outcome::Unknown: break;
    }
    return "unknown";
}

}  // namespace kinrow
