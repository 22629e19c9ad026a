// `kinrow weighted` (the course's weighted tic-tac-toe program), `kinrow id`
// (board id <-> board) and `kinrow tree` (a search tree as Graphviz DOT).
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstring>
#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "weighted/weighted_session.hpp"
#include "weighted/weighted_tree.hpp"

namespace kinrow {

using namespace weighted;

namespace {

// CLI11's PositiveNumber prints its range as a 300-digit double; this names
// the problem instead.
const CLI::Validator kDepth(
    [](std::string& text) -> std::string {
        int depth = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
        if (ec != std::errc() || end != text.data() + text.size() || depth < 1)
            return fmt::format("depth must be a positive whole number of plies, got '{}'", text);
        return {};
    },
    "PLIES");

// The board options shared by `weighted` and `tree`.
struct GridArgs {
    int size = 3;
    std::string grid;
};

void add_grid_options(CLI::App& cmd, GridArgs& args) {
    cmd.add_option("--size", args.size, "Board size N (an N x N board, N in a row wins)")
        ->capture_default_str();
    cmd.add_option("--grid", args.grid,
                   "The N*N cell weights row by row, e.g. \"4 3 8 9 5 1 2 7 6\" (default: the "
                   "course's grid for 3x3 and 4x4, else 1..N*N)");
}

void add_table_options(CLI::App& cmd, SearchOptions& search) {
    cmd.add_flag("!--no-table", search.table, "Search without the transposition table");
    cmd.add_flag("!--no-ordering", search.ordering,
                 "Alpha-beta: search moves in row-major order instead of best-first");
    cmd.add_option("--buckets", search.buckets,
                   "Table buckets (default: 101 for 3x3, 200009 for 4x4, 1000003 above)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30));
    cmd.add_option("--table-mb", search.table_mb, "Table memory budget in MiB")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 16));
}

struct WeightedArgs {
    GridArgs grid;
    SessionOptions session;
    bool score_from_stdin = false;
    bool auto_mode = false, versus = false, manual = false;
    std::string side;
    bool table_demo = false;
};

// -s: the N*N weights come first on standard input, before any moves.
std::vector<int> read_grid(std::istream& in, int n) {
    std::string text;
    for (int i = 0; i < n * n; ++i) {
        std::string token;
        if (!(in >> token))
            throw Error(
                fmt::format("grid: a {}x{} board needs {} weights, standard input ended "
                            "after {}",
                            n, n, n * n, i));
        text += token + ' ';
    }
    return parse_weights(text, n);
}

// The game of --size and --grid, or of --size and the weights on `grid_input`.
GameSpec grid_game(const GridArgs& args, std::istream* grid_input) {
    if (args.size < 1 || args.size > kMaxFreeSide)
        throw Error(fmt::format("--size {} out of range 1..{}", args.size, kMaxFreeSide));
    std::vector<int> weights = grid_input          ? read_grid(*grid_input, args.size)
                               : args.grid.empty() ? default_weights(args.size)
                                                   : parse_weights(args.grid, args.size);
    return weighted_game(args.size, std::move(weights));
}

void run_weighted(WeightedArgs& args) {
    if (args.table_demo) return run_table_demo(std::cout);
    int modes = args.auto_mode + args.versus + args.manual;
    if (modes > 1)
        throw Error("choose one mode: --auto, --versus or --manual (the default is hinted)");
    if (args.score_from_stdin && !args.grid.grid.empty())
        throw Error("give the grid either with --score (standard input) or with --grid, not both");
    if (!args.side.empty() && !args.versus) throw Error("--side applies to --versus only");
    SessionOptions& s = args.session;
    s.mode = args.auto_mode ? Mode::Auto
             : args.versus  ? Mode::Versus
             : args.manual  ? Mode::Manual
                            : Mode::Hinted;
    s.side = args.side.empty()
                 ? 0
                 : static_cast<char>(std::toupper(static_cast<unsigned char>(args.side[0])));
    GameSpec spec = grid_game(args.grid, args.score_from_stdin ? &std::cin : nullptr);
    play_weighted(spec, s, std::cin, std::cout, std::cerr);
}

// Parses a board id; CLI11's own conversion would reject "-5" as an option
// and report overflow vaguely.
std::uint64_t parse_id(const std::string& text) {
    std::uint64_t id = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec == std::errc::result_out_of_range)
        throw Error(fmt::format("id {} out of range: over 64 bits", text));
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw Error(fmt::format("id '{}' is not a non-negative integer", text));
    return id;
}

