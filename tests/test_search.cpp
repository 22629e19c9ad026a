#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include "search/benchmark.hpp"
#include "core/error.hpp"
#include "search/search.hpp"
#include "rules/symmetry.hpp"

using namespace kinrow;
using namespace kinrow::search;

namespace {

// Small tables: the positions are small, and every Searcher allocates its own.
SearchOptions small_table(SearchOptions o = {}) {
    o.tt_mb = 2;
    return o;
}

SearchResult solve(const std::string& game, const std::string& moves = "", SearchOptions options = small_table()) {
    Position pos = Position::from_moves(parse_game(game), moves);
    Searcher searcher(std::move(options));
    return searcher.search(pos);
}

SearchOptions plain(Algorithm a) {
    SearchOptions o;
    o.algorithm = a;
    o.use_tt = o.use_symmetry = o.use_ordering = o.use_pruning = false;
    o.tt_mb = 2;
    return o;
}

// A reproducible random position: up to `plies` random legal moves.
Position random_position(const GameSpec& spec, int plies, std::mt19937& rng) {
    Position pos(spec);
    for (int i = 0; i < plies && !pos.game_over(); ++i) {
        std::vector<Move> moves = pos.legal_moves();
        pos.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    return pos;
}

}  // namespace

TEST(SearchValues, TicTacToeIsADraw) {
    SearchResult r = solve("tictactoe");
    EXPECT_EQ(r.score, 0);
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.bound, Bound::Exact);
    EXPECT_NE(r.best_move, kNoMove);
}

TEST(SearchValues, SmallBoardsWonByTheFirstPlayer) {
    for (const char* game : {"mnk:4,3,3", "mnk:4,4,3", "mnk:3,4,3"}) {
        SearchResult r = solve(game);
        EXPECT_TRUE(is_win(r.score)) << game;
        EXPECT_EQ(r.bound, Bound::Exact) << game;
    }
}

TEST(SearchValues, TwoRowBoardsAreDraws) {
    for (int m = 3; m <= 8; ++m) {
        std::string game = "mnk:" + std::to_string(m) + ",2,3";
        EXPECT_EQ(solve(game).score, 0) << game;
    }
}

TEST(SearchValues, FiveByThreeFourInARowIsADraw) { EXPECT_EQ(solve("mnk:5,3,4").score, 0); }

TEST(SearchValues, FourByFourFourInARowIsADraw) {
    SearchResult r = solve("mnk:4,4,4");
    EXPECT_EQ(r.score, 0);
    EXPECT_TRUE(r.proven);
}

// The gravity facts, on the generic engine (not the Connect-k bitboard solver).
TEST(SearchValues, GravityBoardsOnTheGenericEngine) {
    EXPECT_TRUE(is_win(solve("connect:2,2,2").score));
    EXPECT_EQ(solve("connect:3,3,3").score, 0);
    EXPECT_EQ(solve("connect:3,4,3").score, 0);  // 3 wide, 4 high
    EXPECT_TRUE(is_win(solve("connect:4,3,3").score));  // 4 wide, 3 high
}

TEST(SearchValues, DistancesAreExact) {
    // X to move completes the top row at once.
    SearchResult now = solve("tictactoe", "0,0 1,0 0,1 1,1");
    EXPECT_EQ(now.score, win_score(9, 5));
    EXPECT_EQ(now.best_move, 2);
    // X to move completes the diagonal.
    Position fork = Position::from_board(parse_game("tictactoe"), "XO./.X./O..");
    Searcher s(small_table());
    SearchResult r = s.search(fork);
    EXPECT_EQ(describe_score(fork, r.score, r.bound, r.proven), "X wins in 1 move (1 ply)");
    // 4,4,3: the first player wins in 3 moves and never faster.
    SearchResult w = solve("mnk:4,4,3");
    EXPECT_EQ(plies_to_end(Position(parse_game("mnk:4,4,3")), w.score), 5);
}

