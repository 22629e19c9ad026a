#include "connect/engine.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

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

void ConnectEngine::use_book(OpeningBook book) {
    if (!(book.spec() == spec_))
        throw Error(fmt::format("the book is for {}, the engine plays {}", book.spec().name(), spec_.name()));
    book_.emplace(std::move(book));
}

int ConnectEngine::score_of(const BitPosition& p, bool& from_book) {
    std::optional<int> book_score = book_ ? book_->score(p) : std::nullopt;
    from_book = book_score.has_value();
    return book_score ? *book_score : solver_.solve(p, false);
}

int ConnectEngine::score(const Position& pos) {
    bool from_book;
    return score_of(convert(pos), from_book);
}

ConnectEngine::Decision ConnectEngine::decide(const Position& pos) {
    Decision d;
    BitPosition p = convert(pos);
    d.score = score_of(p, d.from_book);
    if (pos.game_over()) return d;
    std::optional<int> col = book_ ? book_->best_column(p) : std::nullopt;
    // At the book's depth the score is known but not the children's: the
    // search still picks the move, with the score as its target.
    if (!col) col = solver_.best_column(p, d.score);
    d.move = *col < 0 ? kNoMove : pos.drop_cell(*col);
    return d;
}

Move ConnectEngine::best_move(const Position& pos) {
    if (pos.game_over()) return kNoMove;
    return decide(pos).move;
}

std::vector<std::optional<int>> ConnectEngine::column_scores(const Position& pos, bool* from_book) {
    BitPosition p = convert(pos);
    auto scores = book_ ? book_->column_scores(p) : std::nullopt;
    if (from_book) *from_book = scores.has_value();
    return scores ? *scores : solver_.column_scores(p, false);
}

}  // namespace kinrow::connect
