#include "report/report.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "rules/outcome.hpp"

namespace kinrow::report {

namespace {

double peak_rss_mib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

nlohmann::json head_json(const Position& pos, engine::EngineKind kind) {
    return {{"game", pos.spec().name()},
            {"position", position_text(pos)},
            {"board", pos.board_string()},
            {"to_move", std::string(1, player_char(pos.side_to_move()))},
            {"engine", engine::engine_name(kind)}};
}

std::string stats_text(const engine::Stats& s) {
    std::string text = fmt::format("nodes {}  depth {}  time {:.3f}s  nps {:.0f}\n", s.nodes, s.depth, s.seconds,
                                   s.nps());
    if (s.tt_probes || s.table_bytes)
        text += fmt::format(
            "table: probes {}  hits {}  cutoffs {}  stores {}  collisions {}  ({:.1f} MiB; peak RSS {:.1f} MiB)\n",
            s.tt_probes, s.tt_hits, s.tt_cutoffs, s.tt_stores, s.tt_collisions,
            static_cast<double>(s.table_bytes) / (1 << 20), peak_rss_mib());
    if (!s.note.empty()) text += s.note + "\n";
    return text;
}

}  // namespace

std::vector<std::string> line_strings(const Position& pos, const std::vector<Move>& moves) {
    std::vector<std::string> out;
    Position line = pos;
    for (Move m : moves) {
        out.push_back(line.move_string(m));
        line.play(m);
    }
    return out;
}

std::string position_text(const Position& pos) {
    if (pos.stones() == 0) return "empty board";
    if (static_cast<int>(pos.history().size()) == pos.stones()) return pos.move_list_string();
    return pos.board_string();
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

std::string value_label(const engine::Value& v) {
    if (v.bound == Bound::None) return "?";
    if (!v.proven) return fmt::format("{:+}", v.score);
    switch (v.outcome) {
        case Outcome::Draw: return "D";
        case Outcome::Win: return v.plies >= 0 ? fmt::format("W{}", v.plies) : "W";
        case Outcome::Loss: return v.plies >= 0 ? fmt::format("L{}", v.plies) : "L";
        case Outcome::Unknown: break;
    }
    return "?";
}

nlohmann::json value_json(const engine::Value& v) {
    nlohmann::json j = {{"result", outcome_word(v.outcome)}, {"proven", v.proven},
                        {"bound", bound_name(v.bound)},      {"score", v.score},
                        {"description", v.text},             {"label", value_label(v)}};
    j["plies_to_end"] = v.plies >= 0 ? nlohmann::json(v.plies) : nlohmann::json();
    return j;
}

nlohmann::json stats_json(const engine::Stats& s) {
    return {{"nodes", s.nodes},
            {"depth", s.depth},
            {"time_s", s.seconds},
            {"nps", s.nps()},
            {"tt_probes", s.tt_probes},
            {"tt_hits", s.tt_hits},
            {"tt_cutoffs", s.tt_cutoffs},
            {"tt_stores", s.tt_stores},
            {"tt_collisions", s.tt_collisions},
            {"hit_rate", s.hit_rate()},
            {"table_bytes", s.table_bytes},
            {"peak_rss_mib", peak_rss_mib()}};
}

namespace {

// The tail every answer shares: where it came from and what it cost.
void add_stats(nlohmann::json& j, const engine::Stats& s) {
    j["from_book"] = s.from_book;
    j["note"] = s.note;
    j["nodes"] = s.nodes;
    j["stats"] = stats_json(s);
}

}  // namespace

nlohmann::json analysis_json(const Position& pos, const engine::Analysis& a) {
    nlohmann::json j = head_json(pos, a.engine);
    j.update(value_json(a.value));
    j["complete"] = a.complete;
    j["best_move"] = a.best_move == kNoMove ? nlohmann::json() : nlohmann::json(pos.move_string(a.best_move));
    j["pv"] = line_strings(pos, a.pv);
    add_stats(j, a.stats);
    return j;
}

nlohmann::json move_analysis_json(const Position& pos, const engine::MoveAnalysis& a) {
    nlohmann::json j = head_json(pos, a.engine);
    nlohmann::json moves = nlohmann::json::array();
    for (const engine::MoveValue& mv : a.moves) {
        nlohmann::json m = {{"move", pos.move_string(mv.move)}};
        m.update(value_json(mv.value));
        moves.push_back(m);
    }
    j["moves"] = moves;
    // Gravity games: one score a column (null for a full one), in column
    // order, the way Connect-k solvers list them.
    if (pos.spec().gravity()) {
        nlohmann::json scores = nlohmann::json::array();
        for (int c = 0; c < pos.width(); ++c) {
            Move m = pos.drop_cell(c);
            auto it = std::find_if(a.moves.begin(), a.moves.end(), [m](const auto& mv) { return mv.move == m; });
            scores.push_back(m != kNoMove && it != a.moves.end() && it->value.bound != Bound::None
                                 ? nlohmann::json(it->value.score)
                                 : nlohmann::json());
        }
        j["scores"] = scores;
    }
    add_stats(j, a.stats);
    return j;
}

std::string analysis_text(const Position& pos, const engine::Analysis& a) {
    std::string text = fmt::format("{} ({} to move, {} stones; engine: {})\n{}", pos.spec().name(),
                                   player_char(pos.side_to_move()), pos.stones(), engine::engine_name(a.engine),
                                   pos.diagram());
    text += fmt::format("value: {}{}\n", a.value.text, a.complete ? "" : "  [stopped by a limit]");
    text += fmt::format("score: {} ({} scale)\n", a.value.score, engine::engine_name(a.engine));
    if (a.best_move != kNoMove) text += fmt::format("best move: {}\n", pos.move_string(a.best_move));
    if (!a.pv.empty()) text += fmt::format("pv: {}\n", fmt::join(line_strings(pos, a.pv), " "));
    return text + stats_text(a.stats);
}

std::string move_analysis_text(const Position& pos, const engine::MoveAnalysis& a) {
    std::vector<std::string> labels(pos.cells());
    for (Move m = 0; m < pos.cells(); ++m)
        labels[m] = pos.at(m) == Cell::Empty ? "." : std::string(1, ".XO"[static_cast<int>(pos.at(m))]);
    for (const engine::MoveValue& v : a.moves) labels[v.move] = value_label(v.value);
    std::size_t width = 2;
    for (const auto& l : labels) width = std::max(width, l.size() + 1);
    std::string text = fmt::format("{} ({} to move; engine: {}): value of each move for {}\n   ", pos.spec().name(),
                                   player_char(pos.side_to_move()), engine::engine_name(a.engine),
                                   player_char(pos.side_to_move()));
    for (int c = 0; c < pos.width(); ++c) text += fmt::format("{:>{}}", pos.spec().gravity() ? c + 1 : c, width);
    text += "\n";
    for (int r = 0; r < pos.height(); ++r) {
        text += fmt::format("{:>2} ", r);
        for (int c = 0; c < pos.width(); ++c) text += fmt::format("{:>{}}", labels[pos.cell(r, c)], width);
        text += "\n";
    }
    text += "W<n>/L<n>: wins/loses, game over n plies from now; D: draw; +/-n: heuristic; ?: not searched\n";
    return text + stats_text(a.stats);
}

}  // namespace kinrow::report
