// The Gomoku engine's incremental board against Position, the rules engine:
// the same wins under both rules, and incremental updates equal a rebuild.
#include <random>

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "gomoku/board.hpp"
#include "gomoku/patterns.hpp"

using namespace kinrow;
using namespace kinrow::gomoku;

namespace {

// A key seen from the centre: `left` and `right` list the cells outward
// from the centre ('x' own, 'o' opponent, '#' wall, '.' empty).
LineKey key_of(const std::string& left, const std::string& right) {
    auto code = [](char c) { return c == 'x' ? 1u : c == 'o' ? 2u : c == '#' ? 3u : 0u; };
    LineKey key = 0;
    for (std::size_t i = 0; i < left.size(); ++i)
        key |= code(left[i]) << (2 * window_slot(-static_cast<int>(i) - 1));
    for (std::size_t i = 0; i < right.size(); ++i)
        key |= code(right[i]) << (2 * window_slot(static_cast<int>(i) + 1));
    return key;
}

// Random games biased to play near the stones, so that many end in a five
// (or, under the exact rule, run into overlines).
std::vector<Move> random_game(const GameSpec& spec, std::mt19937& rng, Position& pos) {
    std::vector<Move> moves;
    while (!pos.game_over()) {
        std::vector<Move> legal = pos.legal_moves();
        std::vector<Move> near;
        for (Move m : legal) {
            int r = m / spec.width, c = m % spec.width;
            for (Move h : pos.history())
                if (std::abs(h / spec.width - r) <= 1 && std::abs(h % spec.width - c) <= 1) {
                    near.push_back(m);
                    break;
                }
        }
        const auto& pool = near.empty() || rng() % 8 == 0 ? legal : near;
        Move m = pool[rng() % pool.size()];
        pos.play(m);
        moves.push_back(m);
    }
    return moves;
}

}  // namespace

TEST(GomokuPatterns, ClassifiesBasicShapes) {
    const PatternTable& free = PatternTable::get(WinRule::AtLeastK);
    const PatternTable& exact = PatternTable::get(WinRule::ExactlyK);
    EXPECT_EQ(free.pattern(key_of("xxxx", "")), kFive);
    EXPECT_EQ(free.pattern(key_of("xxx", "x")), kFive);
    EXPECT_EQ(free.pattern(key_of("xxx.", ".")), kFlex4);     // .xxx[x].
    EXPECT_EQ(free.pattern(key_of("xxxo", ".")), kBlock4);    // oxxx[x].
    EXPECT_EQ(free.pattern(key_of("xx.", "..")), kFlex3);     // .xx[x]..
    EXPECT_EQ(free.pattern(key_of("xxo", "..")), kBlock3);
    EXPECT_EQ(free.pattern(key_of("x.x.", ".")), kFlex3);     // .x.x[x]. : a split three
    EXPECT_EQ(free.pattern(key_of("o", "xxxo")), kDead);      // o[x]xxxo has no room
    EXPECT_EQ(free.pattern(key_of("xx#", "..")), kBlock3);    // the edge blocks like a stone
    // Six in a row: a win in freestyle, nothing under the exactly-five rule.
    EXPECT_EQ(free.pattern(key_of("xxx", "xx")), kFive);
    EXPECT_EQ(exact.pattern(key_of("xxx", "xx")), kDead);
    // x.xxx[x]: the gap would make six, so under the exact rule it is no four.
    EXPECT_EQ(exact.pattern(key_of("xxx.x", "o")), kDead);
    EXPECT_EQ(free.pattern(key_of("xxx.x", "o")), kBlock4);
}