TEST(SearchValues, ProvenPrincipalVariationReachesTheValue) {
    for (const char* game : {"mnk:4,3,3", "tictactoe", "connect:4,3,3"}) {
        Position pos(parse_game(game));
        Searcher s(small_table());
        SearchResult r = s.search(pos);
        ASSERT_FALSE(r.pv.empty()) << game;
        EXPECT_EQ(r.pv.front(), r.best_move);
        Position line = pos;
        for (Move m : r.pv) {
            ASSERT_TRUE(line.is_legal(m)) << game;
            line.play(m);
        }
        ASSERT_TRUE(line.game_over()) << game;
        if (r.score == 0) {
            EXPECT_EQ(line.result(), Result::Draw) << game;
        } else {
            EXPECT_EQ(line.result(), Result::XWins) << game;
            EXPECT_EQ(line.stones(), stones_at_end(pos.cells(), r.score)) << game;
        }
    }
}

TEST(SearchValues, WeakSolveGivesTheOutcomeOnly) {
    SearchOptions weak = small_table();
    weak.weak = true;
    SearchResult r = solve("mnk:4,3,3", "", weak);
    EXPECT_TRUE(is_win(r.score));
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.bound, Bound::Lower);
    EXPECT_EQ(solve("mnk:5,3,4", "", weak).score, 0);
}

TEST(SearchValues, FinishedGameReportsItsResult) {
    SearchResult r = solve("tictactoe", "0,0 1,0 0,1 1,1 0,2");
    EXPECT_TRUE(is_loss(r.score));  // O to move, X has won
    Position over = Position::from_moves(parse_game("tictactoe"), "0,0 1,0 0,1 1,1 0,2");
    EXPECT_EQ(describe_score(over, r.score, r.bound, r.proven), "X has won");
    EXPECT_EQ(r.best_move, kNoMove);
    EXPECT_EQ(r.stats.nodes, 0u);
}

// Every algorithm and every enhancement must agree on the exact value.
TEST(SearchProperties, AllConfigurationsAgreeOnRandomPositions) {
    std::mt19937 rng(20261121);
    std::vector<std::pair<std::string, SearchOptions>> configs;
    configs.push_back({"alphabeta", plain(Algorithm::AlphaBeta)});
    SearchOptions tt = plain(Algorithm::Negamax);
    tt.use_tt = true;
    configs.push_back({"negamax+tt", tt});
    SearchOptions sym = tt;
    sym.use_symmetry = true;
    configs.push_back({"+symmetry", sym});
    SearchOptions ord = sym;
    ord.use_ordering = true;
    configs.push_back({"+ordering", ord});
    configs.push_back({"everything", small_table()});
    SearchOptions chained;
    chained.chained_buckets = 1009;
    configs.push_back({"chained", chained});
    SearchOptions no_pruning = small_table();
    no_pruning.use_pruning = false;
    configs.push_back({"no pruning", no_pruning});
    // The exactly-k rule on a small board: overlines do not win, so the
    // win-now test must check them and dead cells must stay off.
    GameSpec exact = make_game(5, 4, 3, Placement::Free, WinRule::ExactlyK);
    std::vector<std::pair<std::string, GameSpec>> games;
    for (const char* game : {"tictactoe", "mnk:4,3,3", "connect:4,4,3", "mnk:4,4,4", "mnk:5,4,4", "connect:5,4,3"})
        games.push_back({game, parse_game(game)});
    games.push_back({"exactly-3 on 5x4", exact});
    for (const auto& [game, spec] : games) {
        // Minimax is the reference: keep its trees small.
        int min_plies = std::max(1, spec.cells() - 9);
        for (int trial = 0; trial < 12; ++trial) {
            Position pos = random_position(spec, min_plies + trial % 4, rng);
            Position copy = pos;
            Searcher reference(plain(Algorithm::Minimax));
            Score expected = reference.search(copy).score;
            EXPECT_EQ(copy.board_string(), pos.board_string());
            for (auto& [name, options] : configs) {
                Position p = pos;
                Searcher s(options);
                EXPECT_EQ(s.search(p).score, expected) << game << " " << pos.board_string() << " " << name;
            }
        }
    }
}

