// One exception type for every user-facing failure: bad input, impossible
// positions, unsupported sizes. The front ends print what() on one line and
// exit non-zero, so messages must name the problem without a stack of context.
#pragma once

#include <stdexcept>
#include <string>

namespace kinrow {

struct Error : std::runtime_error {
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace kinrow
