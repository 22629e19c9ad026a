// The Connect-k bitboards and solver, checked against the generic rules
// engine (Position) and a memoised brute-force negamax written from scratch.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "connect/bitboard.hpp"
#include "connect/parallel_solve.hpp"
#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "core/error.hpp"
#include "rules/position.hpp"

using namespace kinrow;
using namespace kinrow::connect;

namespace {

// Random playouts that stop before the game ends, collecting the positions.
std::vector<Position> random_positions(const GameSpec& spec, int count, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position p(spec);
        int length = static_cast<int>(rng() % (spec.cells() + 1));
        for (int i = 0; i < length && !p.game_over(); ++i) {
            auto moves = p.legal_moves();
            p.play(moves[rng() % moves.size()]);
        }
        if (p.game_over()) p.undo();
        out.push_back(p);
    }
    return out;
}

// Pons's score by exhaustive negamax over the rules engine, memoised by id.
int brute_score(Position& p, std::unordered_map<std::uint64_t, int>& memo) {
    if (auto it = memo.find(p.id()); it != memo.end()) return it->second;
    const int cells = p.cells();
    int best = -cells;
    auto moves = p.legal_moves();
    if (moves.empty()) best = 0;
    for (Move m : moves) {
        if (p.completes_line(m, stone_of(p.side_to_move()))) {
            best = (cells + 1 - p.stones()) / 2;
            break;
        }
        p.play(m);
        best = std::max(best, -brute_score(p, memo));
        p.undo();
    }
    memo[p.id()] = best;
    return best;
}

int sign(int x) { return (x > 0) - (x < 0); }

struct Game {
    const char* name;
    int positions;
};

// Small gravity boards of several shapes and k, small enough for the brute
// force, with `per_board` random positions each (fewer on the slowest).
std::vector<Game> small_gravity_boards(int per_board) {
    return {Game{"connect:4,4,3", per_board}, Game{"connect:5,4,4", per_board * 3 / 4},
            Game{"connect:4,4,4", per_board},  Game{"connect:6,3,3", per_board * 3 / 4},
            Game{"connect:3,5,2", per_board / 2}, Game{"connect:4,5,4", per_board * 3 / 4},
            Game{"connect:6,3,4", per_board * 3 / 4}};
}

}  // namespace

TEST(ConnectBitboard, WinningCellsMatchTheRulesEngine) {
    // Odd shapes on purpose: k longer than a side, k = 1, one column, one row,
    // and boards that use all 64 bits.
    const char* games[] = {"connect4",       "connect:8,7,4", "connect:4,15,4", "connect:1,63,5",
                           "connect:32,1,3", "connect:5,4,5", "connect:4,5,5",  "connect:3,3,1",
                           "connect:6,6,2",  "connect:9,6,6", "connect:2,5,5"};
    for (const char* name : games) {
        GameSpec spec = parse_game(name);
        Geometry g(spec);
        for (const Position& pos : random_positions(spec, 60, 7)) {
            BitPosition p = BitPosition::from(g, pos);
            Bitboard own = g.winning_cells(p.current, p.mask);
            Bitboard other = g.winning_cells(p.current ^ p.mask, p.mask);
            Cell me = stone_of(pos.side_to_move()), them = stone_of(opponent(pos.side_to_move()));
            for (int row = 0; row < spec.height; ++row)
                for (int col = 0; col < spec.width; ++col) {
                    Move m = pos.cell(row, col);
                    Bitboard bit = g.cell_bit(col, spec.height - 1 - row);
                    bool empty = pos.at(m) == Cell::Empty;
                    EXPECT_EQ((own & bit) != 0, empty && pos.completes_line(m, me))
                        << name << " " << pos.move_list_string() << " cell " << m;
                    EXPECT_EQ((other & bit) != 0, empty && pos.completes_line(m, them))
                        << name << " " << pos.move_list_string() << " cell " << m;
                }
            EXPECT_FALSE(g.has_line(p.current));
            EXPECT_FALSE(g.has_line(p.current ^ p.mask));
            // Every playable winning cell, once filled, makes a line.
            for (Bitboard w = own & p.playable(g); w; w &= w - 1)
                EXPECT_TRUE(g.has_line(p.current | (w & -w))) << name;
        }
    }
}

