#include "prover/proof_file.hpp"

#include <charconv>
#include <istream>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "core/error.hpp"
#include "rules/game.hpp"

namespace kinrow::prover {

namespace {

constexpr const char* kMagic = "kinrow-proof 1";

std::string cell_text(Move m, int width) { return fmt::format("{},{}", m / width, m % width); }

std::string then_text(const Step& s, int width) {
    std::string text = cell_text(s.move, width);
    if (s.then == Then::GameOver) return text + "#";
    if (s.then == Then::DoubleThreat) return text + "*";
    return text + " @" + std::to_string(s.node);
}

// Reads the file line by line and reports errors with the line number.
class Reader {
public:
    explicit Reader(std::istream& in) : in_(in) {}

    bool next(std::string& line) {
        while (std::getline(in_, line)) {
            ++number_;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (!line.empty()) return true;
        }
        return false;
    }
    std::string expect(const std::string& what) {
        std::string line;
        if (!next(line)) throw Error(fmt::format("proof file: ends before the {} line (truncated?)", what));
        return line;
    }
    [[noreturn]] void fail(const std::string& why) const {
        throw Error(fmt::format("proof file line {}: {}", number_, why));
    }
    std::string field(const std::string& line, const std::string& keyword) const {
        if (line.rfind(keyword + " ", 0) != 0) fail(fmt::format("expected '{} ...', got '{}'", keyword, line));
        return line.substr(keyword.size() + 1);
    }

    int number(std::string_view text, const char* what) const {
        int value = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size() || value < 0)
            fail(fmt::format("'{}' is not a valid {}", text, what));
        return value;
    }
    Move cell(std::string_view text, const GameSpec& spec) const {
        auto comma = text.find(',');
        if (comma == std::string_view::npos) fail(fmt::format("'{}' is not a cell (row,col)", text));
        int row = number(text.substr(0, comma), "row"), col = number(text.substr(comma + 1), "column");
        if (row >= spec.height || col >= spec.width)
            fail(fmt::format("cell {} is off the {}x{} board", text, spec.width, spec.height));
        return row * spec.width + col;
    }
    // `r,c#`, `r,c*` (one token) or `r,c` followed by `@id` (two tokens).
    Step step(std::istringstream& tokens, std::string token, const GameSpec& spec) const {
        Step s;
        if (!token.empty() && (token.back() == '#' || token.back() == '*')) {
            s.then = token.back() == '#' ? Then::GameOver : Then::DoubleThreat;
            token.pop_back();
            s.move = cell(token, spec);
            return s;
        }
        s.move = cell(token, spec);
        std::string ref;
        if (!(tokens >> ref) || ref.size() < 2 || ref[0] != '@')
            fail(fmt::format("the move {} must be followed by #, * or @node", token));
        s.node = number(std::string_view(ref).substr(1), "node id");
        return s;
    }

private:
    std::istream& in_;
    int number_ = 0;
};

ProofNode parse_node(Reader& reader, const std::string& line, int expected_id, const GameSpec& spec) {
    std::istringstream tokens(line);
    std::string id_text, type;
    tokens >> id_text >> type;
    if (reader.number(id_text, "node id") != expected_id)
        reader.fail(fmt::format("expected node {}, got '{}'", expected_id, id_text));
    ProofNode node;
    std::string token;
    if (type == "play") {
        node.type = ProofNode::Type::Play;
        if (!(tokens >> token)) reader.fail("a play node needs a move");
        node.play = reader.step(tokens, token, spec);
    } else if (type == "all") {
        node.type = ProofNode::Type::All;
        while (tokens >> token) {
            auto eq = token.find('=');
            if (eq == std::string::npos) reader.fail(fmt::format("'{}' is not an entry move=...", token));
            Entry e;
            e.move = reader.cell(std::string_view(token).substr(0, eq), spec);
            std::string rest = token.substr(eq + 1);
            if (rest == "#") {
                e.kind = Entry::Kind::GameOver;
            } else if (!rest.empty() && rest[0] == '@') {
                e.kind = Entry::Kind::Node;
                e.node = reader.number(std::string_view(rest).substr(1), "node id");
            } else {
                e.kind = Entry::Kind::Reply;
                e.reply = reader.step(tokens, rest, spec);
            }
            node.entries.push_back(e);
        }
    } else if (type == "pair") {
        node.type = ProofNode::Type::Pairing;
        while (tokens >> token) {
            auto dash = token.find('-');
            if (dash == std::string::npos) reader.fail(fmt::format("'{}' is not a pair a-b", token));
            node.pairs.emplace_back(reader.cell(std::string_view(token).substr(0, dash), spec),
                                    reader.cell(std::string_view(token).substr(dash + 1), spec));
        }
    } else {
        reader.fail(fmt::format("unknown node type '{}' (play, all or pair)", type));
    }
    return node;
}

}  // namespace

