// A bounded number of searches at once, and a bounded queue in front of
// them: a request either gets a slot within the wait limit or is turned
// away (HTTP 503), so a burst of requests cannot pile up unbounded work.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>

namespace kinrow::web {

class SearchSlots {
public:
    SearchSlots(int running, int waiting) : max_running_(running), max_waiting_(waiting) {}

    // A slot held for one search; given back when the lease ends.
    class Lease {
    public:
        explicit Lease(SearchSlots& slots) : slots_(&slots) {}
        Lease(Lease&& other) noexcept : slots_(std::exchange(other.slots_, nullptr)) {}
        Lease& operator=(Lease&&) = delete;
        ~Lease() {
            if (slots_) slots_->release();
        }

    private:
        SearchSlots* slots_;
    };

    // A lease, or nothing when the queue is full or no slot came free
    // within `wait`.
    std::optional<Lease> lease(std::chrono::milliseconds wait) {
        if (!acquire(wait)) return std::nullopt;
        return Lease(*this);
    }

    int running() const {
        std::lock_guard lock(mutex_);
        return running_;
    }
    int waiting() const {
        std::lock_guard lock(mutex_);
        return waiting_;
    }

private:
    bool acquire(std::chrono::milliseconds wait) {
        std::unique_lock lock(mutex_);
        if (running_ >= max_running_) {
            if (waiting_ >= max_waiting_) return false;
            ++waiting_;
            bool got = freed_.wait_for(lock, wait, [this] { return running_ < max_running_; });
            --waiting_;
            if (!got) return false;
        }
        ++running_;
        return true;
    }

    void release() {
        {
            std::lock_guard lock(mutex_);
            --running_;
        }
        freed_.notify_one();
    }

    const int max_running_, max_waiting_;
    mutable std::mutex mutex_;
    std::condition_variable freed_;
    int running_ = 0, waiting_ = 0;
};

}  // namespace kinrow::web
