// OpeningBook: the exact score of every early position of one gravity game,
// so that `play` and `analyze` answer the first moves at once instead of
// solving positions that cost the solver minutes each.
//
// A book of depth D holds every position with at most D stones that is not
// over (no line yet, board not full), one per left-right mirror pair, with
// its score in Pons's convention (see solver.hpp). Only the positions with
// exactly D stones (the leaves) are searched when a book is generated; every
// shallower score is the negamax of its children's, which the book holds too,
// so a position with fewer than D stones also gets the score of each column.
//
// The file is plain text (docs/connect.md, "Opening book"):
//   kinrow-book version 1 game connect4 depth 3
//   - 1
//   1 -1
//   ...
// a header, then one `moves score` line per position; moves are 1-based
// column digits of one path from the empty board ('-' for the empty board
// itself), as in Pascal Pons's test sets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "connect/bitboard.hpp"
#include "rules/game.hpp"

namespace kinrow::connect {

inline constexpr int kBookFormatVersion = 1;

// What a book file's first line says.
struct BookHeader {
    GameSpec spec;
    int depth = 0;
};

// One position of a book: a path reaching it and its score.
struct BookEntry {
    std::string moves;  // column digits from the empty board, "" for the empty board
    int stones = 0;
    int score = 0;
    int line = 0;  // where it was read from (0: generated), for error messages
};

// A finished leaf of a generation run, for progress reports and checkpoints.
struct BookLeafReport {
    const BookEntry& leaf;
    std::size_t done;    // leaves scored so far, this one included
    std::size_t total;   // leaves in the book
    bool searched;       // false: its score came from `known`
    std::uint64_t nodes; // solver nodes so far in this run
};

struct BookGenerateOptions {
    std::size_t tt_mb = 1024;
    // Leaf scores settled by an earlier, interrupted run, by book_key: those
    // leaves are not searched again.
    std::unordered_map<Bitboard, int> known;
    // Called after every leaf, in file order.
    std::function<void(const BookLeafReport&)> on_leaf;
};

// The key a position is filed under: the smaller of its key and its
// mirror's, since mirror images have the same score.
Bitboard book_key(const Geometry& g, const BitPosition& p);
// The position a path of column digits reaches (the path must be legal).
BitPosition replay_moves(const Geometry& g, const std::string& moves);

class OpeningBook {
public:
    // Throws Error unless `spec` is a gravity game the bitboard solver takes,
    // at most 9 columns wide (a move is one digit), and 0 <= depth <= cells.
    static void check_game(const GameSpec& spec, int depth);

    // The positions of a book: every position with at most `depth` stones
    // that is not over, one per mirror pair, each with the smallest path that
    // reaches it or its mirror; ordered by stones, then path. Scores are 0.
    static std::vector<BookEntry> enumerate(const GameSpec& spec, int depth);

    // Solves the leaves in file order with one solver whose table is kept
    // from leaf to leaf (neighbouring leaves share most of their subtrees),
    // then derives the shallower scores. Deterministic: the same book for the
    // same game and depth, whatever the table size or `known`.
    static OpeningBook generate(const GameSpec& spec, int depth, const BookGenerateOptions& options = {});

    // Reads a book; every failure (unreadable file, bad header or line,
    // illegal or finished position, duplicate, missing position, a score its
    // children contradict) throws Error naming the file and line.
    static OpeningBook load(const std::string& path);
    static OpeningBook read(std::istream& in, const std::string& name);
    // The first line alone: which game and depth a file holds, without the
    // cost of loading it.
    static BookHeader load_header(const std::string& path);
    // Parses `moves score` lines of `header`'s game: the body of a book or a
    // generation checkpoint. Validates each line alone (syntax, legal moves,
    // a position not over, at most depth stones, a score in range); line
    // numbers in errors start at `first_line`. With `allow_cut_last`, a last
    // line without its newline (a run killed mid-write) is dropped.
    static std::vector<BookEntry> read_lines(std::istream& in, const std::string& name, const BookHeader& header,
                                             int first_line, bool allow_cut_last);
    static std::string header_line(const GameSpec& spec, int depth);
    static std::string entry_line(const BookEntry& e);

    // The header line, then the entries by stones and path.
    void write(std::ostream& out) const;

    const GameSpec& spec() const { return spec_; }
    const Geometry& geometry() const { return geometry_; }
    int depth() const { return depth_; }
    const std::vector<BookEntry>& entries() const { return entries_; }

    // The score of p for the side to move, if p is in the book (at most
    // depth stones, not over).
    std::optional<int> score(const BitPosition& p) const;
    // The score of each column (nullopt for full ones), if p has fewer than
    // depth stones and is not over.
    std::optional<std::vector<std::optional<int>>> column_scores(const BitPosition& p) const;
    // The column an optimal player takes: the best score, first in the
    // solver's centre-out order among equals (as Solver::best_column).
    // Requires column_scores(p).
    std::optional<int> best_column(const BitPosition& p) const;
    // Optimal play from p while the book reaches: ends at a winning move or
    // at a position with depth stones.
    std::vector<int> principal_variation(BitPosition p) const;

private:
    // Sorts the entries, builds the index and checks for duplicates, missing
    // positions and scores that disagree with their children (`name` is the
    // file, for errors).
    OpeningBook(const GameSpec& spec, int depth, std::vector<BookEntry> entries, const std::string& name);
    // The score of dropping a stone in `col` (playable), from the book.
    std::optional<int> move_score(const BitPosition& p, int col) const;

    GameSpec spec_;
    Geometry geometry_;
    int depth_;
    std::vector<BookEntry> entries_;
    std::vector<std::pair<Bitboard, std::size_t>> index_;  // canonical key and entry, by key
};

// A book and the file it came from, for reports.
struct LoadedBook {
    std::string path;
    OpeningBook book;
};

// The book to consult for a position of `spec` with `stones` stones: the file
// `path` if given, else, if `use_default`, the game's default book when that
// file exists. Nothing if there is none or the book stops short of `stones`
// (then only its header is read). Throws Error for an unreadable or malformed
// file and for a book of another game.
std::optional<LoadedBook> open_book(const GameSpec& spec, int stones, const std::string& path, bool use_default);

// Where the binary looks for a game's book when no --book is given: the
// data directory (KINROW_DATA_DIR, set at build time) and the game's name,
// ':' and ',' turned into '-': data/connect4.book, data/connect-5-4-4.book.
std::string default_book_path(const GameSpec& spec);

}  // namespace kinrow::connect