TEST(GomokuPatterns, CombinesTheFourLinesIntoShapesAndCombos) {
    auto set = [](LinePattern a, LinePattern b, LinePattern c = kDead, LinePattern d = kDead) {
        return static_cast<PatternSet>(a | b << 4 | c << 8 | d << 12);
    };
    EXPECT_EQ(shape_of(set(kFlex2, kBlock1)), kShapeNone);
    EXPECT_EQ(combo_of(set(kFlex2, kBlock1)), kComboTwo);
    EXPECT_EQ(combo_of(set(kFlex2, kBlock3)), kComboDoubleTwo);
    EXPECT_EQ(combo_of(set(kFlex3, kDead)), kComboFlex3);
    EXPECT_EQ(combo_of(set(kFlex3, kBlock3)), kComboFlex3Two);
    EXPECT_EQ(combo_of(set(kFlex3, kFlex3, kFlex2)), kComboDoubleFlex3);
    EXPECT_EQ(combo_of(set(kBlock4, kFlex2)), kComboBlock4Two);
    EXPECT_EQ(combo_of(set(kBlock4, kFlex3, kFlex2)), kComboBlock4Flex3);
    EXPECT_EQ(combo_of(set(kBlock4, kBlock4)), kComboFlex4);
    EXPECT_EQ(combo_of(set(kFive, kFlex4)), kComboFive);
    // Every combo refines the shape of the same cell.
    for (int s = 0; s < (1 << 16); ++s)
        ASSERT_EQ(combo_shape(combo_of(static_cast<PatternSet>(s))), shape_of(static_cast<PatternSet>(s))) << s;
}

TEST(GomokuPatterns, SwapsColours) {
    EXPECT_EQ(swap_colours(key_of("xo#.", "ox")), key_of("ox#.", "xo"));
}

TEST(GomokuBoard, WinRuleAgreesWithPosition) {
    std::mt19937 rng(12345);
    int wins = 0;
    for (const char* name : {"gomoku", "gomoku-standard", "mnk:7,6,5", "mnk:7,6,5:exact", "mnk:20,20,5"}) {
        GameSpec spec = parse_game(name);
        for (int game = 0; game < 40; ++game) {
            Position pos(spec);
            std::vector<Move> moves = random_game(spec, rng, pos);
            Board board(spec.width, spec.height, spec.win_rule);
            for (std::size_t i = 0; i < moves.size(); ++i) {
                board.play(board.from_move(moves[i]));
                bool last = i + 1 == moves.size();
                bool position_win = last && pos.result() != Result::Draw;
                ASSERT_EQ(board.last_move_won(), position_win) << name << " game " << game << " move " << i;
            }
            wins += pos.result() != Result::Draw;
        }
    }
    EXPECT_GT(wins, 100);  // the games really exercised the win rule
}

TEST(GomokuBoard, IncrementalUpdatesEqualRebuild) {
    std::mt19937 rng(777);
    for (const char* name : {"gomoku", "gomoku-standard", "mnk:9,12,5", "mnk:20,20,5"}) {
        GameSpec spec = parse_game(name);
        for (int game = 0; game < 10; ++game) {
            Position pos(spec);
            std::vector<Move> moves = random_game(spec, rng, pos);
            Board board(spec.width, spec.height, spec.win_rule);
            std::size_t keep = moves.size() / 2;
            for (Move m : moves) board.play(board.from_move(m));
            for (std::size_t i = moves.size(); i > keep; --i) board.undo();
            Position half(spec);
            for (std::size_t i = 0; i < keep; ++i) half.play(moves[i]);
            Board rebuilt = Board::from_position(half);
            ASSERT_EQ(board.hash(), rebuilt.hash());
            for (Colour c : {kBlack, kWhite}) {
                ASSERT_EQ(board.eval_sum(c), rebuilt.eval_sum(c));
                for (int s = 0; s <= kShapeFive; ++s)
                    ASSERT_EQ(board.shape_count(c, Shape(s)), rebuilt.shape_count(c, Shape(s)));
                for (Sq s : board.squares()) {
                    if (!board.is_empty(s)) continue;
                    ASSERT_EQ(board.patterns(c, s), rebuilt.patterns(c, s));
                }
            }
        }
    }
}

