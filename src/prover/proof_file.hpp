// The proof file: a solution tree anyone can re-check (`kinrow verify`).
//
// A text file, one node a line, so that a proof can be read, diffed and
// checked by a program much simpler than the prover:
//
//   kinrow-proof 1
//   game mnk:5,5,5
//   position ...../...../...../...../.....
//   value draw
//   section O at-least-draw 3          <- claimer, claim, number of nodes
//   0 all 0,0=@1 0,1=@2 ... 4,4=1,1#   <- opponent to move: every legal move
//   1 play 2,2 @2                       <- claimer to move: one move
//   2 pair 0,0-0,1 1,1-2,3 ...          <- opponent to move, a pairing closes it
//   end
//   section X at-least-draw 12
//   ...
//   end
//
// A claim is `win` (the claimer wins against every defence) or
// `at-least-draw` (the opponent never completes a line). Node 0 is the
// position; nodes refer to others by `@id`, to any position equal to it up to
// a symmetry of the board (the proof is a DAG). After a claimer move comes
// `#` (the game is over: a claimer win, or for at-least-draw claims a draw),
// `*` (every opponent reply leaves the claimer a cell that completes a line)
// or `@id`. An entry of an `all` node is `move=#`, `move=@id`, or
// `move=reply` followed by the claimer step's `#`, `*` or ` @id` (so
// `2,2=1,1#` means "after 2,2 the claimer wins with 1,1"). A `pair` node
// lists disjoint pairs of empty cells such that every window without a
// claimer stone holds both cells of one pair. Moves are `row,col` from 0.
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "rules/position.hpp"

namespace kinrow::prover {

enum class Claim : std::uint8_t { Win, AtLeastDraw };

// What follows a claimer's move.
enum class Then : std::uint8_t { GameOver, DoubleThreat, Node };
struct Step {
    Move move = kNoMove;
    Then then = Then::Node;
    int node = -1;  // Then::Node
};

// One opponent move of an `all` node and what follows it.
struct Entry {
    enum class Kind : std::uint8_t { GameOver, Node, Reply };
    Move move = kNoMove;
    Kind kind = Kind::Node;
    int node = -1;  // Kind::Node
    Step reply;     // Kind::Reply
};

struct ProofNode {
    enum class Type : std::uint8_t { Play, All, Pairing };
    Type type = Type::Play;
    Step play;                              // Play
    std::vector<Entry> entries;             // All
    std::vector<std::pair<Move, Move>> pairs;  // Pairing
};

struct ProofSection {
    Player claimer = Player::X;
    Claim claim = Claim::Win;
    std::vector<ProofNode> nodes;  // nodes[0] is the position
};

struct ProofFile {
    std::string game;      // a game name parse_game accepts
    std::string position;  // board rows joined by '/'
    std::string value;     // win | draw | loss, for the side to move
    std::vector<ProofSection> sections;
};

const char* claim_name(Claim c);

// Writes the documented text form; `width` turns cells into row,col.
void write_proof(std::ostream& out, const ProofFile& proof, int width);
// Parses the text form. Throws Error naming the line and what is wrong with
// it (syntax, a cell off the board, a truncated file); the meaning is left
// to the verifier.
ProofFile read_proof(std::istream& in);

}  // namespace kinrow::prover
