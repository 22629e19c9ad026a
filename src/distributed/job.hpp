// A job: one position of the coordinator's proof tree, sent to a worker rank
// with a budget, and the worker's answer. Both travel as one line of text, so
// the messages are readable in logs and need no MPI datatypes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/types.hpp"
#include "distributed/run_options.hpp"

namespace kinrow::distributed {


struct Job {
    int node = -1;      // the proof-tree node the position belongs to
    std::string board;  // Position::board_string() of the position
    Budget budget;
};

struct JobAnswer {
    int node = -1;
    // The value for the side to move, proven by the worker's engine, or
    // Unknown when the budget ran out first.
    Outcome outcome = Outcome::Unknown;
    std::uint64_t nodes = 0;  // the work it took
    double seconds = 0;
};

std::string encode(const Job& job);
std::string encode(const JobAnswer& answer);
// The inverses; throw Error on a malformed message.
Job decode_job(std::string_view text);
JobAnswer decode_answer(std::string_view text);

// 'W', 'D', 'L', '?' and back (Error on anything else): the one-letter form
// of an outcome in messages, checkpoints and job logs.
char outcome_letter(Outcome outcome);
Outcome outcome_from_letter(char letter);
// Win <-> Loss: the value of the same game seen by the other side.
Outcome flip(Outcome outcome);

}  // namespace kinrow::distributed