const char* claim_name(Claim c) { return c == Claim::Win ? "win" : "at-least-draw"; }

void write_proof(std::ostream& out, const ProofFile& proof, int width) {
    out << kMagic << "\ngame " << proof.game << "\nposition " << proof.position << "\nvalue " << proof.value
        << "\n";
    for (const ProofSection& section : proof.sections) {
        out << "section " << player_char(section.claimer) << ' ' << claim_name(section.claim) << ' '
            << section.nodes.size() << '\n';
        for (std::size_t id = 0; id < section.nodes.size(); ++id) {
            const ProofNode& node = section.nodes[id];
            out << id;
            switch (node.type) {
                case ProofNode::Type::Play: out << " play " << then_text(node.play, width); break;
                case ProofNode::Type::All:
                    out << " all";
                    for (const Entry& e : node.entries) {
                        out << ' ' << cell_text(e.move, width) << '=';
                        if (e.kind == Entry::Kind::GameOver) out << '#';
                        if (e.kind == Entry::Kind::Node) out << '@' << e.node;
                        if (e.kind == Entry::Kind::Reply) out << then_text(e.reply, width);
                    }
                    break;
                case ProofNode::Type::Pairing:
                    out << " pair";
                    for (const auto& [a, b] : node.pairs) out << ' ' << cell_text(a, width) << '-' << cell_text(b, width);
                    break;
            }
            out << '\n';
        }
        out << "end\n";
    }
}

ProofFile read_proof(std::istream& in) {
    Reader reader(in);
    std::string line;
    if (!reader.next(line) || line != kMagic) throw Error("not a kinrow proof file (the first line must be 'kinrow-proof 1')");
    ProofFile proof;
    proof.game = reader.field(reader.expect("game"), "game");
    GameSpec spec;
    try {
        spec = parse_game(proof.game);
    } catch (const Error& e) {
        reader.fail(e.what());
    }
    proof.position = reader.field(reader.expect("position"), "position");
    proof.value = reader.field(reader.expect("value"), "value");
    if (proof.value != "win" && proof.value != "draw" && proof.value != "loss")
        reader.fail(fmt::format("the value must be win, draw or loss, got '{}'", proof.value));
    while (reader.next(line)) {
        std::istringstream header(reader.field(line, "section"));
        std::string who, claim, count_text;
        header >> who >> claim >> count_text;
        ProofSection section;
        if (who != "X" && who != "O") reader.fail(fmt::format("the claimer must be X or O, got '{}'", who));
        section.claimer = who == "X" ? Player::X : Player::O;
        if (claim != "win" && claim != "at-least-draw")
            reader.fail(fmt::format("the claim must be win or at-least-draw, got '{}'", claim));
        section.claim = claim == "win" ? Claim::Win : Claim::AtLeastDraw;
        int count = reader.number(count_text, "node count");
        if (count == 0) reader.fail("a section needs at least its root node");
        for (int id = 0; id < count; ++id) {
            if (!reader.next(line))
                throw Error(fmt::format("proof file: ends after node {} of {} in section {} (truncated)", id - 1,
                                        count, proof.sections.size() + 1));
            section.nodes.push_back(parse_node(reader, line, id, spec));
        }
        if (!reader.next(line) || line != "end")
            reader.fail(fmt::format("section {} must close with 'end' after its {} nodes (truncated?)",
                                    proof.sections.size() + 1, count));
        proof.sections.push_back(std::move(section));
    }
    if (proof.sections.empty()) throw Error("proof file: no section (truncated?)");
    return proof;
}

}  // namespace kinrow::prover