TEST(SearchProperties, SymmetricPositionsGetEqualValues) {
    std::mt19937 rng(7);
    for (const char* game : {"tictactoe", "mnk:4,3,3", "connect:4,4,3", "mnk:4,4,4"}) {
        GameSpec spec = parse_game(game);
        Symmetries group(spec);
        Searcher shared(small_table());  // one table for all images: they share entries
        for (int trial = 0; trial < 6; ++trial) {
            Position pos = random_position(spec, 3 + trial, rng);
            Searcher fresh(small_table());
            Score value = fresh.search(pos).score;
            for (int s = 1; s < group.size(); ++s) {
                Position image = group.image(pos, s);
                Searcher own(small_table());
                EXPECT_EQ(own.search(image).score, value) << game << " " << pos.board_string() << " sym " << s;
                EXPECT_EQ(shared.search(image).score, value) << game << " " << pos.board_string();
            }
        }
    }
}

TEST(SearchProperties, NegamaxWithEverythingOffIsAlphaBeta) {
    SearchOptions ab = plain(Algorithm::AlphaBeta);
    ab.weak = true;
    SearchOptions nm = plain(Algorithm::Negamax);
    nm.iterative_deepening = false;
    for (const char* moves : {"", "1,1", "0,0 1,1"}) {
        SearchResult a = solve("tictactoe", moves, ab), b = solve("tictactoe", moves, nm);
        EXPECT_EQ(a.stats.nodes, b.stats.nodes) << moves;
        EXPECT_EQ(a.score, b.score) << moves;
    }
}

TEST(SearchProperties, DeterministicNodeCounts) {
    SearchResult a = solve("mnk:4,4,4", "1,1"), b = solve("mnk:4,4,4", "1,1");
    EXPECT_EQ(a.stats.nodes, b.stats.nodes);
    EXPECT_EQ(a.best_move, b.best_move);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_EQ(a.stats.tt_stores, b.stats.tt_stores);
}

TEST(SearchProperties, TablePersistsAcrossSearches) {
    Position pos(parse_game("mnk:4,4,4"));
    Searcher s(small_table());
    SearchResult first = s.search(pos);
    SearchResult again = s.search(pos);
    EXPECT_EQ(first.score, again.score);
    EXPECT_LT(again.stats.nodes * 10, first.stats.nodes);
    s.clear();
    EXPECT_EQ(s.search(pos).stats.nodes, first.stats.nodes);
}

TEST(SearchStatsTest, TableCountersAreConsistent) {
    SearchResult r = solve("mnk:4,4,4");
    EXPECT_GT(r.stats.tt_probes, 0u);
    EXPECT_LE(r.stats.tt_hits, r.stats.tt_probes);
    EXPECT_LE(r.stats.tt_cutoffs, r.stats.tt_hits);
    EXPECT_GT(r.stats.tt_stores, 0u);
    EXPECT_LE(r.stats.tt_collisions, r.stats.tt_stores);
    EXPECT_EQ(r.stats.depth_reached, 16);
    SearchOptions none = small_table();
    none.use_tt = false;
    SearchResult n = solve("tictactoe", "", none);
    EXPECT_EQ(n.stats.tt_probes, 0u);
    EXPECT_EQ(n.stats.table_bytes, 0u);
}

TEST(SearchLimits, DepthLimitedSearchFindsAnImmediateWin) {
    SearchOptions o = small_table();
    o.depth = 1;
    SearchResult r = solve("mnk:6,6,4", "0,0 5,5 0,1 5,4 0,2 4,5", o);
    EXPECT_TRUE(is_win(r.score));
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.best_move, 3);
}

TEST(SearchLimits, DepthLimitedSearchIsHeuristicOtherwise) {
    SearchOptions o = small_table();
    o.depth = 2;
    SearchResult r = solve("gomoku", "h8", o);
    EXPECT_FALSE(r.proven);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.stats.depth_reached, 2);
    EXPECT_FALSE(is_decisive(r.score));
    EXPECT_NE(r.best_move, kNoMove);
}

