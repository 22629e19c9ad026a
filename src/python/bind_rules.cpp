// Game (a GameSpec) and State (a Position) in OpenSpiel's terms: integer
// actions, players 0 (X, first) and 1 (O), returns per player.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "rules/game.hpp"
#include "rules/position.hpp"

namespace py = pybind11;

namespace kinrow::python {

namespace {

// OpenSpiel's player id of a finished game (pyspiel.PlayerId.TERMINAL).
constexpr int kTerminalPlayer = -4;

Move parse_played_move(const Position& pos, const std::variant<int, std::string>& move) {
    if (pos.game_over())
        throw Error(fmt::format("move {} comes after the game ended", pos.history().size() + 1));
    if (const int* action = std::get_if<int>(&move)) return from_action(pos, *action);
    return pos.parse_move(std::get<std::string>(move));
}

std::vector<double> returns_of(const Position& pos) {
    switch (pos.result()) {
        case Result::XWins: return {1.0, -1.0};
        case Result::OWins: return {-1.0, 1.0};
        case Result::Draw:
        case Result::Ongoing: break;
    }
    return {0.0, 0.0};
}

py::array_t<std::uint8_t> board_array(const Position& pos) {
    py::array_t<std::uint8_t> board({pos.height(), pos.width()});
    auto cells = board.mutable_unchecked<2>();
    for (int r = 0; r < pos.height(); ++r)
        for (int c = 0; c < pos.width(); ++c) cells(r, c) = static_cast<std::uint8_t>(pos.at(pos.cell(r, c)));
    return board;
}

std::string game_repr(const GameSpec& spec) { return fmt::format("kinrow.Game('{}')", spec.name()); }

void bind_game(py::module_& m) {
    py::class_<GameSpec>(m, "Game", "The rules of one k-in-a-row game.")
        .def(py::init(&parse_game), py::arg("name"),
             "A game by name: tictactoe, connect4, gomoku, gomoku-standard, mnk:M,N,K[:exact], connect:W,H,K.")
        .def(py::init([](int width, int height, int k, bool gravity, bool exact) {
                 return make_game(width, height, k, gravity ? Placement::Gravity : Placement::Free,
                                  exact ? WinRule::ExactlyK : WinRule::AtLeastK);
             }),
             py::kw_only(), py::arg("width"), py::arg("height"), py::arg("k"), py::arg("gravity") = false,
             py::arg("exact") = false,
             "A game by size: width x height, k in a row; gravity drops stones (Connect-k); exact wins with "
             "exactly k only.")
        .def_property_readonly("name", &GameSpec::name, "The canonical name (parse it back with Game(name)).")
        .def_readonly("width", &GameSpec::width)
        .def_readonly("height", &GameSpec::height)
        .def_readonly("k", &GameSpec::k)
        .def_property_readonly("gravity", &GameSpec::gravity)
        .def_property_readonly("exact", [](const GameSpec& g) { return g.win_rule == WinRule::ExactlyK; },
                               "Only exactly k in a row wins (gomoku-standard).")
        .def_property_readonly("num_players", [](const GameSpec&) { return 2; })
        .def_property_readonly(
            "num_distinct_actions", [](const GameSpec& g) { return g.gravity() ? g.width : g.cells(); },
            "Columns on gravity boards, cells otherwise.")
        .def(
            "new_state", [](const GameSpec& g, const std::string& moves) { return Position::from_moves(g, moves); },
            py::arg("moves") = "", "The position after `moves` (the command line's notation), or the empty board.")
        .def(
            "state_from_board", [](const GameSpec& g, const std::string& rows) { return Position::from_board(g, rows); },
            py::arg("rows"), "A position from rows of . X O, top to bottom, separated by / (no history: no undo).")
        .def(py::self == py::self)
        .def("__hash__", [](const GameSpec& g) { return py::hash(py::str(g.name())); })
        // Pickled as its name, e.g. to hand games to multiprocessing workers.
        .def(py::pickle([](const GameSpec& g) { return g.name(); },
                        [](const std::string& name) { return parse_game(name); }))
        .def("__repr__", &game_repr);
}

void bind_state(py::module_& m) {
    py::class_<Position>(m, "State", "A position of a game; play and undo change it in place.")
        .def_property_readonly("game", &Position::spec)
        .def("legal_moves", [](const Position& pos) {
                 std::vector<int> actions;
                 if (pos.game_over()) return actions;
                 for (Move move : pos.legal_moves()) actions.push_back(to_action(pos, move));
                 return actions;
             },
             "The legal actions in board order (columns on gravity boards); none once the game is over.")
        .def("play", [](Position& pos, const std::variant<int, std::string>& move) {
                 pos.play(parse_played_move(pos, move));
             },
             py::arg("move"), "Plays an action (int) or a move in the command line's notation (str).")
        .def("undo", [](Position& pos) {
                 if (pos.history().empty()) throw Error("no move to undo");
                 pos.undo();
             },
             "Takes back the last move.")
        .def("is_terminal", &Position::game_over)
        .def("returns", &returns_of, "[X's, O's]: 1 for a win, -1 for a loss, 0 for a draw or an unfinished game.")
        .def("current_player", [](const Position& pos) {
                 return pos.game_over() ? kTerminalPlayer : static_cast<int>(pos.side_to_move());
             },
             "0 (X, who moves first) or 1 (O); -4 once the game is over, as in OpenSpiel.")
        .def("clone", [](const Position& pos) { return pos; })
        .def("__copy__", [](const Position& pos) { return pos; })
        .def("__deepcopy__", [](const Position& pos, py::dict) { return pos; }, py::arg("memo"))
        .def("history", [](const Position& pos) {
                 std::vector<int> actions;
                 for (Move move : pos.history()) actions.push_back(to_action(pos, move));
                 return actions;
             },
             "The actions played so far.")
        .def("moves", [](const Position& pos) {
                 std::vector<std::string> moves;
                 for (Move move : pos.history()) moves.push_back(pos.move_string(move));
                 return moves;
             },
             "The moves played so far in the command line's notation.")
        .def("action_to_string", [](const Position& pos, int action) {
                 return pos.move_string(from_action(pos, action));
             },
             py::arg("action"))
        .def("string_to_action", [](const Position& pos, const std::string& move) {
                 return to_action(pos, pos.parse_move(move));
             },
             py::arg("move"))
        .def("board", &board_array, "The board as a new (height, width) uint8 array: 0 empty, 1 X, 2 O; row 0 at the top.")
        .def_property_readonly("num_stones", &Position::stones)
        // Pickled as the game's name and the moves (or, with no history, the board).
        .def(py::pickle(
            [](const Position& pos) {
                const bool moves = static_cast<int>(pos.history().size()) == pos.stones();
                return py::make_tuple(pos.spec().name(), moves, moves ? pos.move_list_string() : pos.board_string());
            },
            [](const py::tuple& t) {
                GameSpec spec = parse_game(t[0].cast<std::string>());
                auto text = t[2].cast<std::string>();
                return t[1].cast<bool>() ? Position::from_moves(spec, text) : Position::from_board(spec, text);
            }))
        .def("__str__", [](const Position& pos) {
            std::string text = pos.diagram();
            while (!text.empty() && text.back() == '\n') text.pop_back();
            return text;
        })
        .def("__repr__", [](const Position& pos) {
            return fmt::format("kinrow.State('{}', board='{}')", pos.spec().name(), pos.board_string());
        });
}

}  // namespace

int to_action(const Position& pos, Move move) { return pos.spec().gravity() ? pos.col_of(move) : move; }

Move from_action(const Position& pos, int action) {
    const int actions = pos.spec().gravity() ? pos.width() : pos.cells();
    if (action < 0 || action >= actions)
        throw Error(fmt::format("bad action {}: out of range 0..{}", action, actions - 1));
    if (pos.spec().gravity()) return pos.parse_move(std::to_string(action + 1));
    return pos.parse_move(fmt::format("{},{}", pos.row_of(action), pos.col_of(action)));
}

void bind_rules(py::module_& m) {
    bind_game(m);
    bind_state(m);
}

}  // namespace kinrow::python
