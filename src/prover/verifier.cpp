#include "prover/verifier.hpp"

#include <fstream>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.hpp"
#include "rules/game.hpp"
#include "rules/symmetry.hpp"

namespace kinrow::prover {

namespace {

// A failed check: which node and why.
struct Refutation {
    int node;
    std::string path;  // the moves from the section's root
    std::string why;
};

class SectionChecker {
public:
    SectionChecker(const ProofSection& section, const Position& root)
        : section_(section),
          symmetries_(root.spec()),
          boards_(section.nodes.size()),
          plies_(section.nodes.size()),
          windows_(all_windows(root.spec())) {}

    std::optional<Refutation> run(Position& pos) {
        try {
            check_node(0, pos);
            for (std::size_t id = 0; id < section_.nodes.size(); ++id)
                if (boards_[id].empty())
                    throw Refutation{static_cast<int>(id), "", "no node refers to it (a stray or corrupted node)"};
        } catch (const Refutation& r) {
            return r;
        }
        return std::nullopt;
    }

private:
    // Every k-cell segment of a row, column or diagonal, cell lists.
    static std::vector<std::vector<Move>> all_windows(const GameSpec& spec) {
        std::vector<std::vector<Move>> out;
        const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (const auto& d : directions)
            for (int r = 0; r < spec.height; ++r)
                for (int c = 0; c < spec.width; ++c) {
                    std::vector<Move> cells;
                    for (int i = 0; i < spec.k; ++i) {
                        int rr = r + d[0] * i, cc = c + d[1] * i;
                        if (rr < 0 || rr >= spec.height || cc < 0 || cc >= spec.width) break;
                        cells.push_back(rr * spec.width + cc);
                    }
                    if (static_cast<int>(cells.size()) == spec.k && (spec.k > 1 || d[0] == 0)) out.push_back(cells);
                }
        return out;
    }

    [[noreturn]] void fail(int id, const Position& pos, const std::string& why) const {
        std::size_t plies = pos.history().size();
        if (id >= 0 && id < static_cast<int>(plies_.size()) && !boards_[id].empty()) plies = plies_[id];
        throw Refutation{id, path(pos, plies), why};
    }
    // The first `plies` moves of the replay: the path to a node.
    static std::string path(const Position& pos, std::size_t plies) {
        std::vector<std::string> moves;
        for (std::size_t i = 0; i < plies; ++i) moves.push_back(pos.move_string(pos.history()[i]));
        return moves.empty() ? "the root" : fmt::format("{}", fmt::join(moves, " "));
    }
    std::string cell(const Position& pos, Move m) const { return pos.move_string(m); }
    Player claimer() const { return section_.claimer; }
    Player opponent_player() const { return opponent(section_.claimer); }

    // Does the finished game's result satisfy the claim?
    bool result_ok(Result r) const {
        Result claimer_wins = claimer() == Player::X ? Result::XWins : Result::OWins;
        return r == claimer_wins || (section_.claim == Claim::AtLeastDraw && r == Result::Draw);
    }
    std::string result_text(Result r) const {
        switch (r) {
            case Result::XWins: return "X wins";
            case Result::OWins: return "O wins";
            case Result::Draw: return "a draw";
            case Result::Ongoing: break;
        }
        return "not over";
    }

    bool same_up_to_symmetry(const std::string& stored, const Position& pos) const {
        for (int s = 0; s < symmetries_.size(); ++s) {
            bool same = true;
            for (Move m = 0; m < pos.cells() && same; ++m)
                same = stored[symmetries_.map(s, m)] == static_cast<char>(pos.at(m));
            if (same) return true;
        }
        return false;
    }

