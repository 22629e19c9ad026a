// The facade's Connect-k engine: the bitboard solver (exact Pons-convention
// scores) and the game's opening book. solve and analyze build the table the
// options ask for, fresh for each call, as the benchmark against Pons's
// solver requires; choose_move keeps one engine and its table for a whole
// game, so each move reuses what the last one learned.
//
// The solver always solves exactly: a depth or node limit is an error, and a
// time limit is not enforced (the book answers the early positions, which are
// the slow ones; the web page and `play` pass one for every engine).
#include <chrono>
#include <optional>
#include <type_traits>

#include <fmt/format.h>

#include "connect/book.hpp"
#include "connect/configured_solver.hpp"
#include "connect/engine.hpp"
#include "connect/parallel_solve.hpp"
#include "core/error.hpp"
#include "engine/adapters.hpp"
#include "engine/connect_batch.hpp"
#include "engine/connect_config.hpp"

namespace kinrow::engine {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A Pons-convention score for the side to move of `pos` as a value. The
// score counts the winner's stones left after the win: inverting
// |score| = (cells + 1 - n) / 2 for n, the stones before the winning one,
// gives two candidates, and n has the parity of the winner's turns.
Value value_of(const Position& pos, int score, bool weak) {
    const int cells = pos.cells(), stones = pos.stones();
    if (score == 0) return proven_value(pos, Outcome::Draw, -1, 0);
    Outcome outcome = score > 0 ? Outcome::Win : Outcome::Loss;
    if (weak) return proven_value(pos, outcome, -1, score);
    int a = score > 0 ? score : -score;
    int parity = (stones + (score > 0 ? 0 : 1)) % 2;
    int n = (cells + 1 - 2 * a) % 2 == parity ? cells + 1 - 2 * a : cells - 2 * a;
    return proven_value(pos, outcome, n + 1 - stones, score);
}

std::string book_note(const connect::LoadedBook& b) {
    return fmt::format("opening book {} (positions up to {} stones)", b.path, b.book.depth());
}

template <class SolverStats>
void add_solver_stats(Stats& st, const SolverStats& s) {
    st.nodes = s.nodes;
    st.tt_probes = s.probes;
    st.tt_hits = s.hits;
    st.tt_collisions = s.evictions;
}

class ConnectEngine final : public Engine {
public:
    ConnectEngine(const GameSpec& spec, const Options& options)
        : spec_(spec), options_(options), config_(connect_solver_config(options)) {
        connect::Geometry check(spec);  // throws for boards the bitboards cannot hold
        set_limits(options.limits);
        if (options.threads > 1 && (options.chained_buckets || !options.generic.use_tt))
            throw Error("--threads needs the shared fixed table (not --no-tt or --chained)");
        if (options.chained_buckets && !options.generic.use_tt)
            throw Error("--chained is a table: it cannot go with --no-tt");
        if (options.generic.algorithm != search::Algorithm::Negamax || !options.generic.stop_at_wins)
            throw Error("the Connect-k solver is a negamax alpha-beta search: it takes no --algorithm or "
                        "--full-tree (use --engine generic to compare algorithms)");
    }

    EngineKind kind() const override { return EngineKind::Connect; }

    Analysis solve(const Position& pos) override {
        require_not_won(pos);
        connect::Geometry g(pos.spec());
        connect::BitPosition p = connect::BitPosition::from(g, pos);
        const auto book = book_for(pos);
        const std::optional<int> book_score = book ? book->book.score(p) : std::nullopt;
        return connect::with_solver(config_, g, [&](auto& solver, auto* table) {
            auto start = Clock::now();
            Analysis a;
            a.engine = kind();
            int score = 0;
            std::vector<int> columns;
            if (book_score) {
                score = options_.weak ? connect::weak_score(*book_score) : *book_score;
                // The book's line goes as far as the book; a position at its
                // very depth gets its best move from a search for the known score.
                columns = book->book.principal_variation(p);
                if (columns.empty() && p.moves < g.cells()) columns.push_back(solver.best_column(p, *book_score));
                a.stats.from_book = true;
                a.stats.note = "score and line from the " + book_note(*book);
                add_solver_stats(a.stats, solver.stats());
            } else {
                bool parallel = false;
                if constexpr (std::is_same_v<decltype(table), connect::TablePair*>) {
                    if (table && options_.threads > 1) {
                        auto r = connect::parallel_solve(solver.geometry(), table->far, table->near, p,
                                                         options_.weak, options_.threads, config_.options,
                                                         options_.stop);
                        throw_if_stopped();
                        score = r.score;
                        add_solver_stats(a.stats, r.stats);
                        parallel = true;
                    }
                }
                if (!parallel) {
                    solver.set_stop_flag(options_.stop);
                    score = solver.solve(p, options_.weak);
                    throw_if_stopped();
                    add_solver_stats(a.stats, solver.stats());
                }
                // The line's searches are not the solve's: keep its node count.
                columns = solver.principal_variation(p, score);
            }
            a.stats.seconds = seconds_since(start);
            if (table) a.stats.table_bytes = table->bytes();
            a.value = value_of(pos, score, options_.weak);
            Position line = pos;
            for (int c : columns) {
                Move m = line.drop_cell(c);
                a.pv.push_back(m);
                line.play(m);
            }
            if (!a.pv.empty()) a.best_move = a.pv.front();
            return a;
        });
    }

