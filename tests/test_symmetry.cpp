#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "rules/lines.hpp"
#include "rules/symmetry.hpp"

using namespace kinrow;

TEST(Symmetries, GroupSizes) {
    EXPECT_EQ(Symmetries(parse_game("tictactoe")).size(), 8);
    EXPECT_EQ(Symmetries(parse_game("mnk:5,4,4")).size(), 4);
    EXPECT_EQ(Symmetries(parse_game("connect4")).size(), 2);
    EXPECT_EQ(Symmetries(parse_game("gomoku")).size(), 8);
}

TEST(Symmetries, MapsArePermutationsThatKeepTheWindows) {
    for (const char* game : {"tictactoe", "mnk:5,4,4", "mnk:6,6,4", "connect:5,4,3", "gomoku"}) {
        GameSpec spec = parse_game(game);
        Symmetries group(spec);
        LineIndex lines(spec);
        std::set<std::vector<Move>> windows;
        for (int w = 0; w < lines.count(); ++w) {
            std::vector<Move> cells(lines.cells(w), lines.cells(w) + lines.k());
            std::sort(cells.begin(), cells.end());
            windows.insert(cells);
        }
        for (int s = 0; s < group.size(); ++s) {
            std::set<Move> image;
            for (Move m = 0; m < spec.cells(); ++m) {
                image.insert(group.map(s, m));
                EXPECT_EQ(group.unmap(s, group.map(s, m)), m);
            }
            EXPECT_EQ(static_cast<int>(image.size()), spec.cells()) << game << " " << s;
            for (const auto& window : windows) {
                std::vector<Move> mapped;
                for (Move m : window) mapped.push_back(group.map(s, m));
                std::sort(mapped.begin(), mapped.end());
                EXPECT_TRUE(windows.count(mapped)) << game << " symmetry " << s;
            }
        }
    }
}

TEST(Symmetries, ImageHashIsTheHashOfTheImage) {
    GameSpec spec = parse_game("mnk:4,4,4");
    Position pos = Position::from_moves(spec, "0,1 2,3 1,1");
    Symmetries group(spec);
    EXPECT_EQ(group.image_hash(pos, 0), pos.hash());
    std::set<std::string> boards;
    for (int s = 0; s < group.size(); ++s) {
        Position image = group.image(pos, s);
        EXPECT_EQ(group.image_hash(pos, s), image.hash());
        EXPECT_EQ(image.stones(), pos.stones());
        EXPECT_EQ(image.side_to_move(), pos.side_to_move());
        boards.insert(image.board_string());
    }
    EXPECT_EQ(boards.size(), 8u);  // this position has no symmetry of its own
}

TEST(Symmetries, GravityMirrorKeepsStonesSupported) {
    GameSpec spec = parse_game("connect:5,4,3");
    Position pos = Position::from_moves(spec, "1125");
    Symmetries group(spec);
    Position mirror = group.image(pos, 1);  // from_board validates support
    EXPECT_EQ(mirror.board_string(), "...../...../....O/O..XX");
}

TEST(LineIndex, CountsWindows) {
    // 3x3, k=3: 3 rows, 3 columns, 2 diagonals.
    EXPECT_EQ(LineIndex(parse_game("tictactoe")).count(), 8);
    // 5x5, k=4: 10 + 10 + 4 + 4.
    EXPECT_EQ(LineIndex(parse_game("mnk:5,5,4")).count(), 28);
    LineIndex l(parse_game("mnk:4,4,4"));
    EXPECT_EQ(l.through_end(0) - l.through_begin(0), 3);  // row, column, diagonal
    EXPECT_EQ(l.through_end(1) - l.through_begin(1), 2);
}
