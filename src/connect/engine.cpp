#include "connect/engine.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace kinrow::connect {

ConnectEngine::ConnectEngine(const GameSpec& spec, std::size_t tt_mb)
    : spec_(spec), geometry_(spec), tables_(geometry_, tt_mb), solver_(geometry_, tables_.far, tables_.near) {}

BitPosition ConnectEngine::convert(const Position& pos) const {
    if (!(pos.spec() == spec_))
        throw Error(fmt::format("the engine plays {}, not {}", spec_.name(), pos.spec().name()));
    if (pos.result() == Result::XWins || pos.result() == Result::OWins)
        throw Error("the position is already won");
    return BitPosition::from(geometry_, pos);
}

int ConnectEngine::score(const Position& pos) { return solver_.solve(convert(pos), false); }

Move ConnectEngine::best_move(const Position& pos) {
    if (pos.game_over()) return kNoMove;
    BitPosition p = convert(pos);
    int col = solver_.best_column(p, solver_.solve(p, false));
    return col < 0 ? kNoMove : pos.drop_cell(col);
}

std::vector<std::optional<int>> ConnectEngine::column_scores(const Position& pos) {
    return solver_.column_scores(convert(pos), false);
}

}  // namespace kinrow::connect