TEST(ConnectBitboard, KeysAreUniqueAndMirrorsMatch) {
    GameSpec spec = parse_game("connect:5,4,4");
    Geometry g(spec);
    std::unordered_map<Bitboard, std::string> seen;
    for (const Position& pos : random_positions(spec, 3000, 11)) {
        BitPosition p = BitPosition::from(g, pos);
        auto [it, fresh] = seen.emplace(p.key(), pos.board_string());
        EXPECT_EQ(it->second, pos.board_string()) << "two boards share key " << p.key();
        // The mirrored move list gives the mirrored key.
        Position mirrored(spec);
        for (Move m : pos.history()) mirrored.play(mirrored.drop_cell(spec.width - 1 - pos.col_of(m)));
        EXPECT_EQ(BitPosition::from(g, mirrored).key(), g.mirror(p.key()));
    }
}

TEST(ConnectBitboard, CompiledConnectFourGeometryAgreesWithTheGeneralOne) {
    GameSpec spec = parse_game("connect4");
    Geometry general(spec);
    ASSERT_TRUE(is_connect4(general));
    Connect4Geometry fast(spec);
    EXPECT_EQ(fast.board_mask(), general.board_mask());
    EXPECT_EQ(fast.bottom_mask(), general.bottom_mask());
    for (int i = 0; i < 7; ++i) EXPECT_EQ(fast.column_order(i), general.column_order(i));
    for (const Position& pos : random_positions(spec, 2000, 3)) {
        BitPosition p = BitPosition::from(general, pos);
        for (Bitboard stones : {p.current, p.current ^ p.mask}) {
            EXPECT_EQ(fast.winning_cells(stones, p.mask), general.winning_cells(stones, p.mask));
            EXPECT_EQ(fast.can_still_win(stones, p.mask), general.can_still_win(stones, p.mask));
        }
        EXPECT_EQ(fast.mirror(p.key()), general.mirror(p.key()));
        EXPECT_EQ(p.non_losing_moves(fast), p.non_losing_moves(general));
    }
    EXPECT_FALSE(is_connect4(Geometry(parse_game("connect:7,6,5"))));
    EXPECT_THROW(Connect4Geometry(6, 7, 4), Error);
}

TEST(ConnectBitboard, CanStillWinMatchesAnOpenWindowSearch) {
    // Naive reference: a window of k cells along some direction holding none
    // of the opponent's stones.
    for (const char* name : {"connect4", "connect:5,4,3", "connect:6,5,5"}) {
        GameSpec spec = parse_game(name);
        Geometry g(spec);
        for (const Position& pos : random_positions(spec, 400, 19)) {
            for (Player who : {Player::X, Player::O}) {
                Cell blocker = stone_of(opponent(who));
                bool open = false;
                const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
                for (int row = 0; row < spec.height && !open; ++row)
                    for (int col = 0; col < spec.width && !open; ++col)
                        for (const auto& d : dirs) {
                            int end_r = row + d[0] * (spec.k - 1), end_c = col + d[1] * (spec.k - 1);
                            if (end_r < 0 || end_r >= spec.height || end_c < 0 || end_c >= spec.width) continue;
                            bool clear = true;
                            for (int i = 0; i < spec.k; ++i)
                                if (pos.at(pos.cell(row + d[0] * i, col + d[1] * i)) == blocker) clear = false;
                            open = open || clear;
                        }
                BitPosition p = BitPosition::from(g, pos);
                Bitboard stones = who == pos.side_to_move() ? p.current : p.current ^ p.mask;
                EXPECT_EQ(g.can_still_win(stones, p.mask), open) << name << " " << pos.move_list_string();
            }
        }
    }
}

TEST(ConnectBitboard, SecondStoneChecksMatchTheBruteForce) {
    // The solver settles these two questions without a search: they must be
    // exact, both ways, on boards of several shapes and k.
    int wins = 0, losses = 0, others = 0;
    for (Game game : small_gravity_boards(400)) {
        GameSpec spec = parse_game(game.name);
        Geometry g(spec);
        const int cells = spec.cells();
        std::unordered_map<std::uint64_t, int> memo;
        std::vector<Position> positions;
        for (const Position& pos : random_positions(spec, game.positions, 13)) {
            if (spec.cells() >= 20 && pos.stones() < 8) continue;  // keeps the brute force small
            // The position and those one move on, which share its brute-force memo.
            positions.push_back(pos);
            for (Move m : pos.legal_moves()) {
                positions.push_back(pos);
                positions.back().play(m);
            }
        }
        for (const Position& pos : positions) {
            if (pos.game_over()) continue;
            BitPosition p = BitPosition::from(g, pos);
            if (cells - p.moves < 4 || p.can_win_next(g)) continue;
            const Bitboard next = p.non_losing_moves(g);
            if (!next) continue;
            Position copy = pos;
            const int exact = brute_score(copy, memo);
            // Our second stone from now wins; the opponent's second stone wins.
            const bool win = exact == (cells + 1 - (p.moves + 2)) / 2;
            const bool loss = exact == -(cells + 1 - (p.moves + 3)) / 2;
            EXPECT_EQ(p.wins_with_second_stone(g, next), win) << game.name << " " << pos.move_list_string();
            EXPECT_EQ(p.loses_to_second_stone(g, next), loss) << game.name << " " << pos.move_list_string();
            wins += win;
            losses += loss;
            others += !win && !loss;
        }
    }
    // Each answer came up often enough to be tested.
    EXPECT_GT(wins, 50);
    EXPECT_GT(losses, 50);
    EXPECT_GT(others, 50);
}

