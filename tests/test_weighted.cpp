// Weighted tic-tac-toe: rules, the seed's transposition table, the program's
// transcripts (in process) and the DOT tree export.
#include <gtest/gtest.h>

#include "run_command.hpp"
#include "shared_data.hpp"

#include <sstream>
#include <string>

#include "core/error.hpp"
#include "weighted/weighted_rules.hpp"
#include "weighted/weighted_session.hpp"
#include "weighted/weighted_table.hpp"
#include "weighted/weighted_tree.hpp"

using namespace kinrow;
using namespace kinrow::weighted;

namespace {

const std::string kReference = "reference/weighted/";
using kinrow::testing::read_shared_file;

// The reference files must exist: an empty read would compare as a mismatch anyway,
// but this names the missing file.
// The reference transcript without its first line (the course's task menu).
std::string without_first_line(const std::string& text) { return text.substr(text.find('\n') + 1); }

GameSpec default3() { return weighted_game(3, default_weights(3)); }

std::string play(const std::string& input, Mode mode, int depth = 4, char side = 0) {
    SessionOptions options;
    options.mode = mode;
    options.depth = depth;
    options.side = side;
    std::istringstream in(input);
    std::ostringstream out, log;
    play_weighted(default3(), options, in, out, log);
    return out.str();
}

}  // namespace

TEST(WeightedRules, ScoresAndIdsAsTheCourse) {
    GameSpec spec = default3();
    // The example: id 4721 is O X O / . X X / . O .
    Position p = Position::from_id(spec, 4721);
    EXPECT_EQ(p.board_string(), "OXO/.XX/.O.");
    // X holds 3 + 5 + 1 = 9, O holds 4 + 8 + 7 = 19: 9*4 - 19*5.
    EXPECT_EQ(weighted_score(p), 9 * 4 - 19 * 5);
    EXPECT_EQ(id_text(p), "4721");
    EXPECT_EQ(weighted_score(Position::from_board(spec, "OOO/XXO/X.X")), -kLineScore);
    EXPECT_EQ(weighted_score(Position::from_board(spec, "XXX/OO./...")), kLineScore);
    // 4x4 multipliers are 8 and 8.
    GameSpec four = weighted_game(4, default_weights(4));
    EXPECT_EQ(weighted_score(Position::from_moves(four, "0,0 3,0")), 4 * 8 - 16 * 8);
}

TEST(WeightedRules, FullBoardVerdictFollowsTheScore) {
    GameSpec spec = default3();
    Position won = Position::from_board(spec, "OXX/XOO/OXX");  // the depth-9 game's end, score 72
    EXPECT_EQ(weighted_score(won), 72);
    EXPECT_EQ(weighted_result(won), Result::XWins);
    Position drawn = Position::from_board(spec, "OXO/XXO/XOX");  // the depth-4 game's end, score 0
    EXPECT_EQ(weighted_result(drawn), Result::Draw);
    GameSpec mirrored = weighted_game(3, {-4, -3, -8, -9, -5, -1, -2, -7, -6});
    EXPECT_EQ(weighted_result(Position::from_board(mirrored, "OXX/XOO/OXX")), Result::OWins);
    EXPECT_EQ(weighted_result(Position::from_board(spec, "X../.O./...")), Result::Ongoing);
}

TEST(WeightedRules, IdsBeyondSixtyFourBitsAreExact) {
    GameSpec seven = weighted_game(7, default_weights(7));
    Position p(seven);
    p.play(48);  // X on the last cell: 3^48
    EXPECT_EQ(id_text(p), "79766443076872509863361");
    p.play(0);  // O on the first: + 2
    EXPECT_EQ(id_text(p), "79766443076872509863363");
}

TEST(WeightedRules, GridsAreValidated) {
    EXPECT_EQ(parse_weights("1,2/3 4", 2), (std::vector<int>{1, 2, 3, 4}));
    EXPECT_EQ(parse_weights("-1 +2 3 -4", 2), (std::vector<int>{-1, 2, 3, -4}));
    EXPECT_THROW(parse_weights("1 2 3", 2), Error);
    EXPECT_THROW(parse_weights("1 2 3 4 5", 2), Error);
    EXPECT_THROW(parse_weights("1 2 x 4", 2), Error);
    EXPECT_THROW(parse_weights("1 2 3.5 4", 2), Error);
    EXPECT_THROW(parse_weights("1 2 99999999999 4", 2), Error);
    EXPECT_THROW(weighted_game(3, {1, 2, 3}), Error);
    EXPECT_THROW(weighted_game(0, {}), Error);
    EXPECT_THROW(weighted_game(2, {1000000000, 1, 1, 1}), Error);  // scores would overflow
    EXPECT_NO_THROW(weighted_game(2, {-100000, 1, 1, 1}));
}