void add_id_command(CLI::App& app) {
    struct IdArgs {
        int size = 3;
        std::string id;
        std::string board;
    };
    auto args = std::make_shared<IdArgs>();
    auto* cmd = app.add_subcommand(
        "id",
        "Board id <-> board (the course's id2board): id = sum of v * 3^(row*N+col), v = 0 "
        "empty, 1 X, 2 O");
    cmd->add_option("--size", args->size, "Board size N (ids fit in 64 bits up to 40 cells)")
        ->capture_default_str();
    auto* id = cmd->add_option("ID", args->id, "The id to draw as a board");
    auto* board = cmd->add_option("--board", args->board,
                                  "The board to give the id of: rows top to bottom, '/' between, "
                                  "e.g. OXO/.XX/.O.");
    id->excludes(board);
    cmd->callback([args] {
        if (args->size < 1 || args->size > kMaxFreeSide)
            throw Error(fmt::format("--size {} out of range 1..{}", args->size, kMaxFreeSide));
        GameSpec spec = make_game(args->size, args->size, args->size, Placement::Free);
        if (args->id.empty() && args->board.empty()) throw Error("id: give an ID or --board");
        if (!args->board.empty()) {
            if (!spec.has_id())
                throw Error(fmt::format("board too large for an id: {} cells, ids fit up to {}",
                                        spec.cells(), kMaxIdCells));
            std::cout << Position::from_board(spec, args->board).id() << '\n';
        } else {
            std::cout << board_drawing(Position::from_id(spec, parse_id(args->id)));
        }
    });
}

void add_tree_command(CLI::App& app) {
    struct TreeArgs {
        GridArgs grid;
        std::string moves, board, id;
        int depth = 2;
        SearchOptions search;
        std::size_t max_nodes = 2000;
    };
    auto args = std::make_shared<TreeArgs>();
    auto* cmd = app.add_subcommand(
        "tree",
        "The search tree of one weighted tic-tac-toe search as Graphviz DOT (render with "
        "`dot -Tsvg`, Debian package graphviz)");
    add_grid_options(*cmd, args->grid);
    add_table_options(*cmd, args->search);
    auto* moves = cmd->add_option("--moves", args->moves, "Start after these moves: row,col pairs");
    auto* board =
        cmd->add_option("--board", args->board, "Start from this board, e.g. OXO/.XX/...");
    auto* id = cmd->add_option("--id", args->id, "Start from the board with this id");
    moves->excludes(board)->excludes(id);
    board->excludes(id);
    cmd->add_option("-d,--depth", args->depth, "Search depth in plies")
        ->capture_default_str()
        ->check(kDepth);
    cmd->add_flag("--alphabeta", args->search.alphabeta, "Alpha-beta pruning");
    cmd->add_option("--max-nodes", args->max_nodes, "Refuse trees larger than this")
        ->capture_default_str();
    cmd->callback([args] {
        GameSpec spec = grid_game(args->grid, nullptr);
        Position pos = !args->board.empty() ? Position::from_board(spec, args->board)
                       : !args->id.empty()  ? Position::from_id(spec, parse_id(args->id))
                                            : Position::from_moves(spec, args->moves);
        if (weighted_result(pos) != Result::Ongoing)
            throw Error("the game is over in this position");
        WeightedSearch engine(spec, args->search);
        SearchTree tree(args->max_nodes);
        engine.search(pos, args->depth, &tree);
        std::cout << tree.dot();
    });
}

}  // namespace

void adopt_course_spellings(int argc, char** argv) {
    static char alphabeta[] = "--alphabeta";
    bool in_weighted = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0) return;
        if (!in_weighted)
            in_weighted = std::strcmp(argv[i], "weighted") == 0;
        else if (std::strcmp(argv[i], "-ab") == 0)
            argv[i] = alphabeta;
    }
}

void add_weighted_commands(CLI::App& app) {
    auto args = std::make_shared<WeightedArgs>();
    auto* cmd = app.add_subcommand(
        "weighted",
        "Weighted tic-tac-toe, the course program: hinted (default), --auto, --versus or --manual");
    add_grid_options(*cmd, args->grid);
    add_table_options(*cmd, args->session.search);
    cmd->add_option("-d,--depth", args->session.depth, "Search depth in plies")
        ->capture_default_str()
        ->check(kDepth);
    cmd->add_flag("-s,--score", args->score_from_stdin,
                  "Read the N*N weights from standard input (before any moves)");
    cmd->add_flag("--alphabeta", args->session.search.alphabeta,
                  "Alpha-beta pruning (the course's -ab is accepted too)");
    cmd->add_flag("-a,--auto", args->auto_mode, "The engine plays both sides, timed");
    cmd->add_flag("-v,--versus", args->versus, "Play against the engine");
    cmd->add_flag("-m,--manual", args->manual, "Two humans, no hints");
    cmd->add_option("--side", args->side, "Versus: your side, X or O (default: asked)")
        ->check(CLI::IsMember({"X", "O", "x", "o"}));
    cmd->add_flag("--stats", args->session.stats,
                  "Per engine move: nodes, table hits, table entries and time, on standard error");
    cmd->add_flag("--table-demo", args->table_demo,
                  "Run the seed's transposition-table check (the course's task 3) and exit");
    cmd->callback([args] { run_weighted(*args); });

    add_id_command(app);
    add_tree_command(app);
}

}  // namespace kinrow
