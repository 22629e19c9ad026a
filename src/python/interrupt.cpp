#include "python/interrupt.hpp"

#include <pythread.h>

namespace kinrow::python {

namespace {

unsigned long main_thread_id = 0;
// The stop flag of the search running on the main thread (at most one), and
// the handler that was in place before it started.
std::atomic<std::atomic<bool>*> active_stop{nullptr};
struct sigaction previous_action {};

bool is_handler(const struct sigaction& a) {
    return (a.sa_flags & SA_SIGINFO) || (a.sa_handler != SIG_DFL && a.sa_handler != SIG_IGN);
}

// Async-signal-safe: an atomic store, then Python's handler, which is.
void on_sigint(int signal, siginfo_t* info, void* context) {
    if (std::atomic<bool>* stop = active_stop.load()) stop->store(true);
    if (previous_action.sa_flags & SA_SIGINFO)
        previous_action.sa_sigaction(signal, info, context);
    else
        previous_action.sa_handler(signal);
}

}  // namespace

void remember_main_thread() {
    main_thread_id = pybind11::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

InterruptibleSearch::InterruptibleSearch() {
    if (PyThread_get_thread_ident() != main_thread_id) return;
    // Read first, then replace: on_sigint may run as soon as it is in place.
    sigaction(SIGINT, nullptr, &previous_action);
    if (!is_handler(previous_action)) return;
    struct sigaction ours {};
    ours.sa_sigaction = on_sigint;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&ours.sa_mask);
    active_stop.store(&stop_);
    sigaction(SIGINT, &ours, nullptr);
    installed_ = true;
}

InterruptibleSearch::~InterruptibleSearch() { restore(); }

void InterruptibleSearch::restore() {
    if (!installed_) return;
    sigaction(SIGINT, &previous_action, nullptr);
    active_stop.store(nullptr);
    installed_ = false;
}

void InterruptibleSearch::finish() {
    restore();
    if (PyErr_CheckSignals() != 0) throw pybind11::error_already_set();
    // Stopped by a SIGINT whose Python handler did not raise: the search has
    // no answer to give, so the interrupt is still what the caller gets.
    if (stop_.load()) {
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw pybind11::error_already_set();
    }
}

}  // namespace kinrow::python