TEST(SearchLimits, ThereIsAlwaysABestMove) {
    SearchOptions o = small_table();
    o.depth = 0;
    SearchResult r = solve("mnk:5,5,4", "2,2", o);
    EXPECT_NE(r.best_move, kNoMove);
    o.depth = -1;
    o.node_limit = 1;
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Negamax}) {
        o.algorithm = a;
        Position pos = Position::from_moves(parse_game("mnk:5,5,4"), "2,2");
        Searcher s(o);
        Move m = s.search(pos).best_move;
        EXPECT_TRUE(pos.is_legal(m)) << algorithm_name(a);
    }
}

TEST(SearchLimits, NodeLimitStopsTheSearch) {
    SearchOptions o = small_table();
    o.node_limit = 2000;
    SearchResult r = solve("mnk:5,5,4", "", o);
    EXPECT_FALSE(r.complete);
    EXPECT_LE(r.stats.nodes, 2000u + 1);
    EXPECT_NE(r.best_move, kNoMove);  // from the last finished depth
    for (Algorithm a : {Algorithm::Minimax, Algorithm::AlphaBeta}) {
        SearchOptions p = plain(a);
        p.node_limit = 500;
        SearchResult q = solve("mnk:5,5,4", "", p);
        EXPECT_FALSE(q.complete);
        EXPECT_EQ(q.bound, Bound::None);
    }
}

TEST(SearchAnalyze, EveryMoveValued) {
    Position pos = Position::from_moves(parse_game("tictactoe"), "0,0 1,1 2,2");
    Searcher s(small_table());
    SearchStats stats;
    std::vector<MoveValue> values = s.analyze(pos, &stats);
    ASSERT_EQ(values.size(), 6u);
    EXPECT_GT(stats.nodes, 0u);
    Score best = -kInfinity;
    for (const MoveValue& v : values) {
        EXPECT_TRUE(v.proven);
        EXPECT_EQ(v.bound, Bound::Exact);
        best = std::max(best, v.score);
    }
    EXPECT_EQ(best, s.search(pos).score);
    // O must take an edge: the corners 0,2 and 2,0 lose.
    for (const MoveValue& v : values)
        if (v.move == 2 || v.move == 6) EXPECT_TRUE(is_loss(v.score)) << v.move;
        else EXPECT_EQ(v.score, 0) << v.move;
}

TEST(SearchText, DescribesScores) {
    Position empty(parse_game("tictactoe"));
    EXPECT_EQ(describe_score(empty, 0, Bound::Exact, true), "draw");
    EXPECT_EQ(describe_score(empty, win_score(9, 5), Bound::Exact, true), "X wins in 3 moves (5 plies)");
    EXPECT_EQ(describe_score(empty, -win_score(9, 6), Bound::Exact, true), "O wins in 3 moves (6 plies)");
    EXPECT_EQ(describe_score(empty, win_score(9, 5), Bound::Lower, true), "X wins");
    EXPECT_EQ(describe_score(empty, -40, Bound::Exact, false), "O is better (+40, heuristic)");
    EXPECT_EQ(outcome_of(-win_score(9, 9), true), Outcome::Loss);
    EXPECT_EQ(outcome_of(win_score(9, 9), false), Outcome::Unknown);
    EXPECT_EQ(parse_algorithm("alphabeta"), Algorithm::AlphaBeta);
    EXPECT_THROW(parse_algorithm("mcts"), Error);
}

TEST(SearchErrors, TableLargerThanMemoryIsAnError) {
    SearchOptions o;
    o.tt_mb = std::size_t{1} << 40;  // a mebibyte count no machine has
    EXPECT_THROW(Searcher{o}, Error);
    o.tt_mb = 0;
    EXPECT_THROW(Searcher{o}, Error);
}

