// `kinrow book GAME --depth D --out FILE`: generates an opening book (see
// connect/book.hpp). Every leaf solved is appended to FILE.partial as it
// finishes, so an interrupted run picks up where it stopped: the same
// command again searches only the leaves the checkpoint lacks. The book
// itself is written to FILE.tmp and renamed, so FILE is never half written.
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "connect/book.hpp"
#include "core/error.hpp"
#include "cli/progress.hpp"

namespace kinrow {

namespace {

using connect::BookEntry;
using connect::BookGenerateOptions;
using connect::BookHeader;
using connect::BookLeafReport;
using connect::OpeningBook;

struct BookArgs {
    std::string game;
    int depth = 0;
    std::string out;
    std::size_t tt_mb = 1024;
};

// The leaf scores a checkpoint holds; rewrites it without a line cut short
// by an interrupted write, ready for appending.
std::vector<BookEntry> resume_checkpoint(const std::string& path, const BookHeader& header) {
    std::vector<BookEntry> leaves;
    const std::string expected = OpeningBook::header_line(header.spec, header.depth);
    {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw Error(fmt::format("cannot read checkpoint {}", path));
        std::string first;
        std::getline(in, first);
        if (first != expected)
            throw Error(fmt::format("{} is the checkpoint of another book ('{}'); delete it to start over", path,
                                    first));
        leaves = OpeningBook::read_lines(in, path, header, 2, true);
    }
    for (const BookEntry& e : leaves)
        if (e.stones != header.depth)
            throw Error(fmt::format("{}:{}: {} is not a leaf of a depth {} book", path, e.line, e.moves,
                                    header.depth));
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << expected << '\n';
    for (const BookEntry& e : leaves) out << OpeningBook::entry_line(e) << '\n';
    if (!out.flush()) throw Error(fmt::format("cannot write checkpoint {}", path));
    return leaves;
}

void run_book(const BookArgs& args) {
    const GameSpec spec = parse_game(args.game);
    OpeningBook::check_game(spec, args.depth);
    const connect::Geometry g(spec);
    const BookHeader header{spec, args.depth};
    const std::string checkpoint = args.out + ".partial";

    BookGenerateOptions options;
    options.tt_mb = args.tt_mb;
    if (std::filesystem::exists(checkpoint)) {
        for (const BookEntry& e : resume_checkpoint(checkpoint, header))
            options.known[connect::book_key(g, connect::replay_moves(g, e.moves))] = e.score;
        fmt::print(stderr, "book: resuming from {}: {} leaves already solved\n", checkpoint, options.known.size());
    } else {
        std::ofstream(checkpoint, std::ios::binary) << OpeningBook::header_line(spec, args.depth) << '\n';
    }
    std::ofstream log(checkpoint, std::ios::binary | std::ios::app);
    if (!log) throw Error(fmt::format("cannot write checkpoint {}", checkpoint));

    ProgressLine progress;
    std::size_t searched = 0;
    options.on_leaf = [&](const BookLeafReport& r) {
        if (r.searched) {
            ++searched;
            log << OpeningBook::entry_line(r.leaf) << '\n' << std::flush;
            if (!log) throw Error(fmt::format("cannot write checkpoint {}", checkpoint));
        }
        // The time left, guessed from the mean time of the leaves searched so far.
        const std::size_t left = r.total - r.done;
        const double eta = searched ? progress.elapsed_seconds() / static_cast<double>(searched) * left : 0;
        progress.update(fmt::format("book {} depth {}: leaf {}/{} ({} {}), {} nodes, about {:.0f} min left",
                                    spec.name(), args.depth, r.done, r.total, r.leaf.moves, r.leaf.score,
                                    r.nodes, eta / 60));
    };
    OpeningBook book = OpeningBook::generate(spec, args.depth, options);
    const double seconds = progress.elapsed_seconds();
    progress.finish();

    const std::string temporary = args.out + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        book.write(out);
        if (!out.flush()) throw Error(fmt::format("cannot write {}", temporary));
    }
    std::filesystem::rename(temporary, args.out);
    log.close();
    std::filesystem::remove(checkpoint);
    fmt::print("book {} depth {}: {} positions, {} leaves searched, written to {} in {:.1f} s\n", spec.name(),
               args.depth, book.entries().size(), searched, args.out, seconds);
}

}  // namespace

void add_book_command(CLI::App& app) {
    auto args = std::make_shared<BookArgs>();
    auto* cmd = app.add_subcommand(
        "book", "Gravity games: generate an opening book (the exact score of every position up to --depth stones)");
    cmd->add_option("game", args->game, "Game: a gravity game, e.g. connect4 or connect:5,4,4")->required();
    cmd->add_option("--depth", args->depth, "Positions with at most this many stones")
        ->required()
        ->check(integer_at_least(0));
    cmd->add_option("--out", args->out, "The book file; FILE.partial holds the progress of an unfinished run")
        ->required();
    cmd->add_option("--tt-mb", args->tt_mb, "Transposition table size in MiB, kept across the leaves")
        ->check(table_megabytes())
        ->capture_default_str();
    cmd->callback([args] { run_book(*args); });
}

}  // namespace kinrow
