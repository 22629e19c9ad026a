#include <gtest/gtest.h>

#include "core/error.hpp"
#include "rules/position.hpp"

using namespace kinrow;

TEST(GameSpec, ParsesNamedAndGeneralGames) {
    EXPECT_EQ(parse_game("tictactoe"), make_game(3, 3, 3, Placement::Free));
    GameSpec c4 = parse_game("connect4");
    EXPECT_EQ(c4.width, 7);
    EXPECT_EQ(c4.height, 6);
    EXPECT_TRUE(c4.gravity());
    EXPECT_EQ(parse_game("gomoku-standard").win_rule, WinRule::ExactlyK);
    GameSpec g = parse_game("mnk:5,4,4");
    EXPECT_EQ(g.width, 5);
    EXPECT_EQ(g.height, 4);
    EXPECT_EQ(g.name(), "mnk:5,4,4");
    EXPECT_EQ(parse_game("connect:7,6,4").name(), "connect4");
}

TEST(GameSpec, RejectsBadNamesAndSizes) {
    EXPECT_THROW(parse_game("chess"), Error);
    EXPECT_THROW(parse_game("mnk:3,3"), Error);
    EXPECT_THROW(parse_game("mnk:0,3,3"), Error);
    EXPECT_THROW(parse_game("mnk:21,3,3"), Error);
    EXPECT_THROW(parse_game("mnk:3,3,4"), Error);
    EXPECT_THROW(parse_game("connect:8,8,4"), Error);  // 8*9 > 64
    EXPECT_NO_THROW(parse_game("connect:8,7,4"));      // 8*8 == 64
    EXPECT_NO_THROW(parse_game("mnk:20,20,5"));
}

TEST(Position, DetectsWinsAndDraws) {
    GameSpec ttt = parse_game("tictactoe");
    EXPECT_EQ(Position::from_moves(ttt, "0,0 1,0 0,1 1,1 0,2").result(), Result::XWins);
    EXPECT_EQ(Position::from_moves(ttt, "0,0 1,1 2,2 0,2 2,0 1,0 1,2 2,1 0,1").result(),
              Result::Draw);
    EXPECT_EQ(Position::from_moves(parse_game("connect4"), "4455667").result(), Result::XWins);
    EXPECT_EQ(Position::from_moves(parse_game("connect4"), "445566").result(), Result::Ongoing);
}

TEST(Position, ExactlyFiveDoesNotCountOverlines) {
    GameSpec standard = parse_game("gomoku-standard");
    // X: h8 i8 j8 k8 m8 then l8 makes six; O plays elsewhere.
    Position p = Position::from_moves(standard, "h8 h1 i8 i1 j8 j1 k8 k1 m8 a1");
    p.play(p.parse_move("l8"));
    EXPECT_EQ(p.result(), Result::Ongoing);
    GameSpec free = parse_game("gomoku");
    Position q = Position::from_moves(free, "h8 h1 i8 i1 j8 j1 k8 k1 m8 a1 l8");
    EXPECT_EQ(q.result(), Result::XWins);
}

TEST(Position, PlayUndoRestoresEverything) {
    Position p = Position::from_moves(parse_game("tictactoe"), "1,1 0,0");
    auto hash = p.hash();
    auto id = p.id();
    p.play(p.cell(2, 2));
    EXPECT_NE(p.hash(), hash);
    p.undo();
    EXPECT_EQ(p.hash(), hash);
    EXPECT_EQ(p.id(), id);
    EXPECT_EQ(p.side_to_move(), Player::X);
}

TEST(Position, BaseThreeIdRoundTrips) {
    GameSpec ttt = parse_game("tictactoe");
    // The weighted issue's example: id 4721 is O X O / . X X / . O .
    Position p = Position::from_id(ttt, 4721);
    EXPECT_EQ(p.board_string(), "OXO/.XX/.O.");
    EXPECT_EQ(Position::from_board(ttt, "OXO/.XX/.O.").id(), 4721u);
    EXPECT_THROW(Position::from_id(ttt, 19683), Error);
    EXPECT_THROW(Position::from_id(parse_game("mnk:7,6,4"), 0), Error);  // 42 cells > 40
}

TEST(Position, ParsesMovesInEveryNotation) {
    GameSpec gomoku = parse_game("gomoku");
    Position p = Position::from_moves(gomoku, "h8 7,8");
    EXPECT_EQ(p.history()[0], p.cell(7, 7));
    EXPECT_EQ(p.history()[1], p.cell(7, 8));
    Position c = Position::from_moves(parse_game("connect4"), "4453");
    EXPECT_EQ(c.board_string(), "......./......./......./......./...O.../..OXX..");
    EXPECT_EQ(c.move_list_string(), "4453");
    Position wide = Position::from_moves(parse_game("connect:10,5,4"), "10 1 10");
    EXPECT_EQ(wide.at(wide.cell(3, 9)), Cell::X);
}

TEST(Position, RejectsIllegalMoves) {
    GameSpec ttt = parse_game("tictactoe");
    EXPECT_THROW(Position::from_moves(ttt, "1,1 1,1"), Error);     // occupied
    EXPECT_THROW(Position::from_moves(ttt, "3,0"), Error);         // off board
    EXPECT_THROW(Position::from_moves(ttt, "1;1"), Error);         // malformed
    EXPECT_THROW(Position::from_moves(ttt, "x"), Error);           // malformed
    EXPECT_THROW(Position::from_moves(ttt, "0,0 1,0 0,1 1,1 0,2 2,2"), Error);  // after the end
    GameSpec c = parse_game("connect:3,2,3");
    EXPECT_THROW(Position::from_moves(c, "111"), Error);  // full column
    EXPECT_THROW(Position::from_moves(c, "4"), Error);    // out of range
    EXPECT_THROW(Position::from_moves(c, "0"), Error);
    EXPECT_THROW(Position::from_moves(c, "1a"), Error);
}

TEST(Position, RejectsUnreachableBoards) {
    GameSpec ttt = parse_game("tictactoe");
    EXPECT_THROW(Position::from_board(ttt, "XX./.../..."), Error);    // counts
    EXPECT_THROW(Position::from_board(ttt, "O../.../..."), Error);    // O first
    EXPECT_THROW(Position::from_board(ttt, "XXX/OOO/X.."), Error);    // two winners
    EXPECT_THROW(Position::from_board(ttt, "XXX/OO./O.."), Error);    // X won but O moved last
    EXPECT_THROW(Position::from_board(ttt, "XX/OO/.."), Error);       // shape
    EXPECT_THROW(Position::from_board(ttt, "X?./.../..."), Error);    // character
    // Two disjoint X lines cannot both be completed by one stone.
    EXPECT_THROW(Position::from_board(parse_game("mnk:3,5,3"), "XXX/OO./O.O/.O./XXX"), Error);
    EXPECT_EQ(Position::from_board(ttt, "XXX/OO./...").result(), Result::XWins);
    EXPECT_EQ(Position::from_board(ttt, "XXX/OO./...").side_to_move(), Player::O);
    GameSpec c = parse_game("connect:3,3,3");
    EXPECT_THROW(Position::from_board(c, ".../X../.O."), Error);  // floating stone
    EXPECT_NO_THROW(Position::from_board(c, ".../X../XO."));
}
