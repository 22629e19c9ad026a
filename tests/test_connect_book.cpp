// The Connect-k opening book: generation against direct solves, the file
// format (round trip and every kind of malformed file), the engine and the
// command line answering from a book.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "connect/book.hpp"
#include "connect/engine.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "search/count.hpp"
#include "core/error.hpp"
#include "rules/position.hpp"
#include "run_command.hpp"

using namespace kinrow;
using namespace kinrow::search;
using namespace kinrow::connect;

namespace {

OpeningBook small_book(const char* game, int depth) {
    BookGenerateOptions options;
    options.tt_mb = 8;
    return OpeningBook::generate(parse_game(game), depth, options);
}

std::string text_of(const OpeningBook& book) {
    std::ostringstream out;
    book.write(out);
    return out.str();
}

// The message of the Error that reading `text` as a book throws ("" if none).
std::string read_error(const std::string& text) {
    std::istringstream in(text);
    try {
        OpeningBook::read(in, "test.book");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// A file in the temporary directory, removed at the end of the test.
struct TempFile {
    explicit TempFile(const std::string& name)
        : path((std::filesystem::temp_directory_path() / ("kinrow-book-test-" + std::to_string(::getpid()) + "-" + name))
                   .string()) {}
    ~TempFile() {
        std::filesystem::remove(path);
        std::filesystem::remove(path + ".partial");
    }
    std::string path;
};

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

}  // namespace

TEST(ConnectBook, EveryEntryAndColumnMatchesADirectSolve) {
    // Odd and even widths (the centre column is or is not its own mirror),
    // and k = 3 on 4x4, where games end within the book's depth.
    struct Case {
        const char* game;
        int depth;
    };
    for (Case c : {Case{"connect:5,4,4", 4}, Case{"connect:6,4,4", 3}, Case{"connect:4,4,3", 5}}) {
        OpeningBook book = small_book(c.game, c.depth);
        const Geometry& g = book.geometry();
        // An independent search: no mirror sharing, a cleared table per position.
        TablePair tables(g, 8);
        SolverOptions plain;
        plain.symmetry = false;
        Solver<FixedTable> solver(g, tables.far, tables.near, plain);
        int leaves = 0;
        for (const BookEntry& e : book.entries()) {
            const BitPosition p = replay_moves(g, e.moves);
            tables.clear();
            EXPECT_EQ(e.score, solver.solve(p, false)) << c.game << " " << e.moves;
            // The mirror image reads the same score from the book.
            BitPosition mirror{g.mirror(p.current), g.mirror(p.mask), p.moves};
            EXPECT_EQ(book.score(mirror), e.score) << c.game << " " << e.moves;
            if (e.stones == c.depth) {
                ++leaves;
                EXPECT_FALSE(book.column_scores(p)) << c.game << " " << e.moves;
                continue;
            }
            auto columns = book.column_scores(p);
            ASSERT_TRUE(columns) << c.game << " " << e.moves;
            tables.clear();
            EXPECT_EQ(*columns, solver.column_scores(p, false)) << c.game << " " << e.moves;
            // Its best column is the one the solver would play.
            tables.clear();
            EXPECT_EQ(book.best_column(p), solver.best_column(p, e.score)) << c.game << " " << e.moves;
        }
        EXPECT_GT(leaves, 0) << c.game;
    }
}

TEST(ConnectBook, HoldsEveryUnfinishedPositionOncePerMirrorPair) {
    // Connect Four needs 7 stones for a line: up to 4 stones every position
    // counts, 719 up to symmetry (kinrow count connect4 --max-plies 4).
    const GameSpec connect4 = parse_game("connect4");
    CountOptions count;
    count.max_plies = 4;
    EXPECT_EQ(OpeningBook::enumerate(connect4, 4).size(), count_positions(Position(connect4), count).canonical_positions);
    EXPECT_EQ(OpeningBook::enumerate(connect4, 4).size(), 719u);

    // k = 3 on 4x4: X can win with its third stone (5 stones on the board),
    // and those finished positions are left out; 1 + 2 + 8 + 20 + 62 entries
    // below 5 stones are all there is up to 4 stones.
    std::vector<BookEntry> entries = OpeningBook::enumerate(parse_game("connect:4,4,3"), 5);
    const Geometry g(parse_game("connect:4,4,3"));
    for (const BookEntry& e : entries) {
        BitPosition p = replay_moves(g, e.moves);
        EXPECT_FALSE(g.has_line(p.current ^ p.mask)) << e.moves;
    }
    // Ordered by stones, then path; the first path is the smallest.
    for (std::size_t i = 1; i < entries.size(); ++i)
        EXPECT_TRUE(entries[i - 1].stones < entries[i].stones ||
                    (entries[i - 1].stones == entries[i].stones && entries[i - 1].moves < entries[i].moves));
    EXPECT_EQ(entries[1].moves, "1");
}

TEST(ConnectBook, GenerationIsDeterministicAndRoundTrips) {
    OpeningBook a = small_book("connect:5,4,4", 4);
    // A different table size searches differently, yet writes the same bytes.
    BookGenerateOptions big;
    big.tt_mb = 64;
    OpeningBook b = OpeningBook::generate(parse_game("connect:5,4,4"), 4, big);
    const std::string text = text_of(a);
    EXPECT_EQ(text, text_of(b));
    EXPECT_EQ(text.substr(0, text.find('\n')), "kinrow-book version 1 game connect:5,4,4 depth 4");
    EXPECT_NE(text.find("\n- 0\n"), std::string::npos);  // the empty board: a draw on 5x4

    std::istringstream in(text);
    OpeningBook loaded = OpeningBook::read(in, "round trip");
    EXPECT_EQ(text_of(loaded), text);
    EXPECT_EQ(loaded.depth(), 4);
    EXPECT_TRUE(loaded.spec() == parse_game("connect:5,4,4"));

    // Lines in another order and other paths to the same positions load to the same book.
    std::vector<std::string> lines;
    std::istringstream split(text);
    for (std::string line; std::getline(split, line);) lines.push_back(line);
    std::string shuffled = lines[0] + "\n";
    for (std::size_t i = lines.size(); i-- > 1;) shuffled += lines[i] + "\n";
    std::istringstream reversed(shuffled);
    EXPECT_EQ(text_of(OpeningBook::read(reversed, "reversed")), text);
}

TEST(ConnectBook, ResumedGenerationSkipsKnownLeaves) {
    const GameSpec spec = parse_game("connect:5,4,4");
    const std::string fresh = text_of(small_book("connect:5,4,4", 3));
    const Geometry g(spec);
    BookGenerateOptions options;
    options.tt_mb = 8;
    std::size_t leaves = 0, searched = 0;
    for (const BookEntry& e : OpeningBook::enumerate(spec, 3))
        if (e.stones == 3 && leaves++ % 2 == 0) {
            // The true score, from the fresh book.
            std::istringstream in(fresh);
            options.known[book_key(g, replay_moves(g, e.moves))] =
                *OpeningBook::read(in, "fresh").score(replay_moves(g, e.moves));
        }
    options.on_leaf = [&](const BookLeafReport& r) { searched += r.searched; };
    EXPECT_EQ(text_of(OpeningBook::generate(spec, 3, options)), fresh);
    EXPECT_EQ(searched, leaves - options.known.size());
}

TEST(ConnectBook, MalformedFilesGiveOneLineErrorsNamingFileAndLine) {
    const std::string header = "kinrow-book version 1 game connect:5,4,4 depth 1\n";
    // The true depth-1 book of 5x4: the empty board is a draw, so are 2 and
    // 3; after 1, O (to move) wins with its last stone.
    const std::string body = "- 0\n1 1\n2 0\n3 0\n";
    ASSERT_EQ(read_error(header + body), "");
    struct Case {
        std::string text;
        std::string error;
    };
    const std::vector<Case> cases = {
        {"", "test.book: empty file"},
        {"kinrow-book version 2 game connect:5,4,4 depth 1\n" + body, "test.book:1: book format version '2'"},
        {"some other file\n", "test.book:1: not a kinrow opening book"},
        {"kinrow-book version 1 game connect4\n", "test.book:1: malformed header"},
        {"kinrow-book version 1 game tictactoe depth 1\n", "test.book:1: opening books are for gravity games"},
        {"kinrow-book version 1 game connect:5,4,4 depth 21\n", "test.book:1: book depth 21 out of range"},
        {header + "- 0\n1 1\n2 0 7\n3 0\n", "test.book:4: expected 'moves score'"},
        {header + "- 0\n1 1\n6 0\n3 0\n", "test.book:4: '6' is not a column of connect:5,4,4"},
        {header + "- 0\n1 1\n2 x\n3 0\n", "test.book:4: score 'x' is not a number"},
        {header + "- 0\n1 1\n2 11\n3 0\n", "test.book:4: score 11 is impossible with 1 stones"},
        {header + "- 0\n1 1\n22 0\n3 0\n", "test.book:4: 22 has 2 stones, more than the book's depth 1"},
        {header + "- 0\n1 1\n2 0\n3 0\n4 0\n", "test.book:6: 4 is the position of line 4 (2) or its mirror"},
        {header + "- 0\n1 1\n3 0\n", "test.book:2: no entry for 2, a move on from this line's position"},
        {header + "1 1\n2 0\n3 0\n", "test.book: no entry for the empty board"},
        {header + "- 1\n1 1\n2 0\n3 0\n", "test.book:2: - has score 1 but its best move scores 0"},
        {"kinrow-book version 1 game connect:4,3,3 depth 5\n- 0\n11112 0\n",
         "test.book:3: move 4 (11112): column 1 is full"},
        {"kinrow-book version 1 game connect:4,3,3 depth 5\n- 0\n12121 0\n",
         "test.book:3: move 5 (12121) completes a line"},
    };
    for (const Case& c : cases) {
        std::string error = read_error(c.text);
        EXPECT_EQ(error.rfind(c.error, 0), 0u) << "got: " << error << "\nwanted: " << c.error;
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
    EXPECT_THROW(OpeningBook::load("/nonexistent/connect4.book"), Error);
}

TEST(ConnectBook, EngineAnswersFromTheBookAsTheSolverWould) {
    const GameSpec spec = parse_game("connect:5,4,4");
    ConnectEngine plain(spec, 8);
    ConnectEngine booked(spec, 8);
    booked.use_book(small_book("connect:5,4,4", 3));
    const Geometry g(spec);
    for (const BookEntry& e : booked.book()->entries()) {
        Position pos = Position::from_moves(spec, e.moves);
        const std::uint64_t before = booked.stats().nodes;
        ConnectEngine::Decision d = booked.decide(pos);
        EXPECT_TRUE(d.from_book) << e.moves;
        EXPECT_EQ(d.score, plain.score(pos)) << e.moves;
        EXPECT_EQ(d.move, plain.best_move(pos)) << e.moves;
        bool from_book = false;
        EXPECT_EQ(booked.column_scores(pos, &from_book), plain.column_scores(pos)) << e.moves;
        // Short of the depth the book answers alone; at it, the move needs a search.
        EXPECT_EQ(from_book, e.stones < 3) << e.moves;
        if (e.stones < 3) {
            EXPECT_EQ(booked.stats().nodes, before) << e.moves;
        }
    }
    // Past the book the engine searches.
    Position deep = Position::from_moves(spec, "3333");
    EXPECT_FALSE(booked.decide(deep).from_book);
    EXPECT_EQ(booked.decide(deep).score, plain.score(deep));

    EXPECT_THROW(booked.use_book(small_book("connect:4,4,3", 2)), Error);
}

TEST(ConnectBook, CommandLineGeneratesResumesAndAnswersFromABook) {
    using kinrow::testing::read_text_file;
    using kinrow::testing::run_kinrow;
    TempFile book("cli.book");
    auto gen = run_kinrow("book connect:5,4,4 --depth 4 --tt-mb 8 --out '" + book.path + "'");
    ASSERT_EQ(gen.exit_code, 0) << gen.output;
    EXPECT_NE(gen.output.find("243 positions"), std::string::npos) << gen.output;
    EXPECT_FALSE(std::filesystem::exists(book.path + ".partial"));
    const std::string text = read_text_file(book.path);
    EXPECT_EQ(text, text_of(small_book("connect:5,4,4", 4)));

    // An interrupted run: a checkpoint with two leaves and a line cut short.
    TempFile resumed("resumed.book");
    write_file(resumed.path + ".partial",
               "kinrow-book version 1 game connect:5,4,4 depth 4\n1111 0\n1112 0\n11");
    auto again = run_kinrow("book connect:5,4,4 --depth 4 --tt-mb 8 --out '" + resumed.path + "'");
    ASSERT_EQ(again.exit_code, 0) << again.output;
    EXPECT_NE(again.output.find("resuming from"), std::string::npos) << again.output;
    EXPECT_NE(again.output.find("2 leaves already solved"), std::string::npos) << again.output;
    EXPECT_EQ(read_text_file(resumed.path), text);
    // A checkpoint of another book is refused, not mixed in.
    write_file(resumed.path + ".partial", "kinrow-book version 1 game connect:5,4,4 depth 3\n");
    auto other = run_kinrow("book connect:5,4,4 --depth 4 --tt-mb 8 --out '" + resumed.path + "'");
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_NE(other.output.find("is the checkpoint of another book"), std::string::npos) << other.output;

    // analyze answers from the book, with the scores the search gives.
    auto from_book = run_kinrow("analyze connect:5,4,4 --moves 32 --json --book '" + book.path + "'");
    auto searched = run_kinrow("analyze connect:5,4,4 --moves 32 --json --no-book");
    ASSERT_EQ(from_book.exit_code, 0) << from_book.output;
    ASSERT_EQ(searched.exit_code, 0) << searched.output;
    auto jb = nlohmann::json::parse(from_book.output);
    auto js = nlohmann::json::parse(searched.output);
    EXPECT_TRUE(jb["from_book"].get<bool>());
    EXPECT_EQ(jb["nodes"], 0);
    EXPECT_FALSE(js["from_book"].get<bool>());
    EXPECT_EQ(jb["scores"], js["scores"]);
    auto words = run_kinrow("analyze connect:5,4,4 --moves 32 --book '" + book.path + "'");
    EXPECT_NE(words.output.find("scores from the opening book " + book.path), std::string::npos)
        << words.output;

    // solve uses a book only when given one.
    auto solve = run_kinrow("solve connect:5,4,4 --json --book '" + book.path + "'");
    auto plain = run_kinrow("solve connect:5,4,4 --json");
    auto jsolve = nlohmann::json::parse(solve.output);
    auto jplain = nlohmann::json::parse(plain.output);
    EXPECT_TRUE(jsolve["from_book"].get<bool>());
    EXPECT_FALSE(jplain["from_book"].get<bool>());
    EXPECT_EQ(jsolve["score"], jplain["score"]);
    EXPECT_EQ(jsolve["best_move"], jplain["best_move"]);
    EXPECT_EQ(jsolve["nodes"], 0);

    // play names the book and says which answers came from it.
    auto play = run_kinrow("play connect:5,4,4 --human none --book '" + book.path + "'");
    ASSERT_EQ(play.exit_code, 0) << play.output;
    EXPECT_NE(play.output.find("X plays 3: draw (score +0, from the opening book " + book.path), std::string::npos)
        << play.output;
    EXPECT_NE(play.output.find("Draw."), std::string::npos) << play.output;

    // A book of another game, or for the generic engine, is an error.
    auto wrong = run_kinrow("analyze connect:4,4,3 --book '" + book.path + "'");
    EXPECT_EQ(wrong.exit_code, 1);
    EXPECT_NE(wrong.output.find("is a book for connect:5,4,4, not connect:4,4,3"), std::string::npos)
        << wrong.output;
    EXPECT_EQ(run_kinrow("analyze connect:5,4,4 --generic --book '" + book.path + "'").exit_code, 1);
    EXPECT_EQ(run_kinrow("solve connect:5,4,4 --batch --book '" + book.path + "'", "3\n").exit_code, 1);
}

TEST(ConnectBook, ShippedConnectFourBookAnswersTheOpening) {
    // data/connect4.book, found without --book: Connect Four's first player
    // wins in the centre column only. (Without the book this would be a
    // solve of minutes: check the file first.)
    const std::string path = default_book_path(parse_game("connect4"));
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    EXPECT_TRUE(OpeningBook::load_header(path).spec == parse_game("connect4"));
    auto r = kinrow::testing::run_kinrow("analyze connect4 --json");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    auto j = nlohmann::json::parse(r.output);
    EXPECT_TRUE(j["from_book"].get<bool>());
    auto scores = j["scores"];
    ASSERT_EQ(scores.size(), 7u);
    for (int col = 0; col < 7; ++col) {
        if (col == 3)
            EXPECT_GT(scores[col].get<int>(), 0);
        else
            EXPECT_LE(scores[col].get<int>(), 0) << col;
    }
}
