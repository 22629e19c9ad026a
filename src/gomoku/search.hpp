// The Gomoku engine's main search: principal variation search with iterative
// deepening and aspiration windows over candidate moves near the stones, a
// transposition table on the board's Zobrist keys, killer and history
// ordering, reverse futility pruning and razoring where nothing threatens,
// late-move reductions and pruning, with the threat rules of Gomoku built in: a five is played at
// once, an opponent's four must be blocked (searched without using depth), an
// open four wins, and against an open three only fours and the blocking
// squares are tried. At the root, VCF and VCT searches run first, and when
// the opponent would win by threats only the moves that stop him are searched.
//
// The engine knows nothing of protocols: front ends build a Board, call
// think() and receive a report after every finished iteration.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "gomoku/board.hpp"
#include "gomoku/vcf.hpp"
#include "gomoku/vct.hpp"

namespace kinrow::gomoku {

inline constexpr int kWinScore = 30000;
inline constexpr int kWinThreshold = kWinScore - 1000;  // scores beyond: a forced win
inline constexpr int kMaxPly = 128;

struct SearchLimits {
    int time_ms = 0;             // per-move hard limit; 0 = none
    // The time a move should usually take on a match clock (0: time_ms).
    // Below time_ms, the next iteration starts only with 40% of it left, and
    // unstable positions (the best move changed, or the score fell) may use
    // up to twice it, never beyond time_ms: hard positions get more of the
    // match time. Without it the search runs to time_ms, as time a turn
    // leaves is lost.
    int target_ms = 0;
    std::uint64_t nodes = 0;     // main-search nodes; 0 = none
    // The whole turn measured in nodes (0: none): every search of the turn
    // counts (the root's threat searches, the defence, the main search and
    // its leaf VCF), and each part stops at the share of it that it gets of
    // time_ms (the root VCT a quarter, the defence a quarter from its start,
    // the main search the rest, to the turn's end). A
    // node-limited match then splits the turn as a timed one does, move for
    // move the same on any machine (`nodes` limits the main search alone and
    // leaves the root's threat searches free).
    std::uint64_t turn_nodes = 0;
    int depth = 0;               // iterative deepening up to this depth; 0 = no limit
    bool vcf = true;             // VCF at the root (our win, and the opponent's threats)
    std::uint64_t vcf_nodes = 200000;  // budget of each root VCF search
    bool vct = true;             // VCT (threes too) at the root after VCF
    std::uint64_t vct_nodes = 300000;  // its budget (and a quarter of the time)
    const std::atomic<bool>* stop = nullptr;  // set from another thread: stop soon
    // Search threads (Lazy SMP: helpers deepen the same root on the shared
    // table). 1: one thread, moves and node counts that repeat exactly.
    int threads = 1;
};

struct SearchReport {
    Move move = kNoMove;  // row * width + col; kNoMove only on a full board
    int score = 0;        // for the side to move; beyond kWinThreshold a forced win
    int depth = 0;        // last finished iteration (0: the move came from VCF or a rule)
    std::uint64_t nodes = 0;      // main search plus VCF
    // Where they went: the main search's nodes, the VCF searches at its
    // leaves, and the threat searches before it at the root (our VCF and
    // VCT, the opponent's threats and the defence checks).
    std::uint64_t main_nodes = 0, leaf_vcf_nodes = 0, root_threat_nodes = 0;
    // Root moves the defence checked against the opponent's threat (0 when
    // he had none).
    int defence_checks = 0;
    std::int64_t elapsed_ms = 0;
    std::vector<Move> pv;
    const char* source = "search";  // "search", "vcf", "vct", "table", "forced" or "first"
};

class Engine {
public:
    explicit Engine(std::size_t tt_bytes = std::size_t{32} << 20);
    // tt_ points into own_tt_: a move keeps the buffer, a copy would not.
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    Engine(Engine&&) = default;
    Engine& operator=(Engine&&) = default;
    // The evaluation's weights (default: the tuned file shipped with the
    // sources); they must outlive the engine.
    void set_eval_weights(const EvalWeights& weights) { weights_ = &weights; }