// The tic-tac-toe search table (issue section 5). The first two rows are
// exact counts of the game tree; the others must not exceed the seed's.
TEST(SearchTableSlow, TicTacToeRows) {
    std::vector<TicTacToeRow> rows = run_tictactoe_table();
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_EQ(rows[0].line.stats.nodes, 986410u);
    EXPECT_EQ(rows[1].line.stats.nodes, 549946u);
    EXPECT_LE(rows[2].line.stats.nodes, 18297u);
    EXPECT_LE(rows[3].line.stats.nodes, 7954u);
    EXPECT_LT(rows[4].line.stats.nodes, rows[3].line.stats.nodes);
    EXPECT_LE(rows[5].line.stats.nodes, 1000u);
    for (const TicTacToeRow& r : rows) EXPECT_EQ(r.line.result, "draw") << r.line.label;
}

TEST(SearchValuesSlow, FiveByFourAndFiveByFiveFourInARowAreDraws) {
    SearchOptions big;  // the default 64 MiB table
    EXPECT_EQ(solve("mnk:5,4,4", "", big).score, 0);
    EXPECT_EQ(solve("mnk:5,5,4", "", big).score, 0);
}

TEST(SearchTableSlow, TableExperimentAgreesAcrossTables) {
    std::vector<BenchLine> lines = run_table_experiment("mnk:4,4,4");
    ASSERT_EQ(lines.size(), 5u);
    for (const BenchLine& l : lines) EXPECT_EQ(l.result, "draw") << l.label;
    EXPECT_EQ(lines[0].stats.tt_probes, 0u);
    // Chained tables never evict, so their searches are identical; only the
    // number of stores into occupied buckets changes with the bucket count.
    EXPECT_EQ(lines[1].stats.nodes, lines[3].stats.nodes);
    EXPECT_GT(lines[1].stats.tt_collisions, lines[2].stats.tt_collisions);
    EXPECT_GT(lines[2].stats.tt_collisions, lines[3].stats.tt_collisions);
    EXPECT_LT(lines[3].stats.nodes, lines[0].stats.nodes);
}

// A parallel exact solve (SearchOptions::threads) gives the single-threaded
// values, distances included, whichever engine of the team finishes first.
TEST(SearchParallel, ThreadsGiveTheSingleThreadedValues) {
    std::mt19937 rng(20261124);
    for (const char* game : {"tictactoe", "mnk:4,4,4", "mnk:5,4,4", "connect:5,4,3", "connect:4,4,3"}) {
        const GameSpec spec = parse_game(game);
        for (int trial = 0; trial < 6; ++trial) {
            Position pos = random_position(spec, trial, rng);
            if (pos.game_over()) continue;
            for (bool weak : {false, true}) {
                SearchOptions one = small_table();
                one.weak = weak;
                Position p1 = pos;
                SearchResult expected = Searcher(one).search(p1);
                for (int threads : {2, 3}) {
                    SearchOptions team = one;
                    team.threads = threads;
                    Position p = pos;
                    SearchResult r = Searcher(team).search(p);
                    EXPECT_EQ(p.board_string(), pos.board_string());
                    EXPECT_TRUE(r.complete && r.proven) << game << " " << pos.board_string();
                    const std::string where =
                        fmt::format("{} {} threads {}{}", game, pos.board_string(), threads, weak ? " weak" : "");
                    // A weak solve's score is a bound: only its outcome is the value.
                    if (weak)
                        EXPECT_EQ(outcome_of(r.score, true), outcome_of(expected.score, true)) << where;
                    else
                        EXPECT_EQ(r.score, expected.score) << where;
                    EXPECT_EQ(r.bound, expected.bound) << where;
                    ASSERT_FALSE(r.pv.empty());
                    EXPECT_TRUE(pos.is_legal(r.pv.front()));
                }
            }
        }
    }
}

TEST(SearchParallel, TheStopFlagAndTheLimitsEndTheWholeTeam) {
    std::atomic<bool> stop{false};
    SearchOptions o = small_table();
    o.threads = 2;
    o.stop = &stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop = true;
    });
    SearchResult stopped = solve("mnk:6,6,5", "", o);  // minutes of work for the exact search
    EXPECT_FALSE(stopped.complete);
    o.stop = nullptr;
    o.node_limit = 20000;
    SearchResult limited = solve("mnk:6,6,5", "", o);
    EXPECT_FALSE(limited.complete);
    EXPECT_NE(limited.best_move, kNoMove);
}
