#include "distributed/job.hpp"

#include <sstream>

#include <fmt/format.h>

#include "core/error.hpp"

namespace kinrow::distributed {

std::string encode(const Job& job) {
    return fmt::format("{} {} {} {}", job.node, job.budget.nodes, job.budget.time_us, job.board);
}

std::string encode(const JobAnswer& answer) {
    return fmt::format("{} {} {} {:.6f}", answer.node, outcome_letter(answer.outcome), answer.nodes,
                       answer.seconds);
}

Job decode_job(std::string_view text) {
    std::istringstream in{std::string(text)};
    Job job;
    if (!(in >> job.node >> job.budget.nodes >> job.budget.time_us >> job.board) || job.node < 0)
        throw Error(fmt::format("malformed job message '{}'", text));
    return job;
}

JobAnswer decode_answer(std::string_view text) {
    std::istringstream in{std::string(text)};
    JobAnswer answer;
    char letter = 0;
    if (!(in >> answer.node >> letter >> answer.nodes >> answer.seconds) || answer.node < 0)
        throw Error(fmt::format("malformed answer message '{}'", text));
    answer.outcome = outcome_from_letter(letter);
    return answer;
}

char outcome_letter(Outcome outcome) {
    switch (outcome) {
        case Outcome::Win: return 'W';
        case Outcome::Draw: return 'D';
        case Outcome::Loss: return 'L';
        case Outcome::Unknown: break;
    }
    return '?';
}

Outcome outcome_from_letter(char letter) {
    switch (letter) {
        case 'W': return Outcome::Win;
        case 'D': return Outcome::Draw;
        case 'L': return Outcome::Loss;
        case '?': return Outcome::Unknown;
        default: throw Error(fmt::format("'{}' is not an outcome (W, D, L or ?)", letter));
    }
}

Outcome flip(Outcome outcome) {
    if (outcome == Outcome::Win) return Outcome::Loss;
    if (outcome == Outcome::Loss) return Outcome::Win;
    return outcome;
}

}  // namespace kinrow::distributed
