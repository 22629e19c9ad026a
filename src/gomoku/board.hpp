// Board: the Gomoku engine's incremental board.
//
// Position is the rules engine of kinrow; this is the search's working copy of
// a Gomoku position, built for speed: a padded one-dimensional board (five
// wall cells around the edge, so a line walk never leaves the array), a line
// key per cell and direction updated with a few bit operations per move, and
// from the keys the line patterns, shape and value of every empty cell for
// both colours, and the evaluation's per-cell sums (evaluation.hpp), kept
// current as stones come and go. The win rule it applies
// (through PatternTable) must agree with Position's; tests check it does.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "rules/game.hpp"
#include "gomoku/evaluation.hpp"
#include "gomoku/network.hpp"
#include "gomoku/patterns.hpp"
#include "rules/position.hpp"

namespace kinrow::gomoku {

using Sq = int;  // index into the padded board
inline constexpr Sq kNoSq = -1;
enum Colour : std::uint8_t { kBlack = 0, kWhite = 1 };
constexpr Colour other(Colour c) { return c == kBlack ? kWhite : kBlack; }

inline constexpr int kPad = kWindowSide;
inline constexpr int kMaxStride = kMaxFreeSide + kPad;
inline constexpr int kMaxSquares = (kMaxFreeSide + 2 * kPad + 1) * kMaxStride;

class Board {
public:
    // Empty board; the smallest board the engine plays is 5x5. The
    // evaluation weights and network must outlive the board.
    Board(int width, int height, WinRule rule, const EvalWeights& weights = default_eval_weights(),
          const EvalNetwork& network = default_eval_network());
    // The same stones, side to move and rule as a free-placement k=5 Position.
    static Board from_position(const Position& pos);
    const EvalWeights& eval_weights() const { return *weights_; }
    const EvalNetwork& eval_network() const { return *network_; }
    // Evaluate with other weights from now on (the sums are rebuilt).
    void set_eval_weights(const EvalWeights& weights);

    int width() const { return width_; }
    int height() const { return height_; }
    WinRule rule() const { return rule_; }
    int direction_offset(int dir) const { return offsets_[dir]; }

    Sq sq(int row, int col) const { return (row + kPad) * stride_ + col + kPad; }
    int row_of(Sq s) const { return s / stride_ - kPad; }
    int col_of(Sq s) const { return s % stride_ - kPad; }
    Sq from_move(Move m) const { return sq(m / width_, m % width_); }
    Move to_move(Sq s) const { return row_of(s) * width_ + col_of(s); }
    // Do s and t share a line within the pattern window?
    bool aligned(Sq s, Sq t) const {
        int dr = std::abs(row_of(s) - row_of(t)), dc = std::abs(col_of(s) - col_of(t));
        return (dr == 0 || dc == 0 || dr == dc) && std::max(dr, dc) < kWindowSide;
    }
    // Every on-board square, row-major.
    const std::vector<Sq>& squares() const { return squares_; }

    // 0 empty, 1 black, 2 white, 3 wall.
    int cell(Sq s) const { return cells_[s]; }
    bool is_empty(Sq s) const { return cells_[s] == 0; }
    Colour side_to_move() const { return side_; }
    // For positions given as stone sets (Gomocup BOARD): who moves next.
    void set_side_to_move(Colour c);
    int stones() const { return static_cast<int>(history_.size()) + preset_stones_; }
    bool full() const { return stones() == static_cast<int>(squares_.size()); }
    const std::vector<Sq>& history() const { return history_; }
    std::uint64_t hash() const { return hash_; }
    // The hash after the side to move plays s, known before the costly update.
    std::uint64_t hash_after(Sq s) const;
    // Did the last move played make a winning line?
    bool last_move_won() const { return last_won_; }

    // A stone of the side to move on an empty square.
    void play(Sq s);
    void undo();
    // A stone that is part of the starting position (not undoable).
    void place(Sq s, Colour c);