// The threat searches play under an evaluation pause: the patterns and
// shapes must be what an unpaused board has after the same moves, and once
// the moves are taken back the evaluation (linear sums and network) must be
// exactly what it was before.
TEST(GomokuBoard, AnEvaluationPauseKeepsTheShapesAndRestoresTheEvaluation) {
    std::mt19937 rng(779);
    for (const char* name : {"gomoku", "gomoku-standard", "mnk:20,20,5"}) {
        GameSpec spec = parse_game(name);
        for (int game = 0; game < 8; ++game) {
            Position pos(spec);
            std::vector<Move> moves = random_game(spec, rng, pos);
            std::size_t keep = moves.size() / 3;
            Board paused(spec.width, spec.height, spec.win_rule), plain(spec.width, spec.height, spec.win_rule);
            for (std::size_t i = 0; i < keep; ++i) {
                paused.play(paused.from_move(moves[i]));
                plain.play(plain.from_move(moves[i]));
            }
            int eval_before[2] = {paused.eval_sum(kBlack), paused.eval_sum(kWhite)};
            int network_before = paused.network_value();
            {
                Board::EvaluationPause pause(paused);
                for (std::size_t i = keep; i < moves.size(); ++i) {
                    paused.play(paused.from_move(moves[i]));
                    plain.play(plain.from_move(moves[i]));
                    for (Colour c : {kBlack, kWhite}) {
                        for (int s = 0; s <= kShapeFive; ++s)
                            ASSERT_EQ(paused.shape_count(c, Shape(s)), plain.shape_count(c, Shape(s))) << name;
                        for (Sq s : paused.squares()) {
                            if (paused.is_empty(s)) {
                                ASSERT_EQ(paused.info(c, s).code, plain.info(c, s).code) << name;
                            }
                        }
                    }
                }
                for (std::size_t i = moves.size(); i > keep; --i) {
                    paused.undo();
                    plain.undo();
                }
            }
            EXPECT_EQ(paused.eval_sum(kBlack), eval_before[0]) << name;
            EXPECT_EQ(paused.eval_sum(kWhite), eval_before[1]) << name;
            EXPECT_EQ(paused.network_value(), network_before) << name;
            // And the board goes on evaluating as an unpaused one does.
            for (std::size_t i = keep; i < moves.size(); ++i) {
                paused.play(paused.from_move(moves[i]));
                plain.play(plain.from_move(moves[i]));
                ASSERT_EQ(paused.eval_sum(kBlack), plain.eval_sum(kBlack)) << name;
                ASSERT_EQ(paused.network_value(), plain.network_value()) << name;
            }
        }
    }
}

// The search prefetches the child's table entry by the hash a move will
// give, before the move is played: it must be the hash the move gives.
TEST(GomokuBoard, HashAfterAMoveIsTheHashTheMoveGives) {
    std::mt19937 rng(778);
    GameSpec spec = parse_game("gomoku");
    for (int game = 0; game < 10; ++game) {
        Position pos(spec);
        std::vector<Move> moves = random_game(spec, rng, pos);
        Board board(spec.width, spec.height, spec.win_rule);
        for (Move m : moves) {
            Sq s = board.from_move(m);
            std::uint64_t expected = board.hash_after(s);
            ASSERT_NE(expected, board.hash());
            board.play(s);
            ASSERT_EQ(board.hash(), expected);
        }
    }
}

