#include "prover/threats.hpp"

#include <algorithm>
#include <array>

namespace kinrow::prover {

std::vector<Move> completion_cells(const Board& board, Player p, int limit) {
    const Player q = opponent(p);
    std::vector<Move> out;
    for (int w = 0; w < board.windows() && static_cast<int>(out.size()) < limit; ++w) {
        if (board.count(w, p) != board.k() - 1 || board.count(w, q) != 0) continue;
        const Move* cells = board.lines().cells(w);
        for (int i = 0; i < board.k(); ++i)
            if (board.empty(cells[i]) && std::find(out.begin(), out.end(), cells[i]) == out.end())
                out.push_back(cells[i]);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool has_live_window(const Board& board, Player p) {
    const Player q = opponent(p);
    for (int w = 0; w < board.windows(); ++w)
        if (board.count(w, q) == 0 && board.count(w, p) < board.k()) return true;
    return false;
}

namespace {

// Calls link(a, b) and link(b, a) for the two empty cells of every live
// window of p one stone short of a four (a stone on a makes b a completion
// cell); stops early when link returns true.
template <class Link>
bool for_each_link(const Board& board, Player p, Link link) {
    const Player q = opponent(p);
    if (board.k() < 2) return false;
    for (int w = 0; w < board.windows(); ++w) {
        if (board.count(w, p) != board.k() - 2 || board.count(w, q) != 0) continue;
        const Move* cells = board.lines().cells(w);
        Move empties[2];
        int n = 0;
        for (int i = 0; i < board.k(); ++i)
            if (board.empty(cells[i])) empties[n++] = cells[i];
        if (link(empties[0], empties[1]) || link(empties[1], empties[0])) return true;
    }
    return false;
}

}  // namespace

bool has_double_threat(const Board& board, Player p) {
    // The first partner seen for each cell; a second, different one makes
    // the cell a double-threat move.
    std::array<Move, kMaxCells> first;
    first.fill(kNoMove);
    return for_each_link(board, p, [&](Move t, Move partner) {
        if (first[t] == kNoMove) first[t] = partner;
        return first[t] != partner;
    });
}

DoubleThreats double_threats(const Board& board, Player p) {
    DoubleThreats out;
    out.partners.resize(board.cells());
    for_each_link(board, p, [&](Move t, Move partner) {
        auto& list = out.partners[t];
        if (std::find(list.begin(), list.end(), partner) == list.end()) list.push_back(partner);
        return false;
    });
    for (Move m = 0; m < board.cells(); ++m) {
        if (out.partners[m].size() >= 2)
            out.moves.push_back(m);
        else
            out.partners[m].clear();
    }
    return out;
}

DefenceCut defence_cut(const Board& board, Player defender) {
    const Player attacker = opponent(defender);
    DefenceCut cut;
    if (!has_double_threat(board, attacker)) return cut;
    DoubleThreats threats = double_threats(board, attacker);
    if (threats.moves.empty()) return cut;
    cut.cuts = true;
    // Count, for every cell, how many double-threat moves it stops.
    std::vector<int> stops(board.cells(), 0);
    for (Move t : threats.moves) {
        ++stops[t];
        for (Move e : threats.partners[t]) ++stops[e];
    }
    cut.allowed.assign(board.cells(), 0);
    const int needed = static_cast<int>(threats.moves.size());
    for (Move m = 0; m < board.cells(); ++m)
        if (board.empty(m) && stops[m] == needed) cut.allowed[m] = 1;
    // Counter-threats: a defender stone that leaves a window of the defender
    // one stone short.
    for (int w = 0; w < board.windows(); ++w) {
        if (board.count(w, defender) != board.k() - 2 || board.count(w, attacker) != 0) continue;
        const Move* cells = board.lines().cells(w);
        for (int i = 0; i < board.k(); ++i)
            if (board.empty(cells[i])) cut.allowed[cells[i]] = 1;
    }
    return cut;
}

bool makes_threat(Board& board, Move m, Player p) {
    const Player q = opponent(p);
    bool new_link = false;
    for (const int* w = board.lines().through_begin(m); w != board.lines().through_end(m); ++w) {
        if (board.count(*w, q) != 0) continue;
        if (board.count(*w, p) == board.k() - 2) return true;  // the stone makes a four
        new_link = new_link || board.count(*w, p) == board.k() - 3;
    }
    // A double-threat move needs a window one stone short of a four; without
    // a new one the stone adds none (and the search has settled the node
    // already when p had a double-threat move before it).
    if (!new_link) return false;
    board.play(m);
    bool threat = has_double_threat(board, p);
    board.undo(m);
    return threat;
}

int blocking_potential(const Board& board, Move m, Player p) {
    static constexpr int kWeight[] = {1, 4, 16, 64, 256, 1024, 4096, 16384};
    const Player q = opponent(p);
    int score = 0;
    for (const int* w = board.lines().through_begin(m); w != board.lines().through_end(m); ++w)
        if (board.count(*w, p) == 0) score += kWeight[std::min(board.count(*w, q), 7)];
    return score;
}

int move_potential(const Board& board, Move m, Player p) {
    // Weights grow fast with the stones already in a window, so a move that
    // extends a near-complete line outranks many that start new ones.
    static constexpr int kWeight[] = {1, 4, 16, 64, 256, 1024, 4096, 16384};
    const Player q = opponent(p);
    int score = 0;
    for (const int* w = board.lines().through_begin(m); w != board.lines().through_end(m); ++w) {
        int mine = board.count(*w, p), theirs = board.count(*w, q);
        if (theirs == 0) score += kWeight[std::min(mine, 7)];
        if (mine == 0) score += kWeight[std::min(theirs, 7)];
    }
    return score;
}

}  // namespace kinrow::prover
