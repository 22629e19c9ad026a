#include "gomoku/board.hpp"

#include "core/error.hpp"
#include "core/random.hpp"

namespace kinrow::gomoku {

namespace {

struct Keys {
    std::array<std::array<std::uint64_t, kMaxSquares>, 2> stone{};
    std::uint64_t side = 0;
    Keys() {
        std::uint64_t state = 0x676F6D6F6B75ULL;  // "gomoku": fixed, so runs repeat exactly
        for (auto& colour : stone)
            for (auto& k : colour) k = splitmix64(state);
        side = splitmix64(state);
    }
};

const Keys kKeys;

constexpr int kWall = 3;

}  // namespace

std::uint64_t stone_key(Colour c, Sq s) { return kKeys.stone[c][s]; }
std::uint64_t side_key() { return kKeys.side; }

std::uint64_t Board::hash_after(Sq s) const { return hash_ ^ kKeys.stone[side_][s] ^ kKeys.side; }

namespace {

// The shipped network's rows are packed once for every board; another
// network's (the tests', the tuner's) once per board.
std::shared_ptr<const PackedNetwork> packed(const EvalNetwork& network) {
    if (network.silent()) return nullptr;
    if (&network == &default_eval_network()) {
        static const auto shipped = std::make_shared<const PackedNetwork>(network);
        return shipped;
    }
    return std::make_shared<const PackedNetwork>(network);
}

}  // namespace

Board::Board(int width, int height, WinRule rule, const EvalWeights& weights, const EvalNetwork& network)
    : width_(width), height_(height), stride_(width + kPad), rule_(rule),
      table_(&PatternTable::get(rule)), reach_(rule == WinRule::AtLeastK ? kWindowSide - 1 : kWindowSide),
      weights_(&weights),
      offsets_{1, stride_, stride_ + 1, stride_ - 1} {
    if (width < 5 || height < 5 || width > kMaxFreeSide || height > kMaxFreeSide)
        throw Error("Gomoku boards go from 5x5 to 20x20");
    pack_weights();
    for (int d = 0; d < 4; ++d)
        for (int k = -kWindowSide; k <= kWindowSide; ++k)
            if (k) line_steps_[k * offsets_[d] + kMaxStepDifference] = {static_cast<std::int8_t>(d), static_cast<std::int8_t>(k)};
    network_ = &network;
    packed_network_ = packed(network);
    cells_.fill(kWall);
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c) {
            cells_[sq(r, c)] = 0;
            squares_.push_back(sq(r, c));
        }
    // Line keys start as the walls each cell sees within its window.
    for (Sq s : squares_)
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= kWindowSide; ++k) {
                if (cells_[s - k * offsets_[d]] == kWall)
                    keys_[d][s] |= LineKey{kWall} << (2 * window_slot(-k));
                if (cells_[s + k * offsets_[d]] == kWall)
                    keys_[d][s] |= LineKey{kWall} << (2 * window_slot(k));
            }
    for (Sq s : squares_) {
        refresh(s);
        account(s, +1);
    }
    // The sums are the empty board's now.
    for (int i = 0; i < kNetworkHidden; ++i)
        network_bias_[i] = network_bias_[kNetworkHidden + i] = network.input_bias[i];
    if (width != kFittedSide || height != kFittedSide) {
        Board fitted(kFittedSide, kFittedSide, rule, weights, network);
        size_shift_ = fitted.eval_sums_ - eval_sums_;
        add_to(network_bias_, fitted.network_sums_);
        subtract_from(network_bias_, network_sums_);
    }
}

Board Board::from_position(const Position& pos) {
    const GameSpec& spec = pos.spec();
    if (spec.gravity() || spec.k != 5)
        throw Error("the Gomoku engine plays free placement with k=5 (gomoku, gomoku-standard, mnk:W,H,5)");
    Board board(spec.width, spec.height, spec.win_rule);
    for (Move m = 0; m < pos.cells(); ++m)
        if (pos.at(m) != Cell::Empty)
            board.place(board.from_move(m), pos.at(m) == Cell::X ? kBlack : kWhite);
    board.set_side_to_move(pos.side_to_move() == Player::X ? kBlack : kWhite);
    return board;
}