TEST(ConnectBitboard, RejectsBoardsBeyondSixtyFourBits) {
    EXPECT_THROW(Geometry(8, 8, 4), Error);
    EXPECT_THROW(Geometry(parse_game("tictactoe")), Error);
    EXPECT_NO_THROW(Geometry(8, 7, 4));
}

TEST(ConnectTable, StoresExactKeysOnEveryBoardSize) {
    // A 64-bit key space with a small table: many keys share a bucket, and a
    // probe must still never return another key's entry.
    GameSpec spec = parse_game("connect:8,7,4");
    Geometry g(spec);
    FixedTable table(g, 1);
    std::mt19937_64 rng(5);
    std::unordered_map<Bitboard, int> stored;
    for (int i = 0; i < 200000; ++i) {
        Bitboard key = rng();
        int score = static_cast<int>(rng() % 57) - 28;
        table.store(key, {score, (key & 1) != 0, static_cast<int>(key % 8)}, static_cast<int>(rng() % 40));
        stored[key] = score;
    }
    int found = 0;
    for (auto [key, score] : stored) {
        TableEntry e;
        if (!table.probe(key, e)) continue;
        ++found;
        EXPECT_EQ(e.score, score);
        EXPECT_EQ(e.lower, (key & 1) != 0);
        EXPECT_EQ(e.column, static_cast<int>(key % 8));
    }
    EXPECT_GT(found, 1000);
    TableEntry e;
    EXPECT_FALSE(table.probe(rng(), e));
    table.clear();  // past the log of touched buckets: the full memset
    EXPECT_FALSE(table.probe(stored.begin()->first, e));

    // A few stores are undone bucket by bucket, and the table works on.
    for (int round = 0; round < 3; ++round) {
        std::vector<Bitboard> keys;
        for (int i = 0; i < 100; ++i) {
            keys.push_back(rng());
            table.store(keys.back(), {i % 20, false, 1}, 5);
        }
        for (Bitboard k : keys) EXPECT_TRUE(table.probe(k, e));
        table.clear();
        for (Bitboard k : keys) EXPECT_FALSE(table.probe(k, e));
    }
}

TEST(ConnectTable, GrowsIntoItsMemoryWithoutLosingEntries) {
    // A 64 MiB table starts with a 512 KiB view and grows fourfold whenever
    // it is half full: 400,000 keys take it through three growths. Moving entries
    // must keep every one findable under its own key, with its own fields.
    GameSpec spec = parse_game("connect:7,6,4");
    Geometry g(spec);
    FixedTable table(g, 64);
    const Bitboard key_mask = (Bitboard{1} << g.key_bits()) - 1;
    std::mt19937_64 rng(11);
    std::unordered_map<Bitboard, TableEntry> stored;
    int evictions = 0;
    while (stored.size() < 400000) {
        Bitboard key = rng() & key_mask;
        TableEntry entry{static_cast<int>(rng() % 43) - 21, (rng() & 1) != 0, static_cast<int>(rng() % 7)};
        evictions += table.store(key, entry, static_cast<int>(rng() % 30));
        stored[key] = entry;
    }
    auto check = [&] {
        int missing = 0;
        for (const auto& [key, want] : stored) {
            TableEntry e;
            if (!table.probe(key, e)) {
                ++missing;
                continue;
            }
            EXPECT_EQ(e.score, want.score);
            EXPECT_EQ(e.lower, want.lower);
            EXPECT_EQ(e.column, want.column);
        }
        return missing;
    };
    const int missing = check();
    EXPECT_LE(missing, evictions);  // only evicted keys may be gone
    EXPECT_LT(evictions, 400);      // a view at most half full rarely overflows a bucket
    table.share();                  // one more growth, to the whole table
    EXPECT_EQ(check(), missing);

    table.clear();  // the touched-bucket log overflowed: a memset of the view
    TableEntry e;
    for (const auto& [key, want] : stored) ASSERT_FALSE(table.probe(key, e));
    // The reset view works like a new table.
    Bitboard key = stored.begin()->first;
    table.store(key, {3, true, 2}, 1);
    ASSERT_TRUE(table.probe(key, e));
    EXPECT_EQ(e.score, 3);
}

