#include "prover/board.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "prover/prover.hpp"
#include "rules/symmetry.hpp"

namespace kinrow::prover {

namespace {

// Folded into the key when O is to move: the same stones with the other side
// to move are another position (they only coincide on illegal boards, but
// the key must not rely on that).
constexpr std::uint64_t kSideKey = 0x9D39247E33776D41ULL;

}  // namespace

Board::Board(const Position& pos) : spec_(pos.spec()), lines_(pos.spec()) {
    if (!handles(spec_))
        throw Error("the prover handles free-placement k-in-a-row games with the k-or-more rule (mnk:M,N,K, gomoku)");
    if (pos.game_over()) throw Error("the position is already decided; the prover needs an unfinished game");
    cells_.assign(cells(), Cell::Empty);
    counts_.assign(static_cast<std::size_t>(windows()) * 2, 0);
    Symmetries symmetries(spec_);
    keys_.resize(symmetries.size());
    for (int s = 0; s < symmetries.size(); ++s) {
        keys_[s].resize(static_cast<std::size_t>(cells()) * 2);
        for (Move m = 0; m < cells(); ++m)
            for (int stone = 0; stone < 2; ++stone)
                keys_[s][m * 2 + stone] = zobrist_key(static_cast<Cell>(stone + 1), symmetries.map(s, m));
    }
    image_hashes_.assign(symmetries.size(), 0);
    if (has_sets()) {
        window_sets_.resize(windows());
        pair_windows_.resize(static_cast<std::size_t>(cells()) * cells());
        for (int w = 0; w < windows(); ++w) {
            const Move* c = lines_.cells(w);
            for (int i = 0; i < k(); ++i) {
                window_sets_[w].set(c[i]);
                for (int j = i + 1; j < k(); ++j)
                    pair_windows_[std::min(c[i], c[j]) * cells() + std::max(c[i], c[j])].push_back(w);
            }
        }
        for (Move m = 0; m < cells(); ++m) empty_set_.set(m);
    }
    // Windows on one line share its first cell and direction.
    std::map<std::pair<Move, int>, int> line_ids;
    window_lines_.resize(windows());
    for (int w = 0; w < windows(); ++w) {
        const Move* c = lines_.cells(w);
        const int dr = k() > 1 ? pos.row_of(c[1]) - pos.row_of(c[0]) : 0;
        const int dc = k() > 1 ? pos.col_of(c[1]) - pos.col_of(c[0]) : w + 2;  // k = 1: one line per window
        int r = pos.row_of(c[0]), col = pos.col_of(c[0]);
        while (k() > 1 && r - dr >= 0 && r - dr < spec_.height && col - dc >= 0 && col - dc < spec_.width)
            r -= dr, col -= dc;
        auto [it, fresh] = line_ids.emplace(std::pair{r * spec_.width + col, dr * 3 + dc}, line_count_);
        if (fresh) ++line_count_;
        window_lines_[w] = it->second;
    }
    // Replay the stones in any order (X first within each pair of plies):
    // only the final stones matter, and play() keeps the side to move.
    std::vector<Move> xs, os;
    for (Move m = 0; m < cells(); ++m) {
        if (pos.at(m) == Cell::X) xs.push_back(m);
        if (pos.at(m) == Cell::O) os.push_back(m);
    }
    for (std::size_t i = 0; i < xs.size() + os.size(); ++i) play(i % 2 == 0 ? xs[i / 2] : os[i / 2]);
    won_ = false;
    if (side_ != pos.side_to_move()) throw Error("the prover could not rebuild the position's side to move");
}

void Board::play(Move m) {
    const int p = static_cast<int>(side_);
    cells_[m] = stone_of(side_);
    if (has_sets()) empty_set_.reset(m);
    for (std::size_t s = 0; s < image_hashes_.size(); ++s) image_hashes_[s] ^= keys_[s][m * 2 + p];
    for (const int* w = lines_.through_begin(m); w != lines_.through_end(m); ++w)
        if (++counts_[static_cast<std::size_t>(*w) * 2 + p] == k()) won_ = true;
    ++stones_;
    side_ = opponent(side_);
}

void Board::undo(Move m) {
    side_ = opponent(side_);
    const int p = static_cast<int>(side_);
    --stones_;
    for (const int* w = lines_.through_begin(m); w != lines_.through_end(m); ++w)
        --counts_[static_cast<std::size_t>(*w) * 2 + p];
    for (std::size_t s = 0; s < image_hashes_.size(); ++s) image_hashes_[s] ^= keys_[s][m * 2 + p];
    cells_[m] = Cell::Empty;
    if (has_sets()) empty_set_.set(m);
    won_ = false;
}

std::uint64_t Board::key() const {
    std::uint64_t best = *std::min_element(image_hashes_.begin(), image_hashes_.end());
    return side_ == Player::O ? best ^ kSideKey : best;
}

std::uint64_t Board::key_after(Move m) const {
    const int p = static_cast<int>(side_);
    std::uint64_t best = ~std::uint64_t{0};
    for (std::size_t s = 0; s < image_hashes_.size(); ++s) best = std::min(best, image_hashes_[s] ^ keys_[s][m * 2 + p]);
    return side_ == Player::X ? best ^ kSideKey : best;  // O moves next
}

}  // namespace kinrow::prover