void Board::set_side_to_move(Colour c) {
    if (c != side_) hash_ ^= side_key();
    side_ = c;
}

void Board::pack_weights() {
    const EvalWeights& w = *weights_;
    for (int b = 0; b < kLinePatternCount; ++b)
        for (int o = 0; o < kLinePatternCount; ++o) {
            auto black = static_cast<LinePattern>(b), white = static_cast<LinePattern>(o);
            line_pair_[line_term(black, white)] = pack(w.line(black, white), w.line(white, black));
        }
    for (int b = 0; b < kComboCount; ++b)
        for (int o = 0; o < kComboCount; ++o) {
            auto black = static_cast<Combo>(b), white = static_cast<Combo>(o);
            combo_pair_[combo_term(black, white) - kLineTerms] = pack(w.combo(black, white), w.combo(white, black));
        }
    for (int c = 0; c < kPatternCodeCount; ++c) {
        auto code = static_cast<PatternCode>(c);
        // Black's code is the side to move's when black moves, the opponent's when white does.
        code_value_[kBlack][c] = pack(w.code(code), w.opponent_code(code));
        code_value_[kWhite][c] = pack(w.opponent_code(code), w.code(code));
    }
}

void Board::set_eval_weights(const EvalWeights& weights) {
    // The moves' records hold sums under the old weights: the moves are
    // taken back and played again under the new ones.
    std::vector<Sq> moves = history_;
    while (!history_.empty()) undo();
    weights_ = &weights;
    pack_weights();
    eval_sums_ = 0;
    for (Sq s : squares_)
        if (cells_[s] == 0) {
            cell_terms_[s] = cell_terms(s);
            eval_sums_ += cell_terms_[s];
        }
    for (Sq s : moves) play(s);
    // A new board of this size has the shift under the new weights.
    size_shift_ = Board(width_, height_, rule_, weights, *network_).size_shift_;
}

std::int64_t Board::cell_terms(Sq s) const {
    const SetInfo &black = info_[kBlack][s], &white = info_[kWhite][s];
    std::int64_t terms = combo_pair_[combo_term(black.combo, white.combo) - kLineTerms] +
                         code_value_[kBlack][black.code] + code_value_[kWhite][white.code];
    for (int d = 0; d < 4; ++d)
        terms += line_pair_[line_term(line_of(patterns_[kBlack][s], d), line_of(patterns_[kWhite][s], d))];
    return terms;
}

NetworkSums Board::cell_network_terms(Sq s) const {
    const PackedNetwork& net = *packed_network_;
    const SetInfo &black = info_[kBlack][s], &white = info_[kWhite][s];
    NetworkSums sums = net.combo[combo_term(black.combo, white.combo) - kLineTerms];
    for (int d = 0; d < 4; ++d)
        add_to(sums, net.line[line_term(line_of(patterns_[kBlack][s], d), line_of(patterns_[kWhite][s], d))]);
    return sums;
}

void Board::account(Sq s, int sign) {
    for (Colour c : {kBlack, kWhite}) shape_count_[c][info_[c][s].shape] += sign;
    if (eval_paused_) return;
    eval_sums_ += sign * cell_terms_[s];
    if (packed_network_) {
        if (sign > 0) add_to(network_sums_, cell_network_terms(s));
        else subtract_from(network_sums_, cell_network_terms(s));
    }
}

void Board::refresh(Sq s) {
    PatternSet black = 0, white = 0;
    for (int d = 0; d < 4; ++d) {
        unsigned both = table_->both(keys_[d][s]);
        black |= static_cast<PatternSet>((both & 15) << (4 * d));
        white |= static_cast<PatternSet>((both >> 4) << (4 * d));
    }
    patterns_[kBlack][s] = black;
    patterns_[kWhite][s] = white;
    for (Colour c : {kBlack, kWhite}) info_[c][s] = info_of(patterns_[c][s]);
    cell_terms_[s] = cell_terms(s);
}