TEST(ConnectSolver, SeedFacts) {
    // (game, score for the first player on the empty board)
    struct Fact {
        const char* game;
        int sign;
    };
    for (Fact f : {Fact{"connect:2,2,2", 1}, Fact{"connect:3,3,3", 0}, Fact{"connect:3,4,3", 0},
                   Fact{"connect:4,3,3", 1}}) {
        GameSpec spec = parse_game(f.game);
        Geometry g(spec);
        FixedTable table(g, 1);
        Solver solver(g, table);
        Position empty(spec);
        std::unordered_map<std::uint64_t, int> memo;
        int exact = brute_score(empty, memo);
        EXPECT_EQ(sign(exact), f.sign) << f.game;
        EXPECT_EQ(solver.solve(BitPosition{}, false), exact) << f.game;
        EXPECT_EQ(solver.solve(BitPosition{}, true), f.sign) << f.game;
    }
}

TEST(ConnectSolver, MatchesBruteForceWithEveryOptionAndTable) {
    for (Game game : {Game{"connect:4,4,3", 150}, Game{"connect:5,4,4", 60}, Game{"connect:4,4,4", 150},
                      Game{"connect:6,3,3", 100}, Game{"connect:3,5,2", 100}, Game{"connect:5,3,1", 1}}) {
        GameSpec spec = parse_game(game.name);
        Geometry g(spec);
        std::unordered_map<std::uint64_t, int> memo;
        for (const Position& pos : random_positions(spec, game.positions, 3)) {
            // Keep the brute force affordable on the 20-cell board.
            if (spec.cells() >= 20 && pos.stones() < 8) continue;
            Position copy = pos;
            const int exact = brute_score(copy, memo);
            BitPosition p = BitPosition::from(g, pos);
            for (int variant = 0; variant < 5; ++variant) {
                SolverOptions o;
                o.symmetry = variant != 1;
                o.ordering = variant != 2;
                o.bisection = variant != 3;
                FixedTable fixed(g, 1);
                NoTable none;
                int strong, weak;
                if (variant == 4) {
                    Solver solver(g, none, o);
                    strong = solver.solve(p, false);
                    weak = solver.solve(p, true);
                } else {
                    Solver solver(g, fixed, o);
                    strong = solver.solve(p, false);
                    weak = solver.solve(p, true);
                }
                EXPECT_EQ(strong, exact) << game.name << " " << pos.move_list_string() << " variant " << variant;
                EXPECT_EQ(weak, sign(exact)) << game.name << " " << pos.move_list_string();
            }
            // Every column's score, and the best column keeps the score.
            FixedTable table(g, 1);
            Solver solver(g, table);
            for (int col = 0; col < spec.width; ++col) {
                Move m = pos.drop_cell(col);
                if (m == kNoMove) continue;
                int expected;
                if (pos.completes_line(m, stone_of(pos.side_to_move()))) {
                    expected = (spec.cells() + 1 - pos.stones()) / 2;
                } else {
                    Position child = pos;
                    child.play(m);
                    expected = -brute_score(child, memo);
                }
                EXPECT_EQ(solver.move_score(p, col, false), expected) << game.name << " " << pos.move_list_string();
            }
            int best = solver.best_column(p, exact);
            if (pos.stones() < spec.cells()) {
                ASSERT_GE(best, 0);
                EXPECT_EQ(solver.move_score(p, best, false), exact) << pos.move_list_string();
            }
        }
    }
}

