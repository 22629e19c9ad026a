// `kinrow solve` / `kinrow analyze` on the generic search engine: turns a
// SolveRequest into SearchOptions, runs the Searcher and prints the result as
// text or JSON. Every field a backend-neutral request carries is honoured
// here except --batch and --vcf, which belong to the Connect-k and Gomoku
// engines.
#include <sys/resource.h>

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "search/search.hpp"

namespace kinrow {

using namespace search;

namespace {

SearchOptions options_from(const SolveRequest& r) {
    SearchOptions o;
    o.algorithm = parse_algorithm(r.algorithm);
    if (r.full_tree && o.algorithm != Algorithm::Minimax)
        throw Error("--full-tree applies to --algorithm minimax only");
    if (r.chained_buckets > 0 && (!r.use_tt || o.algorithm != Algorithm::Negamax))
        throw Error("--chained is a transposition table: it needs --algorithm negamax and no --no-tt");
    o.stop_at_wins = !r.full_tree;
    o.use_tt = r.use_tt;
    o.tt_mb = r.tt_mb;
    o.chained_buckets = r.chained_buckets;
    o.use_symmetry = r.use_symmetry;
    o.use_ordering = r.use_ordering;
    o.use_pruning = r.use_pruning;
    o.iterative_deepening = r.iterative_deepening;
    o.weak = r.weak;
    o.depth = r.depth;
    o.node_limit = r.node_limit;
    o.time_ms = r.time_ms;
    // One line a second on stderr, so long solves show they are alive.
    o.progress = [](const SearchProgress& p) {
        fmt::print(stderr, "info depth {} nodes {} nps {:.0f} time {:.1f}s\n", p.depth, p.nodes, p.nps,
                   p.elapsed_s);
        std::fflush(stderr);
    };
    return o;
}

Position load_checked(const SolveRequest& r) {
    Position pos = load_position(r.position);
    if (pos.spec().weighted())
        throw Error("the generic engine plays win/draw/loss games; weighted scoring has its own command");
    return pos;
}

double peak_rss_mib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

const char* bound_name(Bound b) {
    switch (b) {
        case Bound::Exact: return "exact";
        case Bound::Lower: return "lower";
        case Bound::Upper: return "upper";
        case Bound::None: break;
    }
    return "none";
}

nlohmann::json stats_json(const SearchStats& s) {
    return {{"nodes", s.nodes},
            {"tt_probes", s.tt_probes},
            {"tt_hits", s.tt_hits},
            {"tt_cutoffs", s.tt_cutoffs},
            {"tt_stores", s.tt_stores},
            {"tt_collisions", s.tt_collisions},
            {"depth", s.depth_reached},
            {"time_s", s.elapsed_s},
            {"nps", s.nps()},
            {"table_bytes", s.table_bytes},
            {"peak_rss_mib", peak_rss_mib()}};
}

std::string stats_text(const SearchStats& s) {
    return fmt::format(
        "nodes {}  depth {}  time {:.3f}s  nps {:.0f}\n"
        "table: probes {}  hits {}  cutoffs {}  stores {}  collisions {}  ({:.1f} MiB; peak RSS {:.1f} MiB)\n",
        s.nodes, s.depth_reached, s.elapsed_s, s.nps(), s.tt_probes, s.tt_hits, s.tt_cutoffs, s.tt_stores,
        s.tt_collisions, static_cast<double>(s.table_bytes) / (1 << 20), peak_rss_mib());
}

// A short label for a move's value in the analysis grid, for the side playing
// it: W5 wins with the game over 5 plies from now, L4 loses, D draws; W / L
// alone when only the outcome is known; a signed number for a heuristic; ?
// when a limit stopped the search first.
std::string cell_label(const Position& pos, const MoveValue& v) {
    if (!v.proven) return v.bound == Bound::None ? "?" : fmt::format("{:+}", v.score);
    if (!is_decisive(v.score)) return "D";
    std::string letter = is_win(v.score) ? "W" : "L";
    if (v.bound != Bound::Exact) return letter;
    return letter + std::to_string(stones_at_end(pos.cells(), v.score) - pos.stones());
}

}  // namespace

void solve_generic(const SolveRequest& request) {
    Position pos = load_checked(request);
    Searcher searcher(options_from(request));
    SearchResult res = searcher.search(pos);
    std::string description = res.bound == Bound::None ? "unknown (a limit stopped the search first)"
                                                       : describe_score(pos, res.score, res.bound, res.proven);
    std::vector<std::string> pv;
    Position line = pos;
    for (Move m : res.pv) {
        pv.push_back(line.move_string(m));
        line.play(m);
    }
    if (request.json) {
        nlohmann::json j = {
            {"game", pos.spec().name()},
            {"board", pos.board_string()},
            {"to_move", std::string(1, player_char(pos.side_to_move()))},
            {"algorithm", algorithm_name(searcher.options().algorithm)},
            {"result", res.bound == Bound::None ? "unknown" : outcome_word(res.score, res.proven)},
            {"description", description},
            {"score", res.score},
            {"bound", bound_name(res.bound)},
            {"proven", res.proven},
            {"complete", res.complete},
            {"best_move", res.best_move == kNoMove ? nlohmann::json(nullptr)
                                                   : nlohmann::json(pos.move_string(res.best_move))},
            {"pv", pv},
            {"stats", stats_json(res.stats)},
        };
        if (res.proven && is_decisive(res.score) && res.bound == Bound::Exact)
            j["plies_to_end"] = plies_to_end(pos, res.score);
        fmt::print("{}\n", j.dump(2));
        return;
    }
    fmt::print("{} ({} to move)\n{}", pos.spec().name(), player_char(pos.side_to_move()), pos.diagram());
    fmt::print("value: {}{}\n", description, res.complete ? "" : "  [stopped by a limit]");
    if (res.best_move != kNoMove) fmt::print("best move: {}\n", pos.move_string(res.best_move));
    if (!pv.empty()) fmt::print("pv: {}\n", fmt::join(pv, " "));
    fmt::print("{}", stats_text(res.stats));
}

void analyze_generic(const SolveRequest& request) {
    Position pos = load_checked(request);
    Searcher searcher(options_from(request));
    SearchStats stats;
    std::vector<MoveValue> values = searcher.analyze(pos, &stats);
    if (request.json) {
        nlohmann::json moves = nlohmann::json::array();
        for (const MoveValue& v : values) {
            moves.push_back({{"move", pos.move_string(v.move)},
                             {"score", v.score},
                             {"bound", bound_name(v.bound)},
                             {"proven", v.proven},
                             {"result", outcome_word(v.score, v.proven)},
                             {"label", cell_label(pos, v)}});
        }
        nlohmann::json j = {{"game", pos.spec().name()},
                            {"board", pos.board_string()},
                            {"to_move", std::string(1, player_char(pos.side_to_move()))},
                            {"moves", moves},
                            {"stats", stats_json(stats)}};
        fmt::print("{}\n", j.dump(2));
        return;
    }
    std::vector<std::string> labels(pos.cells());
    for (Move m = 0; m < pos.cells(); ++m)
        labels[m] = pos.at(m) == Cell::Empty ? "." : std::string(1, ".XO"[static_cast<int>(pos.at(m))]);
    for (const MoveValue& v : values) labels[v.move] = cell_label(pos, v);
    std::size_t width = 2;
    for (const auto& l : labels) width = std::max(width, l.size() + 1);
    fmt::print("{} ({} to move): value of each move for {}\n", pos.spec().name(),
               player_char(pos.side_to_move()), player_char(pos.side_to_move()));
    fmt::print("   ");
    for (int c = 0; c < pos.width(); ++c)
        fmt::print("{:>{}}", pos.spec().gravity() ? c + 1 : c, width);
    fmt::print("\n");
    for (int r = 0; r < pos.height(); ++r) {
        fmt::print("{:>2} ", r);
        for (int c = 0; c < pos.width(); ++c) fmt::print("{:>{}}", labels[pos.cell(r, c)], width);
        fmt::print("\n");
    }
    fmt::print("W<n>/L<n>: wins/loses, game over n plies from now; D: draw; +/-n: heuristic; ?: stopped\n");
    fmt::print("{}", stats_text(stats));
}

}  // namespace kinrow