// Only direction `dir` of s changed; empty squares keep their terms
// current and add the change of the sums to `delta`. Inlined into put's
// loops, so that the delta stays in registers.
[[gnu::always_inline]] inline void Board::refresh_line(Sq s, int dir, SumsDelta& delta) {
    if (cells_[s] != 0) return;
    int shift = 4 * dir;
    PatternSet mask = static_cast<PatternSet>(~(15u << shift));
    unsigned both = table_->both(keys_[dir][s]);
    LinePattern now[2] = {static_cast<LinePattern>(both & 15), static_cast<LinePattern>(both >> 4)};
    LinePattern before[2] = {line_of(patterns_[kBlack][s], dir), line_of(patterns_[kWhite][s], dir)};
    if (now[kBlack] == before[kBlack] && now[kWhite] == before[kWhite]) return;
    saved_cells_.push_back({s, {patterns_[kBlack][s], patterns_[kWhite][s]}, {info_[kBlack][s], info_[kWhite][s]},
                            cell_terms_[s]});
    Combo combo_before[2] = {info_[kBlack][s].combo, info_[kWhite][s].combo};
    std::int64_t terms = 0;
    for (Colour c : {kBlack, kWhite}) {
        if (now[c] == before[c]) continue;
        auto set = static_cast<PatternSet>((patterns_[c][s] & mask) | (now[c] << shift));
        const SetInfo& next = info_of(set);
        SetInfo& info = info_[c][s];
        if (!eval_paused_) terms += code_value_[c][next.code] - code_value_[c][info.code];
        --shape_count_[c][info.shape];
        ++shape_count_[c][next.shape];
        patterns_[c][s] = set;
        info = next;
    }
    // The cell's saved terms come back on undo (EvaluationPause).
    if (eval_paused_) return;
    terms += line_pair_[line_term(now[kBlack], now[kWhite])] - line_pair_[line_term(before[kBlack], before[kWhite])];
    // Only this direction's line pair, the codes and the combos can have
    // changed; combos change far less often than line patterns.
    Combo combo_now[2] = {info_[kBlack][s].combo, info_[kWhite][s].combo};
    bool combo_changed = combo_now[kBlack] != combo_before[kBlack] || combo_now[kWhite] != combo_before[kWhite];
    if (combo_changed)
        terms += combo_pair_[combo_term(combo_now[kBlack], combo_now[kWhite]) - kLineTerms] -
                 combo_pair_[combo_term(combo_before[kBlack], combo_before[kWhite]) - kLineTerms];
    cell_terms_[s] += terms;
    delta.eval += terms;
    if (packed_network_) {
        // As for the linear terms: this direction's line row and (rarely)
        // the combo's row change. No per-cell copy is kept: a stone's own
        // square is summed afresh (account), undo restores the sums.
        const PackedNetwork& net = *packed_network_;
        subtract_from(delta.network, net.line[line_term(before[kBlack], before[kWhite])]);
        add_to(delta.network, net.line[line_term(now[kBlack], now[kWhite])]);
        if (combo_changed) {
            subtract_from(delta.network, net.combo[combo_term(combo_before[kBlack], combo_before[kWhite]) - kLineTerms]);
            add_to(delta.network, net.combo[combo_term(combo_now[kBlack], combo_now[kWhite]) - kLineTerms]);
        }
    }
}

void Board::put(Sq s, Colour c) {
    LineKey code = c + 1;
    cells_[s] = static_cast<std::uint8_t>(code);
    hash_ ^= stone_key(c, s);
    account(s, -1);
    SumsDelta delta;
    for (int d = 0; d < 4; ++d) {
        int off = offsets_[d];
        for (int k = 1; k <= kWindowSide; ++k) {
            keys_[d][s + k * off] |= code << (2 * window_slot(-k));
            keys_[d][s - k * off] |= code << (2 * window_slot(k));
        }
        for (int k = 1; k <= reach_; ++k) {
            refresh_line(s + k * off, d, delta);
            refresh_line(s - k * off, d, delta);
        }
    }
    eval_sums_ += delta.eval;
    add_to(network_sums_, delta.network);
    for (int dr = -2; dr <= 2; ++dr)
        for (int dc = -2; dc <= 2; ++dc) ++near_[s + dr * stride_ + dc];
}