// The seed's check (the course's task 3): absent, stored at depth 3 with
// score 10000, found at depth 3 but not at depth 4, absent after clear.
TEST(WeightedTable, SeedCheck) {
    Position p = Position::from_moves(default3(), "0,0 0,1 1,0 1,1");
    TranspositionTable table(TranspositionTable::default_buckets(3), 100);
    EXPECT_EQ(table.bucket_count(), 101u);
    EXPECT_EQ(table.lookup(p.id(), 3), nullptr);
    table.update(p.id(), TableEntry(10000, p.cell(2, 0), 3, Bound::Exact));
    const TableEntry* e = table.lookup(p.id(), 3);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->score(), 10000);
    EXPECT_EQ(e->move(), p.cell(2, 0));
    EXPECT_EQ(table.lookup(p.id(), 4), nullptr);
    table.clear();
    EXPECT_EQ(table.lookup(p.id(), 3), nullptr);
}

TEST(WeightedTable, DemoPrintsTheCourseOutput) {
    KINROW_NEEDS_SHARED_DATA(kReference + "outputs/output3.txt");
    std::ostringstream out;
    run_table_demo(out);
    EXPECT_EQ(out.str(), without_first_line(read_shared_file(kReference + "outputs/output3.txt")));
}

TEST(WeightedTable, OverwritesOnlyWithDeeperOrSharperEntries) {
    TranspositionTable table(101, 100);
    table.update(7, TableEntry(5, 1, 3, Bound::Lower));
    table.update(7, TableEntry(9, 2, 2, Bound::Exact));  // shallower: ignored
    EXPECT_EQ(table.probe(7)->score(), 5);
    table.update(7, TableEntry(6, 3, 3, Bound::Upper));  // as deep, still a bound: ignored
    EXPECT_EQ(table.probe(7)->bound(), Bound::Lower);
    table.update(7, TableEntry(8, 4, 3, Bound::Exact));  // as deep and exact: replaces
    EXPECT_EQ(table.probe(7)->score(), 8);
    table.update(7, TableEntry(-3, 5, 300, Bound::Upper));  // deeper: replaces
    EXPECT_EQ(table.probe(7)->depth(), 300);
    EXPECT_EQ(table.probe(7)->bound(), Bound::Upper);
    EXPECT_EQ(table.probe(7)->score(), -3);
    EXPECT_EQ(table.probe(7)->move(), 5);
}

TEST(WeightedTable, MemoryBudgetCapsTheEntries) {
    TranspositionTable table(10, 3);
    for (std::uint64_t key = 0; key < 10; ++key)
        table.update(key, TableEntry(1, 0, 1, Bound::Exact));
    EXPECT_EQ(table.size(), 3u);
    EXPECT_EQ(table.probe(9), nullptr);
    table.update(0, TableEntry(2, 0, 2, Bound::Exact));  // stored keys still update
    EXPECT_EQ(table.probe(0)->score(), 2);
    std::size_t cap = TranspositionTable::entries_for_megabytes(1);
    EXPECT_EQ(cap, 32768u);  // 2^20 / 24-byte nodes = 43,690, down to a power of two
}

TEST(WeightedSession, ManualReproducesTheCourseTranscripts) {
    KINROW_NEEDS_SHARED_DATA(kReference + "outputs/output1_3_draw.txt");
    for (const char* name : {"1_3_draw", "1_3_win"}) {
        std::string input =
            without_first_line(read_shared_file(kReference + "inputs/input" + name + ".txt"));
        std::string expected =
            without_first_line(read_shared_file(kReference + "outputs/output" + name + ".txt"));
        EXPECT_EQ(play(input, Mode::Manual), expected) << name;
    }
}