    MoveAnalysis analyze(const Position& pos) override {
        if (options_.threads > 1) throw Error("--threads works with solve, not analyze");
        require_not_won(pos);
        connect::Geometry g(pos.spec());
        connect::BitPosition p = connect::BitPosition::from(g, pos);
        const auto book = book_for(pos);
        auto book_scores = book ? book->book.column_scores(p) : std::nullopt;
        return connect::with_solver(config_, g, [&](auto& solver, auto* table) {
            auto start = Clock::now();
            MoveAnalysis a;
            a.engine = kind();
            solver.set_stop_flag(options_.stop);
            std::vector<std::optional<int>> scores =
                book_scores ? *book_scores : solver.column_scores(p, options_.weak);
            throw_if_stopped();
            for (int c = 0; c < static_cast<int>(scores.size()); ++c) {
                if (!scores[c]) continue;
                int score = options_.weak ? connect::weak_score(*scores[c]) : *scores[c];
                a.moves.push_back({pos.drop_cell(c), value_of(pos, score, options_.weak)});
            }
            a.stats.seconds = seconds_since(start);
            add_solver_stats(a.stats, solver.stats());
            if (table) a.stats.table_bytes = table->bytes();
            if (book_scores) {
                a.stats.from_book = true;
                a.stats.note = "scores from the " + book_note(*book);
            }
            return a;
        });
    }

    // The perfect player: one table for the whole game (and the next).
    Analysis choose_move(const Position& pos) override {
        require_not_won(pos);
        if (!player_) {
            player_.emplace(spec_, options_.tt_mb);
            if (auto book = connect::open_book(spec_, pos.stones(), options_.book, options_.use_book)) {
                player_note_ = "from the " + book_note(*book);
                player_->use_book(std::move(book->book));
            }
        }
        auto start = Clock::now();
        std::uint64_t before = player_->stats().nodes;
        connect::ConnectEngine::Decision d = player_->decide(pos);
        Analysis a;
        a.engine = kind();
        a.best_move = d.move;
        if (d.move != kNoMove) a.pv.push_back(d.move);
        a.value = value_of(pos, d.score, false);
        a.stats.nodes = player_->stats().nodes - before;
        a.stats.seconds = seconds_since(start);
        a.stats.table_bytes = player_->table_bytes();
        a.stats.from_book = d.from_book;
        if (d.from_book) a.stats.note = player_note_;
        return a;
    }

    void set_limits(const Limits& l) override {
        if (l.depth >= 0 || l.nodes)
            throw Error("the Connect-k solver always solves exactly: it takes no --depth or --nodes "
                        "(use --engine generic for a limited search)");
    }
    void clear() override { player_.reset(); }

private:
    // A stopped solve returns anything: nothing of it may reach the caller.
    void throw_if_stopped() const {
        if (options_.stop && options_.stop->load(std::memory_order_relaxed)) throw Stopped();
    }
    std::optional<connect::LoadedBook> book_for(const Position& pos) const {
        return connect::open_book(pos.spec(), pos.stones(), options_.book, options_.use_book);
    }

    GameSpec spec_;
    Options options_;
    connect::SolverConfig config_;
    std::optional<connect::ConnectEngine> player_;
    std::string player_note_;
};

}  // namespace

connect::SolverConfig connect_solver_config(const Options& options) {
    connect::SolverConfig c;
    c.use_table = options.generic.use_tt;
    c.table_mb = options.tt_mb;
    c.chained_buckets = options.chained_buckets;
    c.options.symmetry = options.generic.use_symmetry;
    c.options.ordering = options.generic.use_ordering;
    c.options.bisection = options.generic.iterative_deepening;
    return c;
}

std::unique_ptr<Engine> make_connect_engine(const GameSpec& spec, const Options& options) {
    return std::make_unique<ConnectEngine>(spec, options);
}

}  // namespace kinrow::engine