TEST(ConnectSolver, NegamaxBoundsHoldInEveryWindow) {
    // The search's static exits and bounds each hold for some windows only
    // (high ones, low ones, null or wide): fail-hard alpha-beta must return
    // the exact score inside the window and a bound on the right side outside
    // it, whatever the window, with entries left in the table by the others.
    std::mt19937 rng(17);
    int below = 0, inside = 0, above = 0;
    for (Game game : small_gravity_boards(150)) {
        GameSpec spec = parse_game(game.name);
        Geometry g(spec);
        const int cells = spec.cells();
        std::unordered_map<std::uint64_t, int> memo;
        for (const Position& pos : random_positions(spec, game.positions, 19)) {
            if (spec.cells() >= 20 && pos.stones() < 8) continue;
            BitPosition p = BitPosition::from(g, pos);
            if (p.moves == cells || p.can_win_next(g)) continue;
            Position copy = pos;
            const int exact = brute_score(copy, memo);
            const int lo = min_score(cells, p.moves), hi = max_score(cells, p.moves);
            FixedTable fixed(g, 1);
            NoTable none;
            Solver with_table(g, fixed);
            Solver without(g, none);
            for (int w = 0; w < 12; ++w) {
                int alpha = lo - 1 + static_cast<int>(rng() % (hi - lo + 2));
                int beta = w % 2 ? alpha + 1 : alpha + 1 + static_cast<int>(rng() % (hi - alpha + 1));
                for (int r : {with_table.negamax(p, alpha, beta), without.negamax(p, alpha, beta)}) {
                    const std::string where = std::string(game.name) + " " + pos.move_list_string() + " window (" +
                                              std::to_string(alpha) + ", " + std::to_string(beta) + ")";
                    if (exact <= alpha) {
                        EXPECT_LE(r, alpha) << where;
                        ++below;
                    } else if (exact >= beta) {
                        EXPECT_GE(r, beta) << where;
                        ++above;
                    } else {
                        EXPECT_EQ(r, exact) << where;
                        ++inside;
                    }
                }
            }
        }
    }
    EXPECT_GT(below, 500);
    EXPECT_GT(inside, 500);
    EXPECT_GT(above, 500);
}

TEST(ConnectSolver, PrincipalVariationPlaysOutTheScore) {
    GameSpec spec = parse_game("connect:5,4,4");
    Geometry g(spec);
    FixedTable table(g, 4);
    Solver solver(g, table);
    for (const Position& start : random_positions(spec, 40, 9)) {
        BitPosition p = BitPosition::from(g, start);
        int score = solver.solve(p, false);
        Position pos = start;
        for (int col : solver.principal_variation(p, score)) pos.play(pos.drop_cell(col));
        ASSERT_TRUE(pos.game_over());
        // Replaying the line gives exactly the promised result and length.
        if (score == 0) {
            EXPECT_EQ(pos.result(), Result::Draw);
        } else {
            Player winner = score > 0 ? start.side_to_move() : opponent(start.side_to_move());
            EXPECT_EQ(pos.result(), winner == Player::X ? Result::XWins : Result::OWins);
            EXPECT_EQ((spec.cells() + 2 - pos.stones()) / 2, score > 0 ? score : -score);
        }
    }
}

TEST(ConnectSolver, ParallelSolveAgreesWithTheSerialOne) {
    GameSpec spec = parse_game("connect:6,4,4");
    Geometry g(spec);
    std::unordered_map<std::uint64_t, int> memo;
    for (const Position& pos : random_positions(spec, 30, 21)) {
        if (pos.stones() < 10) continue;  // keeps the brute force small
        Position copy = pos;
        int exact = brute_score(copy, memo);
        TablePair tables(g, 1);
        auto result = parallel_solve(g, tables.far, tables.near, BitPosition::from(g, pos), false, 2);
        EXPECT_EQ(result.score, exact) << pos.move_list_string();
    }
    // The empty board: the second player wins 6x4 Connect Four.
    TablePair tables(g, 4);
    auto empty = parallel_solve(g, tables.far, tables.near, BitPosition{}, true, 2);
    EXPECT_EQ(empty.score, -1);
    EXPECT_GT(empty.stats.nodes, 0u);

    // Boards big enough that the threads share out moves (kSharedEmptyCells),
    // strong scores from early positions, against one thread.
    GameSpec big_spec = parse_game("connect:6,5,4");
    Geometry big(big_spec);
    for (std::vector<int> columns : {std::vector<int>{}, {2}, {0, 3}, {2, 2, 3}, {5, 1, 2, 3}}) {
        Position pos(big_spec);
        for (int col : columns) pos.play(pos.drop_cell(col));
        TablePair serial_tables(big, 4), shared_tables(big, 4);
        Solver serial(big, serial_tables.far, serial_tables.near);
        const BitPosition p = BitPosition::from(big, pos);
        auto result = parallel_solve(big, shared_tables.far, shared_tables.near, p, false, 3);
        EXPECT_EQ(result.score, serial.solve(p, false)) << pos.move_list_string();
    }
}

TEST(ConnectSolver, BusyNodesMarkAndRelease) {
    BusyNodes busy;
    EXPECT_FALSE(busy.busy(12345));
    busy.enter(12345);
    EXPECT_TRUE(busy.busy(12345));
    EXPECT_FALSE(busy.busy(54321));
    busy.leave(54321);  // not marked: nothing changes
    EXPECT_TRUE(busy.busy(12345));
    busy.leave(12345);
    EXPECT_FALSE(busy.busy(12345));
}