    void check_node(int id, Position& pos) {
        if (id < 0 || id >= static_cast<int>(section_.nodes.size()))
            fail(id, pos, fmt::format("refers to node {}, which the section does not have", id));
        std::string board(pos.cells(), 0);
        for (Move m = 0; m < pos.cells(); ++m) board[m] = static_cast<char>(pos.at(m));
        if (!boards_[id].empty()) {
            if (!same_up_to_symmetry(boards_[id], pos))
                fail(id, pos, "is reached again by a position that is not the same up to symmetry");
            return;
        }
        boards_[id] = board;
        plies_[id] = pos.history().size();
        const ProofNode& node = section_.nodes[id];
        if (pos.side_to_move() == claimer()) {
            if (node.type != ProofNode::Type::Play)
                fail(id, pos, fmt::format("{} (the claimer) is to move, so the node must be 'play'",
                                          player_char(claimer())));
            check_step(id, pos, node.play);
            return;
        }
        if (node.type == ProofNode::Type::Play)
            fail(id, pos, fmt::format("{} (the opponent) is to move, so the node must list its moves or a pairing",
                                      player_char(opponent_player())));
        if (node.type == ProofNode::Type::Pairing) return check_pairing(id, pos, node);
        check_all(id, pos, node);
    }

    void check_step(int id, Position& pos, const Step& step) {
        if (!pos.is_legal(step.move))
            fail(id, pos, fmt::format("the claimer's move {} is not legal", cell(pos, step.move)));
        pos.play(step.move);
        check_after_claimer(id, pos, step);
        pos.undo();
    }

    void check_after_claimer(int id, Position& pos, const Step& step) {
        const std::string move = cell(pos, step.move);
        if (pos.game_over()) {
            if (step.then != Then::GameOver)
                fail(id, pos, fmt::format("the game is over after {}, but the file goes on", move));
            if (!result_ok(pos.result()))
                fail(id, pos, fmt::format("after {} the game ends in {}, which is not the claim", move,
                                          result_text(pos.result())));
            return;
        }
        if (step.then == Then::GameOver)
            fail(id, pos, fmt::format("the file says the game is over after {}, but it is not", move));
        if (step.then == Then::Node) return check_node(step.node, pos);
        // `*`: every reply leaves the claimer a completing cell. The cells
        // completing a line before the reply are tried first (a reply takes
        // at most one of them), then every cell; each is checked in the
        // position after the reply.
        std::vector<Move> before;
        for (Move c = 0; c < pos.cells() && before.size() < 2; ++c)
            if (pos.is_legal(c) && pos.completes_line(c, stone_of(claimer()))) before.push_back(c);
        for (Move reply : pos.legal_moves()) {
            pos.play(reply);
            if (pos.game_over())
                fail(id, pos, fmt::format("after {}, the reply {} ends the game ({})", move, cell(pos, reply),
                                          result_text(pos.result())));
            bool completes = false;
            for (Move c : before) completes = completes || (pos.is_legal(c) && pos.completes_line(c, stone_of(claimer())));
            for (Move c = 0; c < pos.cells() && !completes; ++c)
                completes = pos.is_legal(c) && pos.completes_line(c, stone_of(claimer()));
            if (!completes)
                fail(id, pos, fmt::format("after {} and the reply {}, {} has no cell completing a line (not a double threat)",
                                          move, cell(pos, reply), player_char(claimer())));
            pos.undo();
        }
    }

    void check_all(int id, Position& pos, const ProofNode& node) {
        std::vector<char> listed(pos.cells(), 0);
        for (const Entry& e : node.entries) {
            if (!pos.is_legal(e.move))
                fail(id, pos, fmt::format("lists {}, which is not a legal move", cell(pos, e.move)));
            if (listed[e.move]) fail(id, pos, fmt::format("lists the move {} twice", cell(pos, e.move)));
            listed[e.move] = 1;
        }
        for (Move m : pos.legal_moves())
            if (!listed[m])
                fail(id, pos, fmt::format("does not answer the opponent's move {} (every defence must be covered)",
                                          cell(pos, m)));
        for (const Entry& e : node.entries) {
            pos.play(e.move);
            const std::string move = cell(pos, e.move);
            if (pos.game_over()) {
                if (e.kind != Entry::Kind::GameOver || !result_ok(pos.result()))
                    fail(id, pos, fmt::format("the opponent's move {} ends the game in {}", move,
                                              result_text(pos.result())));
            } else if (e.kind == Entry::Kind::GameOver) {
                fail(id, pos, fmt::format("the file says the game is over after {}, but it is not", move));
            } else if (e.kind == Entry::Kind::Node) {
                check_node(e.node, pos);
            } else {
                check_step(id, pos, e.reply);
            }
            pos.undo();
        }
    }

