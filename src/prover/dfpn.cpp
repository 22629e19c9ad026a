#include "prover/dfpn.hpp"

#include <algorithm>

#include "prover/threats.hpp"

namespace kinrow::prover {

namespace {

// The two questions about one position share the table: the attacker is
// folded into the key.
constexpr std::uint64_t kAttackerOKey = 0xC3A5C85C97CB3127ULL;

std::uint32_t saturated_sum(std::uint64_t sum) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, kInfinity - 1));
}

// The threshold a child gets when a sibling's number is `second`: a little
// more than the sibling's, so the search stays with one child for a while
// (the 1+epsilon trick) instead of switching back at the first tie.
// Epsilon 1/16: 7,7,5 took 227 k, 170 k, 134 k, 120 k, 125 k and 129 k nodes
// with 1/2, 1/4, 1/8, 1/16, 1/64 and none.
std::uint32_t child_threshold(std::uint32_t limit, std::uint32_t second) {
    std::uint64_t grown = std::max<std::uint64_t>(second + std::uint64_t{1}, second + second / 16);
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(limit, grown));
}

// The smallest of a run of numbers, where it was, and the runner-up.
struct TwoSmallest {
    std::uint32_t best = kInfinity, second = kInfinity;
    std::size_t index = 0;
    void offer(std::uint32_t number, std::size_t i) {
        if (number < best) {
            second = best;
            best = number;
            index = i;
        } else if (number < second) {
            second = number;
        }
    }
};

}  // namespace

Dfpn::Dfpn(Table& table, Budget& budget, SearchConfig config)
    : table_(table), budget_(budget), config_(config), pairing_(config.pairing_budget),
      reply_pairing_(config.reply_pairing_budget) {}

std::uint64_t Dfpn::key(const Board& board, Player attacker) {
    return attacker == Player::O ? board.key() ^ kAttackerOKey : board.key();
}

std::uint64_t Dfpn::key_after(const Board& board, Move m, Player attacker) {
    return attacker == Player::O ? board.key_after(m) ^ kAttackerOKey : board.key_after(m);
}

bool Dfpn::lookup(const Board& board, Player attacker, PnDn& out) const {
    return table_.find(key(board, attacker), out);
}

Expansion Dfpn::expand(Board& board, Player attacker, std::vector<Pair>* pairs, bool seen_open, bool unpairable) {
    const Player defender = opponent(attacker);
    const Player mover = board.side_to_move();
    Expansion e;
    if (board.empty_cells() == 0) {  // a full board without a line: a draw
        e.status = Status::Disproven;
        return e;
    }
    // The mover wins on the spot: the game ends before anything else counts.
    std::vector<Move> mover_wins = completion_cells(board, mover, 1);
    if (!mover_wins.empty()) {
        e.status = mover == attacker ? Status::Proven : Status::Disproven;
        return e;
    }
    // The opponent threatens to complete a line: two threats cannot both be
    // blocked (the opponent wins), one must be (any other move lets the
    // opponent complete it, which ends the game against the mover).
    std::vector<Move> threats = completion_cells(board, opponent(mover), 2);
    if (threats.size() >= 2) {
        e.status = mover == attacker ? Status::Disproven : Status::Proven;
        return e;
    }
    if (mover == attacker && !seen_open) {
        // Pairing: the defender can answer every attacker move so that no
        // window live for the attacker ever fills.
        if (config_.use_pairing && !unpairable && pairing_.find(board, attacker, pairs)) {
            e.status = Status::Disproven;
            e.by_pairing = true;
            return e;
        }
        if (threats.empty() && config_.use_threat_cut && has_double_threat(board, attacker)) {
            // A move that makes two completion cells against a defender with
            // none of its own: the defender blocks one, the attacker fills
            // the other.
            e.status = Status::Proven;
            return e;
        }
    } else if (!has_live_window(board, attacker)) {
        e.status = Status::Disproven;  // the attacker can never fill a window
        return e;
    } else if (mover == defender && threats.empty() && config_.use_threat_cut && !seen_open &&
               has_double_threat(board, defender)) {
        // The defender's own double threat against an attacker without a
        // completion cell: the attacker blocks one cell, the defender fills
        // the other. The attacker does not win.
        e.status = Status::Disproven;
        return e;
    } else if (config_.use_pairing && !seen_open) {
        if (reply_pairing_.find_with_reply(board, attacker, e.reply, pairs)) {
            // The defender has a reply after which a pairing holds.
            e.status = Status::Disproven;
            e.by_pairing = true;
            return e;
        }
        e.children_unpairable = true;
    }
    if (threats.size() == 1) {
        e.moves = threats;
        return e;
    }
    // Against the opponent's double threats only the moves that stop them
    // all, or make a four of the mover's own, are worth searching; every
    // other move loses (defence_cut). The same argument holds for either
    // side: the attacker's other moves let the defender win.
    DefenceCut cut;
    if (config_.use_threat_cut) cut = defence_cut(board, mover);
    std::vector<std::pair<int, Move>> ranked;
    for (Move m = 0; m < board.cells(); ++m) {
        if (!board.empty(m) || (cut.cuts && !cut.allowed[m])) continue;
        if (config_.threats_only && mover == attacker && !makes_threat(board, m, attacker)) continue;
        ranked.emplace_back(mover == defender ? -blocking_potential(board, m, mover) : -move_potential(board, m, mover), m);
    }
    if (ranked.empty()) {
        // Every move is cut: each one lets the opponent's double threat
        // through (or, in the proof-only search, the attacker has no threat).
        e.status = mover == attacker ? Status::Disproven : Status::Proven;
        return e;
    }
    std::sort(ranked.begin(), ranked.end());
    for (const auto& [score, m] : ranked) e.moves.push_back(m);
    return e;
}