// Takes back the last move: the cells it changed get their saved state back.
// The square itself kept its patterns while occupied (refresh_line skips
// stones), and they are again what they were before the move.
void Board::remove(Sq s) {
    Colour c = cells_[s] == 1 ? kBlack : kWhite;
    LineKey code = c + 1;
    cells_[s] = 0;
    hash_ ^= stone_key(c, s);
    for (int d = 0; d < 4; ++d) {
        int off = offsets_[d];
        for (int k = 1; k <= kWindowSide; ++k) {
            keys_[d][s + k * off] &= ~(code << (2 * window_slot(-k)));
            keys_[d][s - k * off] &= ~(code << (2 * window_slot(k)));
        }
    }
    const MoveRecord& record = records_.back();
    for (std::size_t i = record.first_cell; i < saved_cells_.size(); ++i) {
        const SavedCell& saved = saved_cells_[i];
        for (Colour colour : {kBlack, kWhite}) {
            patterns_[colour][saved.s] = saved.patterns[colour];
            info_[colour][saved.s] = saved.info[colour];
        }
        cell_terms_[saved.s] = saved.terms;
    }
    saved_cells_.resize(record.first_cell);
    eval_sums_ = record.eval_sums;
    network_sums_ = record.network_sums;
    shape_count_ = record.shape_count;
    records_.pop_back();
    for (int dr = -2; dr <= 2; ++dr)
        for (int dc = -2; dc <= 2; ++dc) --near_[s + dr * stride_ + dc];
}

void Board::place(Sq s, Colour c) {
    // Moves played before it would be taken back over a changed board.
    if (!history_.empty()) throw Error("a preset stone must be placed before the first move");
    put(s, c);
    // A preset stone is never taken back: nothing to keep.
    saved_cells_.clear();
    ++preset_stones_;
}

void Board::play(Sq s) {
    last_won_ = shape(side_, s) == kShapeFive;
    records_.push_back({static_cast<std::uint32_t>(saved_cells_.size()), eval_sums_, network_sums_, shape_count_});
    put(s, side_);
    history_.push_back(s);
    side_ = other(side_);
    hash_ ^= side_key();
}

void Board::undo() {
    Sq s = history_.back();
    history_.pop_back();
    remove(s);
    side_ = other(side_);
    hash_ ^= side_key();
    // Play never continues past a win, so the move before did not win.
    last_won_ = false;
}

Shape Board::shape_if_blocked(Colour c, Sq t, Sq s) const {
    int difference = s - t;
    if (difference < -kMaxStepDifference || difference > kMaxStepDifference) return shape(c, t);
    LineStep step = line_steps_[difference + kMaxStepDifference];
    if (step.k == 0) return shape(c, t);
    LineKey blocker = other(c) + 1;
    LineKey key = keys_[step.dir][t] | blocker << (2 * window_slot(step.k));
    unsigned both = table_->both(key);
    auto p = static_cast<LinePattern>(c == kBlack ? both & 15 : both >> 4);
    int shift = 4 * step.dir;
    auto set = static_cast<PatternSet>((patterns_[c][t] & ~(15u << shift)) | (p << shift));
    return shape_of(set);
}

Sq Board::find_five(Colour c, Sq around, Sq except) const {
    for (int d = 0; d < 4; ++d)
        for (int k = -4; k <= 4; ++k) {
            Sq s = around + k * offsets_[d];
            if (s != except && cells_[s] == 0 && info_[c][s].shape == kShapeFive) return s;
        }
    return kNoSq;
}

}  // namespace kinrow::gomoku
