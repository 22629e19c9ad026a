#include "prover/proof_builder.hpp"

#include "core/error.hpp"
#include "prover/threats.hpp"

namespace kinrow::prover {

ProofBuilder::ProofBuilder(Dfpn& search, Player attacker, bool attacker_wins, int pairing_budget,
                           int reply_pairing_budget)
    : search_(search),
      attacker_(attacker),
      claimer_(attacker_wins ? attacker : opponent(attacker)),
      claim_(attacker_wins ? Claim::Win : Claim::AtLeastDraw),
      pairing_(pairing_budget),
      reply_pairing_(reply_pairing_budget) {}

ProofSection ProofBuilder::build(Board& board) {
    section_ = {};
    section_.claimer = claimer_;
    section_.claim = claim_;
    ids_.clear();
    symmetries_.emplace(board.spec());
    node(board);
    return std::move(section_);
}

// Is the position settled the claimer's way? A fresh search of it, which
// also settles (and stores) the child that decides it: the table may hold
// the position settled while the child that settled it was evicted.
bool ProofBuilder::settled_for_claimer(Board& board) {
    PnDn v = search_.solve(board, attacker_);
    if (!v.solved()) throw Error("a limit stopped the search while the proof was being written");
    return claim_ == Claim::Win ? v.proven() : v.disproven();
}

int ProofBuilder::node(Board& board) {
    const std::uint64_t key = Dfpn::key(board, attacker_);
    if (auto it = ids_.find(key); it != ids_.end()) return it->second;
    const int id = static_cast<int>(section_.nodes.size());
    ids_.emplace(key, id);
    section_.nodes.emplace_back();
    ProofNode made;
    if (board.side_to_move() == claimer_) {
        made.type = ProofNode::Type::Play;
        made.play = claimer_step(board);
    } else if (claim_ == Claim::AtLeastDraw && find_pairing(board, made.pairs)) {
        made.type = ProofNode::Type::Pairing;
    } else {
        made.type = ProofNode::Type::All;
        for (Move m = 0; m < board.cells(); ++m)
            if (board.empty(m)) made.entries.push_back(after_opponent(board, m));
    }
    section_.nodes[id] = std::move(made);
    return id;
}

// A pairing for the defender, the attacker to move: the search's, one of
// the last found (neighbouring positions often share one), or a fresh search.
bool ProofBuilder::find_pairing(Board& board, std::vector<Pair>& pairs) {
    // The search may have met this position as a symmetric image: the
    // pairing then holds under one of the board's symmetries.
    if (const auto* known = search_.known_pairing(Dfpn::key(board, attacker_)))
        for (int s = 0; s < symmetries_->size(); ++s) {
            pairs.clear();
            for (const auto& [a, b] : *known) pairs.emplace_back(symmetries_->map(s, a), symmetries_->map(s, b));
            if (pairing_holds(board, attacker_, pairs)) return true;
        }
    for (const auto& recent : recent_)
        if (pairing_holds(board, attacker_, recent)) {
            pairs = recent;
            return true;
        }
    if (!pairing_.find(board, attacker_, &pairs)) return false;
    remember(pairs);
    return true;
}

void ProofBuilder::remember(const std::vector<Pair>& pairs) {
    constexpr std::size_t kRecent = 4;
    recent_.insert(recent_.begin(), pairs);
    if (recent_.size() > kRecent) recent_.pop_back();
}

Entry ProofBuilder::after_opponent(Board& board, Move move) {
    Entry e;
    e.move = move;
    board.play(move);
    if (board.won() || (board.empty_cells() == 0 && claim_ == Claim::Win))
        throw Error("internal: the settled proof tree lets the opponent escape (hash collision?)");
    if (board.empty_cells() == 0) {
        e.kind = Entry::Kind::GameOver;
    } else {
        std::vector<Move> wins = completion_cells(board, claimer_, 1);
        if (!wins.empty()) {
            e.kind = Entry::Kind::Reply;
            e.reply = {wins[0], Then::GameOver, -1};
        } else if (completion_cells(board, opponent(claimer_), 1).empty() && has_double_threat(board, claimer_)) {
            e.kind = Entry::Kind::Reply;
            e.reply = {double_threats(board, claimer_).moves[0], Then::DoubleThreat, -1};
        } else {
            e.kind = Entry::Kind::Node;
            e.node = node(board);
        }
    }
    board.undo(move);
    return e;
}

Step ProofBuilder::claimer_step(Board& board) {
    std::vector<Move> wins = completion_cells(board, claimer_, 1);
    if (!wins.empty()) return {wins[0], Then::GameOver, -1};
    if (completion_cells(board, opponent(claimer_), 1).empty()) {
        DoubleThreats threats = double_threats(board, claimer_);
        if (!threats.moves.empty()) return {threats.moves[0], Then::DoubleThreat, -1};
    }
    if (claim_ == Claim::AtLeastDraw) {
        // A reply after which a pairing holds, as the search finds it.
        Move reply = kNoMove;
        std::vector<Pair> pairs;
        if (reply_pairing_.find_with_reply(board, attacker_, reply, &pairs)) {
            board.play(reply);
            Step s{reply, Then::GameOver, -1};
            if (board.empty_cells() > 0) {
                remember(pairs);  // node() finds it first
                s = {reply, Then::Node, node(board)};
            }
            board.undo(reply);
            return s;
        }
    }
    Expansion e = search_.expand(board, attacker_);
    std::vector<Move> candidates = e.moves;
    if (candidates.empty())  // settled by a shortcut that any move keeps (no live window left)
        for (Move m = 0; m < board.cells(); ++m)
            if (board.empty(m)) candidates.push_back(m);
    // A child the table shows settled the claimer's way. The search settled
    // this position through one, unless the builder reached a position the
    // search never did (it found a pairing in another way), or the child's
    // entry was evicted: then this position is searched again, which
    // settles a child.
    for (int pass = 0; pass < 2; ++pass) {
        for (Move m : candidates) {
            board.play(m);
            bool good = false;
            if (board.empty_cells() == 0) {
                good = claim_ == Claim::AtLeastDraw;  // a draw on the full board
            } else {
                PnDn v;
                good = search_.lookup(board, attacker_, v) && (claim_ == Claim::Win ? v.proven() : v.disproven());
            }
            if (good) {
                Step s{m, Then::GameOver, -1};
                if (board.empty_cells() > 0) s = {m, Then::Node, node(board)};
                board.undo(m);
                return s;
            }
            board.undo(m);
        }
        if (pass == 0 && !settled_for_claimer(board)) break;
    }
    throw Error("internal: no move of the claimer keeps the settled result (hash collision?)");
}

}  // namespace kinrow::prover