PnDn Dfpn::solve(Board& board, Player attacker) {
    attacker_ = attacker;
    children_.assign(static_cast<std::size_t>(board.cells()) + 2, {});
    killers_.assign(children_.size(), {});
    child_keys_.assign(children_.size(), {});
    path_.assign(children_.size(), kNoMove);
    next_report_ = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    root_ = {};
    while (!budget_.stopped) {
        root_ = mid(board, kInfinity, kInfinity, 0, false);
        if (root_.solved()) break;
    }
    return root_;
}

void Dfpn::tick() {
    if (budget_.out_of_nodes()) budget_.stopped = true;
    if (team_ && team_->stop.load(std::memory_order_relaxed)) budget_.stopped = true;
    if ((budget_.nodes & 1023) != 0) return;
    if (helper_) team_->helper_nodes.fetch_add(1024, std::memory_order_relaxed);
    if (budget_.out_of_time()) budget_.stopped = true;
    auto now = std::chrono::steady_clock::now();
    if (budget_.progress && now >= next_report_) {
        next_report_ = now + std::chrono::seconds(1);
        budget_.progress(budget_.nodes, root_, std::chrono::duration<double>(now - budget_.start).count());
    }
}

namespace {

// The pairings kept for the proof writer may take about a quarter of the
// table's memory limit (an entry with its pairs is some 160 bytes); past
// that the writer finds its own.
constexpr std::size_t kPairingEntryBytes = 160;

}  // namespace

const std::vector<Pair>* Dfpn::known_pairing(std::uint64_t key) const {
    auto it = pairings_.find(key);
    return it == pairings_.end() ? nullptr : &it->second;
}

void Dfpn::remember_pairing(std::uint64_t key, const std::vector<Pair>& pairs) {
    if (pairings_.size() < table_.max_bytes() / 4 / kPairingEntryBytes) pairings_.emplace(key, pairs);
}

void Dfpn::add_killer(int ply, Move reply, const std::vector<Pair>& pairs) {
    std::vector<Killer>& list = killers_[ply];
    if (static_cast<int>(list.size()) < config_.killers) list.emplace_back();
    if (list.empty()) return;
    std::rotate(list.begin(), list.end() - 1, list.end());  // the oldest (or the new slot) to the front
    list.front() = {reply, pairs};
}

bool Dfpn::settled_by_killer(Board& board, int ply) {
    if (!config_.use_pairing) return false;
    std::vector<Killer>& list = killers_[ply];
    const bool attacker_to_move = board.side_to_move() == attacker_;
    for (auto it = list.begin(); it != list.end(); ++it) {
        bool holds = false;
        if (attacker_to_move) {
            holds = it->reply == kNoMove && pairing_holds(board, attacker_, it->pairs);
            if (holds) remember_pairing(key(board, attacker_), it->pairs);
        } else if (it->reply != kNoMove && board.empty(it->reply)) {
            board.play(it->reply);
            holds = !board.won() && pairing_holds(board, attacker_, it->pairs);
            // The proof writer looks for the settled reply in the table.
            if (holds) {
                table_.store(key(board, attacker_), {kInfinity, 0}, 1);
                remember_pairing(key(board, attacker_), it->pairs);
            }
            board.undo(it->reply);
        }
        if (holds) {
            std::rotate(list.begin(), it, it + 1);  // the most useful first
            return true;
        }
    }
    return false;
}

void Dfpn::choose_apart(const std::vector<Child>& children, const std::vector<std::uint64_t>& keys, bool or_node,
                        std::uint32_t limit, std::size_t& first, std::uint32_t& second) const {
    // A child other threads are inside counts as (busy + 1) times its number
    // (and a little more), so that threads spread over the promising
    // children instead of all searching the best one.
    TwoSmallest apart;
    apart.index = first;
    for (std::size_t i = 0; i < children.size(); ++i) {
        std::uint32_t number = or_node ? children[i].value.pn : children[i].value.dn;
        if (number == 0 || number >= kInfinity) continue;
        const std::uint64_t busy = team_->busy_mark(keys[i]).load(std::memory_order_relaxed);
        apart.offer(saturated_sum(std::uint64_t{number} * (busy + 1) + busy), i);
    }
    // A child whose own number is past the node's threshold would return at
    // once: the search keeps the plain choice then.
    const std::uint32_t own = or_node ? children[apart.index].value.pn : children[apart.index].value.dn;
    if (own >= limit) return;
    first = apart.index;
    second = apart.second;
}

