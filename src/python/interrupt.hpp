// Ctrl-C during a search. Python's own SIGINT handler only notes the signal,
// and Python raises KeyboardInterrupt when the main thread next runs Python
// code, which it does not while a search runs in C++. So while a search runs
// on the main thread, a handler in front of Python's also sets the search's
// stop flag (engine::Options::stop) and then hands the signal on to Python's;
// when the search has returned, PyErr_CheckSignals raises the
// KeyboardInterrupt. That costs two sigaction calls, well under a microsecond,
// where a watcher thread per search would cost tens of microseconds to start,
// more than the easy positions take to solve.
//
// Only the main thread receives KeyboardInterrupt in Python; searches on other
// threads run to their end. A SIGINT that Python ignores (signal.SIG_IGN) or
// leaves to the default action is left alone.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <csignal>

#include "engine/engine.hpp"

namespace kinrow::python {

// Records the main thread; called once, when the module is imported.
void remember_main_thread();

class InterruptibleSearch {
public:
    InterruptibleSearch();  // with the GIL
    ~InterruptibleSearch();
    InterruptibleSearch(const InterruptibleSearch&) = delete;
    InterruptibleSearch& operator=(const InterruptibleSearch&) = delete;

    const std::atomic<bool>* stop_flag() const { return &stop_; }
    // With the GIL, after the search: gives SIGINT back to Python alone and
    // raises what its handler raised (KeyboardInterrupt) if Ctrl-C came.
    void finish();

private:
    void restore();

    std::atomic<bool> stop_{false};
    bool installed_ = false;
};

// Runs search(stop_flag) without the GIL, interruptible by Ctrl-C.
template <class Search>
auto run_interruptible(Search&& search) {
    InterruptibleSearch guard;
    try {
        auto result = [&] {
            pybind11::gil_scoped_release released;
            return search(guard.stop_flag());
        }();
        guard.finish();
        return result;
    } catch (const engine::Stopped&) {
        guard.finish();  // the flag is set: raises KeyboardInterrupt
        throw;
    }
}

}  // namespace kinrow::python
