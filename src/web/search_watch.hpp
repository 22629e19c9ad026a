// Stops searches nobody waits for any more. One thread watches every running
// search: when its client closes the connection, or the server's time cap
// passes, it sets the search's stop flag (engine::Options::stop), and the
// engine returns what it has or throws engine::Stopped.
//
// cpp-httplib (0.11, Debian bookworm) does not tell a handler that its client
// left, so the watch polls the connection's socket (find_connection_socket)
// for the peer's hang-up.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>

namespace kinrow::web {

class SearchWatch {
public:
    using Clock = std::chrono::steady_clock;
    enum class Reason { None, ClientGone, TimeCap };

    struct Entry {
        int socket;  // -1: watch the deadline only
        Clock::time_point deadline;
        std::atomic<bool> stop{false};
        std::atomic<Reason> reason{Reason::None};
    };

    // Watches one search while alive: its stop flag is entry().stop.
    class Ticket {
    public:
        Ticket(SearchWatch& watch, int socket, Clock::time_point deadline);
        ~Ticket();
        Ticket(const Ticket&) = delete;
        Ticket& operator=(const Ticket&) = delete;
        const std::atomic<bool>* stop_flag() const { return &entry_->stop; }
        Reason reason() const { return entry_->reason.load(); }

    private:
        SearchWatch& watch_;
        std::list<Entry>::iterator entry_;
    };

    SearchWatch();
    ~SearchWatch();
    SearchWatch(const SearchWatch&) = delete;
    SearchWatch& operator=(const SearchWatch&) = delete;

private:
    void run();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::list<Entry> entries_;  // a list: tickets keep iterators into it
    bool quit_ = false;
    std::thread thread_;
};

}  // namespace kinrow::web