TEST(WeightedSession, BadMovesAreAskedAgain) {
    std::string out = play("5 1 7 -2 1 1 1 x 0 0 -1", Mode::Manual);
    const std::string row = "Select a row from 0 to 2 (top to bottom). Type -1 to quit game.\n";
    const std::string col = "Select a column from 0 to 2 (left to right). Type -1 to quit game.\n";
    // Row 5 asks the row again; column 7 and -2 ask the column again; then
    // X plays 1,1; O tries 1,1 (taken), types x (not a number), plays 0,0.
    std::string expected_start =
        board_drawing(Position(default3())) + "Score: 0\nID: 0\n" + row + row + col + col + col;
    EXPECT_EQ(out.substr(0, expected_start.size()), expected_start);
    EXPECT_NE(out.find("That cell is taken.\n" + row + "Please type a number.\n" + row + col),
              std::string::npos);
    EXPECT_NE(out.find("ID: 83\n"), std::string::npos);  // X on 1,1 and O on 0,0: 81 + 2
    // -1 quits without a verdict.
    EXPECT_EQ(out.find("won"), std::string::npos);
    EXPECT_EQ(out.find("Draw"), std::string::npos);
}

TEST(WeightedSession, EndOfInputAbandonsTheGameWithAMessage) {
    for (Mode mode : {Mode::Manual, Mode::Versus, Mode::Hinted}) {
        std::string out = play("1 1 0", mode);
        EXPECT_NE(out.find("End of input: game abandoned."), std::string::npos) << out;
        EXPECT_EQ(out.find("won"), std::string::npos);
    }
}

TEST(WeightedSession, HintsComeBeforeTheHumanMove) {
    std::string out = play("1 0 -1", Mode::Hinted);
    // The depth-4 engine's first choice in the course's auto game.
    EXPECT_NE(out.find("ID: 0\nEstimated best score: -6\nRow: 1\nCol: 0\nSelect a row"),
              std::string::npos);
    EXPECT_NE(out.find("ID: 27\nEstimated best score: 39\nRow: 0\nCol: 2\nSelect a row"),
              std::string::npos);
}

TEST(WeightedSession, VersusLetsTheHumanChooseASide) {
    // As O, the engine (X) moves first, as in the auto game.
    std::string as_o = play("O -1", Mode::Versus);
    EXPECT_NE(as_o.find("Select your side"), std::string::npos);
    EXPECT_NE(as_o.find("ID: 0\nEstimated best score: -6\nRow: 1\nCol: 0\n"), std::string::npos);
    // As X (given on the command line), the human moves first.
    std::string as_x = play("0 0 -1", Mode::Versus, 4, 'X');
    EXPECT_EQ(as_x.find("Select your side"), std::string::npos);
    EXPECT_NE(as_x.find("ID: 0\nSelect a row"), std::string::npos);
    EXPECT_NE(as_x.find("ID: 1\nEstimated best score:"), std::string::npos);
    EXPECT_NE(play("Z x -1", Mode::Versus).find("Please type X or O.\n"), std::string::npos);
}

TEST(WeightedTree, DotShowsWindowsAndPrunedBranches) {
    GameSpec spec = default3();
    Position p = Position::from_moves(spec, "1,1 0,0 2,2");
    SearchOptions options;
    options.alphabeta = true;
    WeightedSearch engine(spec, options);
    SearchTree tree(10000);
    SearchResult r = engine.search(p, 2, &tree);
    EXPECT_EQ(tree.size(), engine.stats().nodes);
    std::string dot = tree.dot();
    EXPECT_EQ(dot.rfind("digraph search {", 0), 0u);
    EXPECT_NE(dot.find("pruned"), std::string::npos);
    EXPECT_NE(dot.find("(-inf, +inf)"), std::string::npos);
    EXPECT_NE(dot.find("value = " + std::to_string(r.score)), std::string::npos);
    EXPECT_EQ(dot.back(), '\n');

    options.alphabeta = false;
    WeightedSearch plain(spec, options);
    SearchTree full(10000);
    plain.search(p, 2, &full);
    EXPECT_EQ(full.size(), 1u + 6u + 6u * 5u);
    EXPECT_EQ(full.dot().find("pruned"), std::string::npos);

    SearchTree small(5);
    EXPECT_THROW(plain.search(p, 2, &small), Error);
    EXPECT_EQ(p.board_string(), "O../.X./..X");  // given back as it was
    EXPECT_EQ(p.stones(), 3);
}
