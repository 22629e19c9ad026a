// Property tests of the weighted search: with every combination of the table,
// alpha-beta and move ordering, the (score, move) is exactly plain minimax's
// at the same depth — first best move in row-major order on ties — on random
// grids (negative weights included) and random reachable positions.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "weighted/weighted_search.hpp"

using namespace kinrow;
using namespace kinrow::weighted;

namespace {

// An oracle independent of WeightedSearch: the definition, written out.
Score minimax(Position& pos, int depth) {
    if (depth == 0 || pos.game_over()) return weighted_score(pos);
    bool maximizing = pos.side_to_move() == Player::X;
    Score best = maximizing ? -kInfinity : kInfinity;
    for (Move m : pos.legal_moves()) {
        pos.play(m);
        Score v = minimax(pos, depth - 1);
        pos.undo();
        best = maximizing ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

SearchResult oracle(Position& pos, int depth) {
    bool maximizing = pos.side_to_move() == Player::X;
    SearchResult best{0, kNoMove};
    for (Move m : pos.legal_moves()) {
        pos.play(m);
        Score v = minimax(pos, depth - 1);
        pos.undo();
        if (best.move == kNoMove || (maximizing ? v > best.score : v < best.score)) best = {v, m};
    }
    return best;
}

struct Config {
    const char* name;
    bool table, alphabeta, ordering;
};

constexpr Config kConfigs[] = {
    {"minimax", false, false, false},       {"minimax+table", true, false, false},
    {"alphabeta", false, true, false},      {"alphabeta+ordering", false, true, true},
    {"alphabeta+table", true, true, false}, {"alphabeta+table+ordering", true, true, true},
};

WeightedSearch make_engine(const GameSpec& spec, const Config& c) {
    SearchOptions options;
    options.table = c.table;
    options.alphabeta = c.alphabeta;
    options.ordering = c.ordering;
    options.table_mb = 16;
    return WeightedSearch(spec, options);
}

// A grid of small weights, about a third negative, with many equal weights so
// that ties between moves are common.
GameSpec random_grid(int n, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> weight(-4, 9);
    std::vector<int> weights(n * n);
    for (int& w : weights) w = weight(rng);
    return weighted_game(n, std::move(weights));
}

// A position reached by `stones` random moves that leave the game running.
Position random_position(const GameSpec& spec, int stones, std::mt19937_64& rng) {
    for (;;) {
        Position pos(spec);
        while (pos.stones() < stones && !pos.game_over()) {
            std::vector<Move> moves = pos.legal_moves();
            pos.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
        if (!pos.game_over()) return pos;
    }
}

std::string describe(const Position& pos, const GameSpec& spec, int depth) {
    std::string grid;
    for (int w : spec.weights) grid += std::to_string(w) + ' ';
    return "grid " + grid + "board " + pos.board_string() + " depth " + std::to_string(depth);
}

// Every engine must return the oracle's (score, move) for `pos` at `depth`;
// returns the oracle's result.
SearchResult expect_oracle_result(std::vector<WeightedSearch>& engines, const GameSpec& spec, Position& pos,
                          int depth) {
    SearchResult expected = oracle(pos, depth);
    for (std::size_t i = 0; i < engines.size(); ++i) {
        SearchResult got = engines[i].search(pos, depth);
        EXPECT_EQ(got.score, expected.score) << kConfigs[i].name << ' ' << describe(pos, spec, depth);
        EXPECT_EQ(got.move, expected.move) << kConfigs[i].name << ' ' << describe(pos, spec, depth);
    }
    return expected;
}

// Every configuration against the oracle at every depth from 1 to max_depth
// (capped at the end of the game), one engine per configuration reused
// across the depths as a program would.
void check_position(const GameSpec& spec, Position& pos, int max_depth) {
    std::vector<WeightedSearch> engines;
    for (const Config& c : kConfigs) engines.push_back(make_engine(spec, c));
    int empties = pos.cells() - pos.stones();
    for (int depth = 1; depth <= std::min(max_depth, empties); ++depth) {
        expect_oracle_result(engines, spec, pos, depth);
        if (::testing::Test::HasFailure()) return;
    }
    // Asking again at a smaller depth must not reuse the deeper entries (at
    // depth 2 the root's children would find them).
    if (empties >= 4 && max_depth > 2) {
        expect_oracle_result(engines, spec, pos, 2);
    }
}

// A whole auto game at one depth, the table kept from move to move: every
// configuration must choose the oracle's move at every turn.
void check_game(const GameSpec& spec, int depth) {
    std::vector<WeightedSearch> engines;
    for (const Config& c : kConfigs) engines.push_back(make_engine(spec, c));
    Position pos(spec);
    while (!pos.game_over()) {
        SearchResult expected = expect_oracle_result(engines, spec, pos, depth);
        if (::testing::Test::HasFailure()) return;
        pos.play(expected.move);
    }
}

}  // namespace

TEST(WeightedSearch, AllConfigurationsMatchMinimaxOn3x3) {
    std::mt19937_64 rng(2012);
    for (int trial = 0; trial < 24; ++trial) {
        GameSpec spec = random_grid(3, rng);
        Position pos = random_position(spec, trial % 6, rng);
        check_position(spec, pos, 9);
    }
}

TEST(WeightedSearch, AllConfigurationsMatchMinimaxOn4x4) {
    std::mt19937_64 rng(4004);
    for (int trial = 0; trial < 6; ++trial) {
        GameSpec spec = random_grid(4, rng);
        Position late = random_position(spec, 10 + trial % 3, rng);  // to the end of the game
        check_position(spec, late, 16);
        Position early = random_position(spec, trial % 4, rng);  // shallow
        check_position(spec, early, 3);
    }
}

TEST(WeightedSearch, WholeGamesWithAPersistentTable) {
    std::mt19937_64 rng(99);
    for (int depth : {1, 2, 4, 9}) check_game(random_grid(3, rng), depth);
    check_game(weighted_game(3, default_weights(3)), 4);
    check_game(random_grid(4, rng), 2);
}

TEST(WeightedSearchSlow, AllConfigurationsMatchMinimaxOn4x4Deeper) {
    std::mt19937_64 rng(16);
    for (int trial = 0; trial < 8; ++trial) {
        GameSpec spec = random_grid(4, rng);
        Position late = random_position(spec, 7 + trial % 2, rng);  // 8 or 9 empty: every depth
        check_position(spec, late, 16);
        Position early = random_position(spec, trial % 3, rng);
        check_position(spec, early, 4);
    }
    check_game(random_grid(4, rng), 4);
}

TEST(WeightedSearch, AlphaBetaAndTheTableSaveNodes) {
    GameSpec spec = weighted_game(4, default_weights(4));
    Position pos(spec);
    WeightedSearch plain = make_engine(spec, kConfigs[0]);
    WeightedSearch best = make_engine(spec, kConfigs[5]);
    SearchResult a = plain.search(pos, 4);
    SearchResult b = best.search(pos, 4);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.move, b.move);
    EXPECT_EQ(plain.stats().nodes, 1u + 16u + 16u * 15u + 16u * 15u * 14u + 16u * 15u * 14u * 13u);
    EXPECT_LT(best.stats().nodes * 10, plain.stats().nodes);
    EXPECT_GT(best.stats().table_hits, 0u);
}