    // The threat searches (VCF, VCT) read shapes, never the evaluation, and
    // make about 40% of a search's moves. While a pause lives, play and undo
    // keep the patterns, shapes and values but leave the evaluation's sums
    // (and the network's) untouched: every move made in the pause is taken
    // back in it, and undo restores the sums each move saved, so the board is
    // exactly as before when the pause ends. The evaluation must not be read
    // during a pause. Pauses nest.
    class EvaluationPause {
    public:
        explicit EvaluationPause(Board& board)
            : board_(board), was_paused_(board.eval_paused_), moves_(board.history_.size()) {
            board.eval_paused_ = true;
        }
        ~EvaluationPause() {
            assert(board_.history_.size() == moves_ && "a paused search must take its moves back");
            board_.eval_paused_ = was_paused_;
        }
        EvaluationPause(const EvaluationPause&) = delete;
        EvaluationPause& operator=(const EvaluationPause&) = delete;

    private:
        Board& board_;
        bool was_paused_;
        std::size_t moves_;
    };

    // What a stone of colour c on the empty square s would make.
    PatternSet patterns(Colour c, Sq s) const { return patterns_[c][s]; }
    Shape shape(Colour c, Sq s) const { return info_[c][s].shape; }
    // The move-ordering value (patterns.hpp).
    int value(Colour c, Sq s) const { return info_[c][s].value; }
    // Everything the pattern set of c at the empty square s implies
    // (patterns.hpp), kept with the set: no table look-up.
    const SetInfo& info(Colour c, Sq s) const { return info_[c][s]; }
    // The evaluation's line and shape terms of every empty square, seen
    // with c to move, and off 15x15 the shift to the fitted board size
    // (evaluation.hpp): evaluate() adds the whole-board terms.
    int eval_sum(Colour c) const {
        assert(!eval_paused_);
        std::int64_t sums = eval_sums_ + size_shift_;
        auto black = static_cast<std::int32_t>(static_cast<std::uint32_t>(sums));
        return c == kBlack ? black : static_cast<int>((sums - black) >> 32);
    }
    // The network's output for the side to move (network.hpp), off 15x15
    // with its inputs shifted as eval_sum's sums are.
    int network_value() const {
        assert(!eval_paused_);
        if (!packed_network_) return 0;
        int half = side_ == kBlack ? 0 : kNetworkHidden;
        std::array<std::int32_t, kNetworkHidden> inputs;
        for (int i = 0; i < kNetworkHidden; ++i) inputs[i] = network_sums_[half + i] + network_bias_[half + i];
        return network_->value(inputs.data());
    }
    // Empty squares where colour c would make `shape`.
    int shape_count(Colour c, Shape shape) const { return shape_count_[c][shape]; }
    // Empty squares where colour c would make `lowest` or a stronger shape:
    // a scan for them can stop once it has found this many.
    int shape_count_from(Colour c, Shape lowest) const {
        int n = 0;
        for (int s = lowest; s <= kShapeFive; ++s) n += shape_count_[c][s];
        return n;
    }
    // Calls f(s) for each of those squares in board order; the walk stops
    // at the last one the counts promise, not at the board's end.
    template <class F>
    void for_each_square_from(Colour c, Shape lowest, F f) const {
        int left = shape_count_from(c, lowest);
        for (auto s = squares_.begin(); left > 0 && s != squares_.end(); ++s)
            if (cells_[*s] == 0 && info_[c][*s].shape >= lowest) {
                f(*s);
                --left;
            }
    }
    // The first empty square in board order where c makes exactly `shape`;
    // kNoSq if none (the count says so without a walk).
    Sq first_square(Colour c, Shape shape) const {
        if (shape_count_[c][shape] == 0) return kNoSq;
        for (Sq s : squares_)
            if (cells_[s] == 0 && info_[c][s].shape == shape) return s;
        return kNoSq;
    }
    // Stones within two cells (king distance) of s: candidate moves have some.
    int neighbours(Sq s) const { return near_[s]; }

    // The shape c would make on the empty square t if the opponent had a
    // stone on the empty square s as well (s within the pattern window on
    // one of t's lines, else the shape is unchanged).
    Shape shape_if_blocked(Colour c, Sq t, Sq s) const;