    void check_pairing(int id, Position& pos, const ProofNode& node) {
        if (section_.claim != Claim::AtLeastDraw) fail(id, pos, "a pairing proves a draw at most, not a win");
        std::vector<int> pair_of(pos.cells(), -1);
        for (std::size_t i = 0; i < node.pairs.size(); ++i)
            for (Move m : {node.pairs[i].first, node.pairs[i].second}) {
                if (pos.at(m) != Cell::Empty) fail(id, pos, fmt::format("the paired cell {} is not empty", cell(pos, m)));
                if (pair_of[m] >= 0) fail(id, pos, fmt::format("the cell {} is in two pairs", cell(pos, m)));
                pair_of[m] = static_cast<int>(i);
            }
        const Cell mine = stone_of(claimer());
        for (const auto& window : windows_) {
            bool blocked = false;
            for (Move m : window) blocked = blocked || pos.at(m) == mine;
            if (blocked) continue;
            bool paired = false;
            for (std::size_t a = 0; a < window.size() && !paired; ++a)
                for (std::size_t b = a + 1; b < window.size() && !paired; ++b)
                    paired = pair_of[window[a]] >= 0 && pair_of[window[a]] == pair_of[window[b]];
            if (!paired)
                fail(id, pos, fmt::format("the pairing misses the live line {}-{}: it holds no pair", cell(pos, window.front()),
                                          cell(pos, window.back())));
        }
    }

    const ProofSection& section_;
    Symmetries symmetries_;
    std::vector<std::string> boards_;  // the position each node was first reached with
    std::vector<std::size_t> plies_;   // the length of the path each node was first reached by
    std::vector<std::vector<Move>> windows_;
};

std::string section_name(std::size_t index, const ProofSection& s) {
    return fmt::format("section {} ({} {})", index + 1, player_char(s.claimer),
                       s.claim == Claim::Win ? "wins" : "at least draws");
}

}  // namespace

VerifyReport verify(const ProofFile& proof) {
    VerifyReport report;
    GameSpec spec;
    Position root(GameSpec{});
    try {
        spec = parse_game(proof.game);
        root = Position::from_board(spec, proof.position);
    } catch (const Error& e) {
        report.message = fmt::format("the position is not valid for {}: {}", proof.game, e.what());
        return report;
    }
    if (root.game_over()) {
        report.message = "the position is already finished; there is nothing to prove";
        return report;
    }
    if (spec.gravity() || spec.weighted()) {
        report.message = "proof files are for free-placement games";
        return report;
    }
    bool wins[2] = {false, false}, draws[2] = {false, false};
    for (std::size_t i = 0; i < proof.sections.size(); ++i) {
        const ProofSection& section = proof.sections[i];
        SectionChecker checker(section, root);
        if (auto bad = checker.run(root)) {
            report.message = fmt::format("{}, node {} (after {}): {}", section_name(i, section), bad->node,
                                         bad->path, bad->why);
            return report;
        }
        report.nodes += section.nodes.size();
        int who = static_cast<int>(section.claimer);
        (section.claim == Claim::Win ? wins : draws)[who] = true;
        draws[who] = true;
    }
    const int mover = static_cast<int>(root.side_to_move()), other = 1 - mover;
    std::string proved = wins[mover] ? "win" : wins[other] ? "loss" : draws[0] && draws[1] ? "draw" : "";
    if (proved != proof.value) {
        report.message = proved.empty()
                             ? fmt::format("the file claims a {} but its sections prove only part of a value", proof.value)
                             : fmt::format("the file claims a {} but its sections prove a {}", proof.value, proved);
        return report;
    }
    report.ok = true;
    report.value = proved;
    report.message = fmt::format("ok: {} for {} to move in {} ({} sections, {} nodes)", proved,
                                 player_char(root.side_to_move()), proof.game, proof.sections.size(), report.nodes);
    return report;
}

VerifyReport verify_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return {false, "", fmt::format("cannot read {}", path), 0};
    try {
        return verify(read_proof(in));
    } catch (const Error& e) {
        return {false, "", e.what(), 0};
    }
}

}  // namespace kinrow::prover