    // Chooses a move for the side to move of `board`. `on_report` is called
    // once as soon as a legal move is known and again after each iteration.
    SearchReport think(const Board& board, const SearchLimits& limits,
                       const std::function<void(const SearchReport&)>& on_report = {});
    // Forgets everything learned (a new game).
    void clear();
    // How often a stone of colour c on s cut the search off, by depth: the
    // move order's tie-break, between 0 and kHistoryBound (search.cpp says
    // why). A Lazy SMP helper starts from the main history plus up to 1,023,
    // so with threads a helper's value may pass the bound by that much.
    int history(Colour c, Sq s) const { return history_[c][s]; }
    static constexpr int kHistoryBound = 16384;

private:
    // A table entry is two words, its data and the board's key XOR the data,
    // each read and written whole: threads share the table without locks,
    // and an entry torn between two stores fails its key check (a miss).
    struct TTData {
        std::int16_t score = 0;
        std::int16_t move = kNoSq;
        std::int8_t depth = 0;
        std::uint8_t bound = 0;  // 0: empty
        std::uint16_t unused = 0;
    };
    struct TTEntry {
        std::uint64_t checked_key = 0;
        std::uint64_t data = 0;
    };
    bool tt_probe(std::uint64_t key, TTData& out) const;
    void tt_store(std::uint64_t key, const TTData& data);
    // Does the entry prove a result: a win as its lower bound, or a loss as
    // its upper (exact counts as both)?
    static bool proves_result(const TTData& d);

    // A helper of a parallel think(): `main`'s table, its own everything else.
    Engine(Engine& main, int helper);
    // think() but for the claim it keeps: the move and its report; the
    // threats of a VCT claim (or of the one it follows) in claim_threats.
    SearchReport choose(const Board& board, const SearchLimits& limits,
                        const std::function<void(const SearchReport&)>& on_report, int& claim_threats);
    // One iteration over the root moves at `depth` (principal variation
    // search); the scores of the moves finished, the best of them and its
    // score; kNoSq when stopped before the first move was done.
    Sq search_root(const Sq* root, int n, int depth, int alpha, int beta, std::vector<int>& scores,
                   int& best_score);
    // search_root within an aspiration window around `guess` (the previous
    // iteration's score), widened until the score is inside it.
    Sq search_window(const Sq* root, int n, int depth, int guess, std::vector<int>& scores, int& best_score);
    // A helper's part: deepen over the root moves from `first_depth` until stopped.
    void help(const Board& board, const Sq* root, int n, int first_depth, int max_depth,
              const std::atomic<bool>* done);

    // Candidate moves with their ordering keys, taken best first.
    struct MoveList {
        std::array<Sq, kMaxSquares> moves;
        std::array<int, kMaxSquares> keys;
        int size = 0;
        void add(Sq s, int key) {
            moves[size] = s;
            keys[size++] = key;
        }
        // Brings the best of moves[i..] (the first of equals) to index i:
        // cheaper than a sort when pruning leaves most moves untried.
        Sq pick(int i);
        bool holds(Sq s) const { return std::find(moves.begin(), moves.begin() + size, s) != moves.begin() + size; }
    };

