#include "web/search_watch.hpp"

#include <poll.h>

namespace kinrow::web {

namespace {

// How often the watch looks: a stopped search ends within about this long
// after its client left.
constexpr auto kPollInterval = std::chrono::milliseconds(20);

}  // namespace

SearchWatch::Ticket::Ticket(SearchWatch& watch, int socket, Clock::time_point deadline) : watch_(watch) {
    std::lock_guard lock(watch_.mutex_);
    entry_ = watch_.entries_.emplace(watch_.entries_.end());
    entry_->socket = socket;
    entry_->deadline = deadline;
    watch_.wake_.notify_one();
}

SearchWatch::Ticket::~Ticket() {
    std::lock_guard lock(watch_.mutex_);
    watch_.entries_.erase(entry_);
}

SearchWatch::SearchWatch() : thread_([this] { run(); }) {}

SearchWatch::~SearchWatch() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void SearchWatch::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        // Asleep while no search runs; then a look every kPollInterval.
        wake_.wait(lock, [this] { return quit_ || !entries_.empty(); });
        if (wake_.wait_for(lock, kPollInterval, [this] { return quit_; })) return;
        auto now = Clock::now();
        for (Entry& e : entries_) {
            if (e.stop.load()) continue;
            Reason reason = Reason::None;
            if (now >= e.deadline) reason = Reason::TimeCap;
            if (reason == Reason::None && e.socket >= 0) {
                // The request has been read whole; the peer's hang-up shows
                // as POLLRDHUP (POLLIN alone may be a pipelined request).
                pollfd p{e.socket, POLLRDHUP, 0};
                if (poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR))) reason = Reason::ClientGone;
            }
            if (reason != Reason::None) {
                e.reason = reason;
                e.stop = true;
            }
        }
    }
}

}  // namespace kinrow::web