PnDn Dfpn::mid(Board& board, std::uint32_t th_pn, std::uint32_t th_dn, int ply, bool unpairable) {
    ++budget_.nodes;
    const std::uint64_t start_nodes = budget_.nodes;
    const std::uint64_t node_key = key(board, attacker_);
    PnDn stored;
    const bool found = table_.find(node_key, stored);
    if (team_ && found && stored.solved()) return stored;  // another thread settled it
    const bool seen_open = found && !stored.solved();
    if (!seen_open && settled_by_killer(board, ply)) {
        table_.store(node_key, {kInfinity, 0}, 1);
        return {kInfinity, 0};
    }
    const bool or_node = board.side_to_move() == attacker_;
    std::vector<Pair> pairs;
    Expansion e = expand(board, attacker_, &pairs, seen_open, unpairable);
    if (e.by_pairing && e.reply == kNoMove) {
        remember_pairing(node_key, pairs);
        add_killer(ply, kNoMove, pairs);
        if (ply > 0) add_killer(ply - 1, path_[ply - 1], pairs);
    }
    if (e.by_pairing && e.reply != kNoMove) {
        // The proof writer looks for the settled reply in the table.
        table_.store(key_after(board, e.reply, attacker_), {kInfinity, 0}, 1);
        remember_pairing(key_after(board, e.reply, attacker_), pairs);
        add_killer(ply, e.reply, pairs);
        add_killer(ply + 1, kNoMove, pairs);
    }
    if (e.status != Status::Open) {
        PnDn settled = e.status == Status::Proven ? PnDn{0, kInfinity} : PnDn{kInfinity, 0};
        table_.store(node_key, settled, 1);
        return settled;
    }
    std::vector<Child>& children = children_[ply];
    children.clear();
    std::vector<std::uint64_t>& keys = child_keys_[ply];
    keys.clear();
    for (Move m : e.moves) {
        keys.push_back(key_after(board, m, attacker_));
        table_.prefetch(keys.back());
    }
    for (std::size_t i = 0; i < e.moves.size(); ++i) {
        PnDn v;
        if (!table_.find(keys[i], v)) v = PnDn{1, 1};
        children.push_back({e.moves[i], v});
    }
    if (team_) team_->busy_mark(node_key).fetch_add(1, std::memory_order_relaxed);
    PnDn node;
    while (true) {
        if (team_)  // the other threads' progress on the children
            for (std::size_t i = 0; i < children.size(); ++i)
                if (!children[i].value.solved()) table_.find(keys[i], children[i].value);
        // OR: pn is the best child's, dn the sum; AND the other way round.
        // `first` is the child the search would enter, `second` the runner-up's number.
        std::uint64_t sum = 0;
        TwoSmallest own;
        for (std::size_t i = 0; i < children.size(); ++i) {
            own.offer(or_node ? children[i].value.pn : children[i].value.dn, i);
            sum += or_node ? children[i].value.dn : children[i].value.pn;
        }
        const std::uint32_t best = own.best;
        std::size_t first = own.index;
        std::uint32_t second = own.second;
        // A child settled for the mover settles the node; every child
        // settled against the mover settles it the other way.
        std::uint32_t total = best == 0 ? kInfinity : best == kInfinity ? 0 : saturated_sum(sum);
        node = or_node ? PnDn{best, total} : PnDn{total, best};
        if (ply == 0) root_ = node;  // for the progress report
        if (node.pn >= th_pn || node.dn >= th_dn || budget_.stopped) break;
        if (team_) choose_apart(children, keys, or_node, or_node ? th_pn : th_dn, first, second);
        Child& c = children[first];
        std::uint32_t child_pn, child_dn;
        if (or_node) {
            child_pn = child_threshold(th_pn, second);
            child_dn = th_dn >= kInfinity ? kInfinity : saturated_sum(std::uint64_t{th_dn} - node.dn + c.value.dn);
        } else {
            child_dn = child_threshold(th_dn, second);
            child_pn = th_pn >= kInfinity ? kInfinity : saturated_sum(std::uint64_t{th_pn} - node.pn + c.value.pn);
        }
        path_[ply] = c.move;
        board.play(c.move);
        c.value = mid(board, child_pn, child_dn, ply + 1, e.children_unpairable);
        board.undo(c.move);
        tick();
    }
    if (team_) team_->busy_mark(node_key).fetch_sub(1, std::memory_order_relaxed);
    table_.store(node_key, node, budget_.nodes - start_nodes + 1);
    return node;
}

}  // namespace kinrow::prover