    int search(int depth, int alpha, int beta, int ply);
    // The score of the move just played (principal variation search): the
    // first move with the full window; a later one with a null window at the
    // reduced depth, again at full depth when it beats alpha, and with the
    // full window when it may be exact. The root also re-searches a move
    // above beta, so that an aspiration window widens from a searched score.
    int search_played(int new_depth, int reduction, bool first, int alpha, int beta, int ply, bool root);
    int evaluate() const;
    // Which moves a list holds: a move left out of it is no better than the
    // moves in it only for kForced, kThreatReplies and kAll.
    enum class Coverage {
        kForced,         // the one square that stops the opponent's five
        kThreatReplies,  // against an open three: our fours and the squares that change its lines
        kNearby,         // squares within two of a stone
        kAll,            // every empty square
    };
    // Candidate moves with ordering keys, and how much of the board they cover.
    Coverage generate(MoveList& list, Sq tt_move, int ply);
    // The empty squares kNearby leaves out.
    void far_moves(MoveList& list) const;
    // The value of a quiet node past the horizon: the evaluation when it
    // fails high off the principal variation, else a win proven by VCF, else
    // the evaluation.
    int leaf(int alpha, int beta, int ply);
    void check_limits();
    // The clock and the turn's nodes, read by work done (leaf VCF nodes
    // included), so that a stretch of four-rich leaves cannot run past the
    // time limit.
    void check_clock();
    // When the move must be ready; the default time point when there is no limit.
    std::chrono::steady_clock::time_point deadline() const;
    // Nodes of every kind searched this turn.
    std::uint64_t spent() const { return nodes_ + vcf_nodes_; }
    // A threat search's node budget: `budget`, and with the turn measured in
    // nodes no more than is left until `until` of the turn's nodes are spent,
    // but at least one (to the threat searches a budget of 0 means no limit).
    std::uint64_t within_turn(std::uint64_t budget, std::uint64_t until) const;
    std::vector<Move> principal_variation(int max_length);
    // The first move of a win of the side to move's by VCF, or else by VCT,
    // within 1/share of vcf_nodes and of vct_nodes (and, with the turn in
    // nodes, until `until` of them are spent); kNoSq when none is found.
    Sq winning_threat(int share, std::uint64_t until);
    // Does the opponent win so after our `move`?
    bool opponent_wins_after(Sq move, std::uint64_t until);
    // If the opponent would win so were it his move (a null move of ours):
    // checks the root moves in order until a quarter of the turn from the
    // defence's start is spent, and moves those after which he wins to the
    // back of `root`, behind the moves checked safe and then the moves not
    // reached; returns the count in front of them. Returns n when he has no
    // such win, or when no checked move stops it.
    int defend(Sq* root, int n);
    // A win proven by an earlier search whose table entries are still here:
    // the root's own entry (a win bound and its move), or a root move after
    // which the opponent's position is a proven loss. Every win score in the
    // table comes from a proof (see "Where a win score may come from" in
    // docs/gomoku.md), so a win claimed on one move is played on the next
    // even when this turn's search would not reach that far; kNoSq if none.
    // Looked up here rather than by the search: its leaves return before the
    // table probe and its principal variation takes no cut-offs, so it would
    // have to re-walk the whole proof to the old depth first.
    Sq proven_win_in_table(const Sq* root, int n, int& score);
    // Is this position our claimed win after the opponent's reply (any
    // of his stones taken back gives the position after our claimed move)?
    bool follows_claim() const;
    SearchReport report(Sq move, int score, int depth, const char* source) const;
    // Fills r's node counts (the total and where they went); returns r.
    SearchReport& report_nodes(SearchReport& r) const;

    std::vector<TTEntry> own_tt_;  // empty in a helper
    TTEntry* tt_;                  // own_tt_, or the main engine's
    std::uint64_t tt_mask_;
    std::array<std::array<Sq, 2>, kMaxPly + 1> killers_{};
    std::array<int, kMaxPly + 1> static_eval_{};  // per ply of the current line: is it improving?
    // The move a singular-extension test leaves out at this ply (kNoSq: none).
    std::array<Sq, kMaxPly + 1> excluded_ = [] {
        std::array<Sq, kMaxPly + 1> e{};
        e.fill(kNoSq);
        return e;
    }();
    int root_depth_ = 0;  // the depth of the iteration under way
    std::array<std::array<int, kMaxSquares>, 2> history_{};
    VcfSearcher vcf_;
    VctSearcher vct_;
    const EvalWeights* weights_ = &default_eval_weights();
    Board board_{15, 15, WinRule::AtLeastK};
    SearchLimits limits_;
    // The last win claimed: the key of the position after its move, its
    // plies and, for a VCT win, the threats it was proven with (else 0).
    // After any reply the win lies two plies closer (within one threat less
    // for the VCT, whose table still holds most of its proof: searched from
    // there at once); the next move keeps the claim (a win claimed and then
    // let go is a retracted claim).
    std::uint64_t claim_after_ = 0;
    int claim_threats_ = 0, claim_plies_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::uint64_t nodes_ = 0, vcf_nodes_ = 0;
    // vcf_nodes_ when the main search began (until then all of them are the
    // root's threat searches); kNoMainSearch before it.
    static constexpr std::uint64_t kNoMainSearch = ~std::uint64_t{0};
    std::uint64_t root_threat_nodes_ = kNoMainSearch;
    int defence_checks_ = 0;
    std::uint64_t next_clock_check_ = 0;  // nodes_ + vcf_nodes_ at the next check_clock()
    bool stop_ = false;
};

}  // namespace kinrow::gomoku