// The counts the scans stop by: shape_count_from, the squares
// for_each_square_from walks and the square first_square finds, against the
// empty squares themselves, at every move of random games.
TEST(GomokuBoard, ShapeCountsFromAShapeUpMatchTheSquares) {
    std::mt19937 rng(2525);
    int threats_seen = 0;
    for (const char* name : {"gomoku", "gomoku-standard"}) {
        GameSpec spec = parse_game(name);
        for (int game = 0; game < 10; ++game) {
            Position pos(spec);
            Board board(spec.width, spec.height, spec.win_rule);
            for (Move m : random_game(spec, rng, pos)) {
                board.play(board.from_move(m));
                for (Colour c : {kBlack, kWhite})
                    for (int lowest = 0; lowest <= kShapeFive; ++lowest) {
                        int squares = 0;
                        for (Sq s : board.squares())
                            squares += board.is_empty(s) && board.shape(c, s) >= lowest;
                        ASSERT_EQ(board.shape_count_from(c, Shape(lowest)), squares) << name << " shape " << lowest;
                        std::vector<Sq> walked;
                        board.for_each_square_from(c, Shape(lowest), [&](Sq s) { walked.push_back(s); });
                        std::vector<Sq> expected;
                        for (Sq s : board.squares())
                            if (board.is_empty(s) && board.shape(c, s) >= lowest) expected.push_back(s);
                        ASSERT_EQ(walked, expected) << name << " shape " << lowest;
                        Sq first = kNoSq;
                        for (Sq s : board.squares())
                            if (first == kNoSq && board.is_empty(s) && board.shape(c, s) == lowest) first = s;
                        ASSERT_EQ(board.first_square(c, Shape(lowest)), first) << name << " shape " << lowest;
                        threats_seen += lowest == kShapeFlex3 && squares > 0;
                    }
            }
        }
    }
    EXPECT_GT(threats_seen, 100);  // the games made threes and fours to count
}

// The patterns the board keeps, against a fresh look at each line: the
// window's cells read off the board and classified on their own, for both
// colours (the board reads both from one table byte, and under at-least-five
// does not refresh the fifth cell along a line).
TEST(GomokuBoard, KeptPatternsEqualAFreshLookAtTheLines) {
    std::mt19937 rng(4242);
    for (const char* name : {"gomoku", "gomoku-standard", "mnk:8,11,5", "mnk:20,20,5"}) {
        GameSpec spec = parse_game(name);
        const PatternTable& table = PatternTable::get(spec.win_rule);
        for (int game = 0; game < 6; ++game) {
            Position pos(spec);
            std::vector<Move> moves = random_game(spec, rng, pos);
            Board board(spec.width, spec.height, spec.win_rule);
            for (Move m : moves) board.play(board.from_move(m));
            for (std::size_t i = moves.size(); i > moves.size() / 3; --i) board.undo();
            for (Sq s : board.squares()) {
                if (!board.is_empty(s)) continue;
                for (int d = 0; d < 4; ++d) {
                    LineKey black = 0, white = 0;  // seen by black, by white
                    for (int k = -kWindowSide; k <= kWindowSide; ++k) {
                        if (k == 0) continue;
                        int cell = board.cell(s + k * board.direction_offset(d));
                        int as_white = cell == 1 ? 2 : cell == 2 ? 1 : cell;
                        black |= static_cast<LineKey>(cell) << (2 * window_slot(k));
                        white |= static_cast<LineKey>(as_white) << (2 * window_slot(k));
                    }
                    ASSERT_EQ(line_of(board.patterns(kBlack, s), d), table.pattern(black)) << name << " " << s;
                    ASSERT_EQ(line_of(board.patterns(kWhite, s), d), table.pattern(white)) << name << " " << s;
                }
                for (Colour c : {kBlack, kWhite}) {
                    ASSERT_EQ(board.shape(c, s), shape_of(board.patterns(c, s)));
                    ASSERT_EQ(board.value(c, s), value_of(board.patterns(c, s)));
                }
            }
        }
    }
}

// undo() restores what a move changed rather than reading the lines again:
// a stone placed after a move would be taken back with it.
TEST(GomokuBoard, PresetStonesGoBeforeTheFirstMove) {
    Board board(15, 15, WinRule::AtLeastK);
    board.place(board.sq(7, 7), kBlack);
    board.play(board.sq(7, 8));
    EXPECT_THROW(board.place(board.sq(3, 3), kBlack), Error);
    board.undo();
    EXPECT_EQ(board.stones(), 1);
}

TEST(GomokuBoard, RejectsUnsupportedGames) {
    EXPECT_THROW(Board::from_position(Position(parse_game("tictactoe"))), Error);
    EXPECT_THROW(Board::from_position(Position(parse_game("connect4"))), Error);
    EXPECT_THROW(Board(4, 4, WinRule::AtLeastK), Error);
}
