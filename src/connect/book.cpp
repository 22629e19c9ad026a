#include "connect/book.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <type_traits>
#include <unordered_set>

#include <fmt/format.h>

#include "connect/solver.hpp"
#include "connect/transposition_table.hpp"
#include "core/error.hpp"

namespace kinrow::connect {

namespace {

[[noreturn]] void fail(const std::string& name, int line, const std::string& why) {
    if (line > 0) throw Error(fmt::format("{}:{}: {}", name, line, why));
    throw Error(fmt::format("{}: {}", name, why));
}

std::optional<int> parse_int(const std::string& text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::string path_text(const std::string& moves) { return moves.empty() ? "-" : moves; }

BookHeader parse_header(const std::string& line, const std::string& name) {
    std::istringstream in(line);
    std::string magic, version_word, version, game_word, game, depth_word, depth, extra;
    in >> magic >> version_word >> version >> game_word >> game >> depth_word >> depth;
    const std::string expected = fmt::format(
        "the first line must be 'kinrow-book version {} game GAME depth D'", kBookFormatVersion);
    if (magic != "kinrow-book") fail(name, 1, "not a kinrow opening book: " + expected);
    if (version_word != "version" || game_word != "game" || depth_word != "depth" || (in >> extra))
        fail(name, 1, "malformed header: " + expected);
    if (parse_int(version) != kBookFormatVersion)
        fail(name, 1, fmt::format("book format version '{}' is not supported (this kinrow reads version {})",
                                  version, kBookFormatVersion));
    BookHeader h;
    std::optional<int> d = parse_int(depth);
    if (!d) fail(name, 1, fmt::format("depth '{}' is not a number", depth));
    h.depth = *d;
    try {
        h.spec = parse_game(game);
        OpeningBook::check_game(h.spec, h.depth);
    } catch (const Error& e) {
        fail(name, 1, e.what());
    }
    return h;
}

}  // namespace

Bitboard book_key(const Geometry& g, const BitPosition& p) {
    const Bitboard key = p.key();
    return std::min(key, g.mirror(key));
}

BitPosition replay_moves(const Geometry& g, const std::string& moves) {
    BitPosition p;
    for (char c : moves) p.play_column(g, c - '1');
    return p;
}

void OpeningBook::check_game(const GameSpec& spec, int depth) {
    if (!spec.gravity()) throw Error(fmt::format("opening books are for gravity games, not {}", spec.name()));
    Geometry g(spec);
    if (g.width() > 9)
        throw Error(fmt::format("{} is {} columns wide: a book writes each move as one digit, so at most 9",
                                spec.name(), g.width()));
    if (depth < 0 || depth > g.cells())
        throw Error(fmt::format("book depth {} out of range for {}: need 0 <= depth <= {}", depth, spec.name(),
                                g.cells()));
}

std::vector<BookEntry> OpeningBook::enumerate(const GameSpec& spec, int depth) {
    check_game(spec, depth);
    const Geometry g(spec);
    std::vector<BookEntry> entries{BookEntry{}};
    struct Node {
        BitPosition pos;
        std::size_t entry;
    };
    std::vector<Node> level{{BitPosition{}, 0}};
    for (int stones = 1; stones <= depth; ++stones) {
        // Parents go in path order and columns left to right, all paths of a
        // level being equally long: the first path found to a position (or
        // its mirror) is the smallest, and the level comes out sorted.
        std::vector<Node> next;
        std::unordered_set<Bitboard> seen;
        for (const Node& parent : level)
            for (int col = 0; col < g.width(); ++col) {
                const Bitboard move = parent.pos.playable(g) & g.column_mask(col);
                if (!move || (move & parent.pos.own_wins(g))) continue;  // full, or the game ends
                BitPosition child = parent.pos;
                child.play(move);
                if (child.moves == g.cells() || !seen.insert(book_key(g, child)).second) continue;
                std::string moves = entries[parent.entry].moves + static_cast<char>('1' + col);
                entries.push_back({std::move(moves), stones, 0, 0});
                next.push_back({child, entries.size() - 1});
            }
        level = std::move(next);
    }
    return entries;
}

OpeningBook OpeningBook::generate(const GameSpec& spec, int depth, const BookGenerateOptions& options) {
    std::vector<BookEntry> entries = enumerate(spec, depth);
    const Geometry g(spec);
    const int cells = g.cells();
    std::unordered_map<Bitboard, int> scores;
    const auto first_leaf = static_cast<std::size_t>(
        std::partition_point(entries.begin(), entries.end(), [&](const BookEntry& e) { return e.stones < depth; }) -
        entries.begin());
    const std::size_t leaves = entries.size() - first_leaf;

    // One table for every leaf: clearing it would throw away the subtrees
    // the next leaf (often a sibling) shares.
    TablePair tables(g, options.tt_mb);
    auto solve_leaves = [&](const auto& solver_geometry) {
        Solver<FixedTable, std::decay_t<decltype(solver_geometry)>> solver(solver_geometry, tables.far, tables.near);
        for (std::size_t i = first_leaf; i < entries.size(); ++i) {
            BookEntry& e = entries[i];
            const BitPosition p = replay_moves(g, e.moves);
            const Bitboard key = book_key(g, p);
            auto known = options.known.find(key);
            const bool searched = known == options.known.end();
            e.score = searched ? solver.solve(p, false) : known->second;
            scores[key] = e.score;
            if (options.on_leaf) options.on_leaf({e, i - first_leaf + 1, leaves, searched, solver.stats().nodes});
        }
    };
    // Connect Four's leaves run on the compiled geometry (same nodes, faster).
    if (is_connect4(g))
        solve_leaves(Connect4Geometry(g.width(), g.height(), g.k()));
    else
        solve_leaves(g);

    // Negamax upwards: entries are ordered by stones, so walking them
    // backwards scores every child before its parent.
    for (std::size_t i = first_leaf; i-- > 0;) {
        BookEntry& e = entries[i];
        const BitPosition p = replay_moves(g, e.moves);
        int best = std::numeric_limits<int>::min();
        for (int col = 0; col < g.width(); ++col) {
            const Bitboard move = p.playable(g) & g.column_mask(col);
            if (!move) continue;
            int s = 0;
            if (move & p.own_wins(g)) {
                s = max_score(cells, p.moves);
            } else {
                BitPosition child = p;
                child.play(move);
                if (child.moves < cells) s = -scores.at(book_key(g, child));
            }
            best = std::max(best, s);
        }
        e.score = best;
        scores[book_key(g, p)] = best;
    }
    return OpeningBook(spec, depth, std::move(entries), "generated book");
}

std::string OpeningBook::header_line(const GameSpec& spec, int depth) {
    return fmt::format("kinrow-book version {} game {} depth {}", kBookFormatVersion, spec.name(), depth);
}

std::string OpeningBook::entry_line(const BookEntry& e) { return fmt::format("{} {}", path_text(e.moves), e.score); }

void OpeningBook::write(std::ostream& out) const {
    out << header_line(spec_, depth_) << '\n';
    for (const BookEntry& e : entries_) out << entry_line(e) << '\n';
}

BookHeader OpeningBook::load_header(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(fmt::format("cannot read book {}", path));
    std::string line;
    if (!std::getline(in, line)) fail(path, 0, "empty file, expected the book header");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return parse_header(line, path);
}

OpeningBook OpeningBook::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(fmt::format("cannot read book {}", path));
    return read(in, path);
}

OpeningBook OpeningBook::read(std::istream& in, const std::string& name) {
    std::string line;
    if (!std::getline(in, line)) fail(name, 0, "empty file, expected the book header");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    BookHeader h = parse_header(line, name);
    return OpeningBook(h.spec, h.depth, read_lines(in, name, h, 2, false), name);
}

std::vector<BookEntry> OpeningBook::read_lines(std::istream& in, const std::string& name, const BookHeader& header,
                                               int first_line, bool allow_cut_last) {
    const Geometry g(header.spec);
    const int cells = g.cells();
    std::vector<BookEntry> entries;
    std::string line;
    for (int number = first_line; std::getline(in, line); ++number) {
        // getline reached the end of the stream: the line had no newline.
        if (in.eof() && allow_cut_last) break;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::istringstream fields(line);
        std::string path, score_text, extra;
        if (!(fields >> path >> score_text) || (fields >> extra))
            fail(name, number, fmt::format("expected 'moves score', got '{}'", line));
        BookEntry e;
        e.line = number;
        if (path != "-") e.moves = path;
        BitPosition p;
        for (std::size_t i = 0; i < e.moves.size(); ++i) {
            const int col = e.moves[i] - '1';
            if (col < 0 || col >= g.width())
                fail(name, number,
                     fmt::format("'{}' is not a column of {} (1 to {})", e.moves[i], header.spec.name(), g.width()));
            const Bitboard move = p.playable(g) & g.column_mask(col);
            if (!move) fail(name, number, fmt::format("move {} ({}): column {} is full", i + 1, path, col + 1));
            if (move & p.own_wins(g))
                fail(name, number,
                     fmt::format("move {} ({}) completes a line: a book holds no finished positions", i + 1, path));
            p.play(move);
        }
        if (p.moves == cells) fail(name, number, fmt::format("{} fills the board: the game is over", path));
        if (p.moves > header.depth)
            fail(name, number, fmt::format("{} has {} stones, more than the book's depth {}", path, p.moves,
                                           header.depth));
        std::optional<int> score = parse_int(score_text);
        if (!score) fail(name, number, fmt::format("score '{}' is not a number", score_text));
        if (*score < min_score(cells, p.moves) || *score > max_score(cells, p.moves))
            fail(name, number, fmt::format("score {} is impossible with {} stones (the range is {} to {})", *score,
                                           p.moves, min_score(cells, p.moves), max_score(cells, p.moves)));
        e.stones = p.moves;
        e.score = *score;
        entries.push_back(std::move(e));
    }
    return entries;
}

OpeningBook::OpeningBook(const GameSpec& spec, int depth, std::vector<BookEntry> entries, const std::string& name)
    : spec_(spec), geometry_(spec), depth_(depth), entries_(std::move(entries)) {
    std::sort(entries_.begin(), entries_.end(), [](const BookEntry& a, const BookEntry& b) {
        return a.stones != b.stones ? a.stones < b.stones : a.moves < b.moves;
    });
    index_.reserve(entries_.size());
    for (std::size_t i = 0; i < entries_.size(); ++i)
        index_.emplace_back(book_key(geometry_, replay_moves(geometry_, entries_[i].moves)), i);
    std::sort(index_.begin(), index_.end());
    for (std::size_t i = 1; i < index_.size(); ++i)
        if (index_[i].first == index_[i - 1].first) {
            const BookEntry& a = entries_[index_[i - 1].second];
            const BookEntry& b = entries_[index_[i].second];
            const BookEntry& later = a.line > b.line ? a : b;
            const BookEntry& earlier = a.line > b.line ? b : a;
            fail(name, later.line,
                 fmt::format("{} is the position of line {} ({}) or its mirror image: each position comes once",
                             path_text(later.moves), earlier.line, path_text(earlier.moves)));
        }

    // Complete and consistent: the empty board is there, and every position
    // short of the depth has each of its children and the score they give it.
    // (Every entry is reachable, so this reaches every position of the book.)
    if (entries_.empty() || entries_.front().stones != 0) fail(name, 0, "no entry for the empty board ('-')");
    for (const BookEntry& e : entries_) {
        if (e.stones >= depth_) break;
        const BitPosition p = replay_moves(geometry_, e.moves);
        int best = std::numeric_limits<int>::min();
        for (int col = 0; col < geometry_.width(); ++col) {
            if (!(p.playable(geometry_) & geometry_.column_mask(col))) continue;
            std::optional<int> s = move_score(p, col);
            if (!s)
                fail(name, e.line,
                     fmt::format("no entry for {}{}, a move on from this line's position (or its mirror image)",
                                 e.moves, col + 1));
            best = std::max(best, *s);
        }
        if (best != e.score)
            fail(name, e.line,
                 fmt::format("{} has score {} but its best move scores {}", path_text(e.moves), e.score, best));
    }
}

std::optional<int> OpeningBook::score(const BitPosition& p) const {
    if (p.moves > depth_) return std::nullopt;
    const Bitboard key = book_key(geometry_, p);
    auto it = std::lower_bound(index_.begin(), index_.end(), std::pair<Bitboard, std::size_t>{key, 0});
    if (it == index_.end() || it->first != key) return std::nullopt;
    return entries_[it->second].score;
}

std::optional<int> OpeningBook::move_score(const BitPosition& p, int col) const {
    const Bitboard move = p.playable(geometry_) & geometry_.column_mask(col);
    if (move & p.own_wins(geometry_)) return max_score(geometry_.cells(), p.moves);
    BitPosition child = p;
    child.play(move);
    if (child.moves == geometry_.cells()) return 0;
    std::optional<int> s = score(child);
    if (!s) return std::nullopt;
    return -*s;
}

std::optional<std::vector<std::optional<int>>> OpeningBook::column_scores(const BitPosition& p) const {
    if (p.moves >= depth_ || !score(p)) return std::nullopt;
    std::vector<std::optional<int>> scores(geometry_.width());
    for (int col = 0; col < geometry_.width(); ++col)
        if (p.playable(geometry_) & geometry_.column_mask(col)) scores[col] = move_score(p, col);
    return scores;
}

std::optional<int> OpeningBook::best_column(const BitPosition& p) const {
    auto scores = column_scores(p);
    if (!scores) return std::nullopt;
    std::optional<int> best;
    for (int i = 0; i < geometry_.width(); ++i) {
        const int col = geometry_.column_order(i);
        if ((*scores)[col] && (!best || *(*scores)[col] > *(*scores)[*best])) best = col;
    }
    return best;
}

std::vector<int> OpeningBook::principal_variation(BitPosition p) const {
    std::vector<int> line;
    while (std::optional<int> col = best_column(p)) {
        line.push_back(*col);
        const Bitboard move = p.playable(geometry_) & geometry_.column_mask(*col);
        if (move & p.own_wins(geometry_)) break;
        p.play(move);
    }
    return line;
}

std::optional<LoadedBook> open_book(const GameSpec& spec, int stones, const std::string& path, bool use_default) {
    std::string file = path;
    if (file.empty()) {
        if (!use_default || !spec.gravity()) return std::nullopt;
        file = default_book_path(spec);
        if (!std::filesystem::exists(file)) return std::nullopt;
    }
    BookHeader h = OpeningBook::load_header(file);
    if (!(h.spec == spec)) throw Error(fmt::format("{} is a book for {}, not {}", file, h.spec.name(), spec.name()));
    if (stones > h.depth) return std::nullopt;
    return LoadedBook{file, OpeningBook::load(file)};
}

std::string default_book_path(const GameSpec& spec) {
    std::string file = spec.name();
    std::replace(file.begin(), file.end(), ':', '-');
    std::replace(file.begin(), file.end(), ',', '-');
    return std::string(KINROW_DATA_DIR) + "/" + file + ".book";
}

}  // namespace kinrow::connect