    // An empty square on a line through `around` (within four cells) where c
    // makes a five, other than `except`; kNoSq if none.
    Sq find_five(Colour c, Sq around, Sq except = kNoSq) const;

private:
    void put(Sq s, Colour c);
    void remove(Sq s);
    void refresh(Sq s);
    // What a move's changed cells add to the board's sums, gathered over
    // the move and added once: the network's 16 sums, read, changed and
    // written back for every changed cell, made one long chain through
    // memory and were the costliest part of a move.
    struct SumsDelta {
        std::int64_t eval = 0;
        NetworkSums network{};
    };
    void refresh_line(Sq s, int dir, SumsDelta& delta);
    // Both sides' evaluation terms in one number (black's in the low half,
    // white's times 2^32 added): one table look-up and one add per change
    // serve both sides to move. Exact while each sum stays below 2^31: 400
    // squares x 7 terms x the weights file's limit of 100,000 is 2.8 x 10^8.
    static std::int64_t pack(int black, int white) {
        return static_cast<std::int64_t>(white) * (std::int64_t{1} << 32) + black;
    }
    // The packed tables of the weights, indexed by black's and white's codes.
    void pack_weights();
    // The packed evaluation terms of the empty square s.
    std::int64_t cell_terms(Sq s) const;
    // The network's input rows of the empty square s, summed.
    NetworkSums cell_network_terms(Sq s) const;
    // Adds (sign +1) or removes (-1) the empty square s from the sums and counts.
    void account(Sq s, int sign);

    // What a move changed, kept so that undo() restores it instead of
    // looking every changed line up again: a cell's state before the move
    // (each changed cell once: a cell lies on one line through the stone),
    // and per move the sums and counts before it and where its cells begin.
    struct SavedCell {
        Sq s;
        std::array<PatternSet, 2> patterns;
        std::array<SetInfo, 2> info;
        std::int64_t terms;
    };
    struct MoveRecord {
        std::uint32_t first_cell;
        std::int64_t eval_sums;
        NetworkSums network_sums;
        std::array<std::array<int, kShapeFive + 1>, 2> shape_count;
    };

    int width_, height_, stride_;
    WinRule rule_;
    const PatternTable* table_;
    // The farthest cell along a line whose pattern a stone can change: the
    // window's edge under the exact rule, one cell less under at-least-five
    // (PatternTable drops the outermost cells).
    int reach_;
    const EvalWeights* weights_;
    std::array<int, 4> offsets_;
    // The line step from one square to another, by their index difference:
    // t + k * offsets_[dir] for |k| within the window, else k = 0. On the
    // padded board such a difference names one step only, and lands on a
    // wall unless it is that step on the board. shape_if_blocked's look-up
    // replaces a search of the 4 x 10 steps (a twentieth of the time).
    struct LineStep {
        std::int8_t dir = 0, k = 0;
    };
    static constexpr int kMaxStepDifference = kWindowSide * (kMaxStride + 1);
    std::array<LineStep, 2 * kMaxStepDifference + 1> line_steps_{};
    std::vector<Sq> squares_;
    std::array<std::uint8_t, kMaxSquares> cells_{};
    std::array<std::array<LineKey, kMaxSquares>, 4> keys_{};
    std::array<std::array<PatternSet, kMaxSquares>, 2> patterns_{};
    std::array<std::array<SetInfo, kMaxSquares>, 2> info_{};  // info_of(patterns_)
    std::array<std::uint8_t, kMaxSquares> near_{};
    std::array<std::int64_t, kLineTerms> line_pair_{};
    std::array<std::int64_t, kComboTerms> combo_pair_{};
    std::array<std::array<std::int64_t, kPatternCodeCount>, 2> code_value_{};  // by the code's colour
    std::array<std::int64_t, kMaxSquares> cell_terms_{};
    std::int64_t eval_sums_ = 0;
    // The empty fitted-size board's sums less this size's empty board's.
    std::int64_t size_shift_ = 0;
    const EvalNetwork* network_;
    // Null when the network is silent: its sums are not kept.
    std::shared_ptr<const PackedNetwork> packed_network_;
    NetworkSums network_sums_{};
    // The input biases, plus off 15x15 the shift to the fitted size.
    NetworkSums network_bias_{};
    std::array<std::array<int, kShapeFive + 1>, 2> shape_count_{};
    std::vector<Sq> history_;
    std::vector<SavedCell> saved_cells_;
    std::vector<MoveRecord> records_;  // one per move in history_
    int preset_stones_ = 0;
    Colour side_ = kBlack;
    bool last_won_ = false;
    bool eval_paused_ = false;  // EvaluationPause
    std::uint64_t hash_ = 0;
};

// Zobrist keys of the engine's own table (padded squares, plus the side to move).
std::uint64_t stone_key(Colour c, Sq s);
std::uint64_t side_key();

}  // namespace kinrow::gomoku
