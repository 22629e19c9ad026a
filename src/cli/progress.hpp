// A progress line on standard error for work longer than a second: quiet for
// quick commands, so output stays clean for scripts, and alive for long ones.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace kinrow {

class ProgressLine {
public:
    using Clock = std::chrono::steady_clock;

    double elapsed_seconds() const {
        return std::chrono::duration<double>(Clock::now() - start_).count();
    }

    // Shows `text` (overwriting the previous line) once a second has passed,
    // at most a few times per second.
    void update(const std::string& text) {
        auto now = Clock::now();
        if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(250))
            return;
        last_ = now;
        shown_ = true;
        fmt::print(stderr, "\r{} [{:.1f} s]\033[K", text, elapsed_seconds());
        std::fflush(stderr);
    }

    // Ends the line if one was shown.
    void finish() {
        if (shown_) fmt::print(stderr, "\n");
        shown_ = false;
    }

    ~ProgressLine() { finish(); }

private:
    Clock::time_point start_ = Clock::now();
    Clock::time_point last_{};
    bool shown_ = false;
};

}  // namespace kinrow
