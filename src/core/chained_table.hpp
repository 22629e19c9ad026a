// ChainedTable: the textbook dictionary — separate chaining over a fixed
// number of buckets — kept as a first-class table so the seeds' experiments
// (the same search with 10, 1,000 and 100,000 buckets, or with none) can be
// run against our fixed-memory transposition table.
//
// Chains are singly linked lists threaded through one node pool with a free
// list, so a remove/insert cycle reuses memory instead of fragmenting the heap,
// and clear() keeps the pool's capacity for the next game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kinrow {

// Identity for integer keys: the seeds define bucket = id mod table size.
struct IdentityHash {
    std::uint64_t operator()(std::uint64_t key) const { return key; }
};

// FNV-1a: a fixed string hash, so bucket statistics are the same everywhere.
struct StringHash {
    std::uint64_t operator()(std::string_view s) const {
        std::uint64_t h = 0xcbf29ce484222325ULL;
        for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
        return h;
    }
};

enum class InsertResult {
    Inserted,           // into an empty bucket
    InsertedCollision,  // into a bucket that already held other keys
    Duplicate,          // the key was present; nothing changed
};

template <typename Key, typename Value, typename Hash = IdentityHash>
class ChainedTable {
public:
    explicit ChainedTable(std::size_t buckets) : heads_(buckets == 0 ? 1 : buckets, kNil) {}

    std::size_t bucket_count() const { return heads_.size(); }
    std::size_t size() const { return size_; }
    std::size_t bucket_of(const Key& key) const { return hash_(key) % heads_.size(); }

    // Inserts key -> value unless the key is present (then nothing changes).
    InsertResult insert(const Key& key, const Value& value) {
        std::size_t b = bucket_of(key);
        for (std::uint32_t i = heads_[b]; i != kNil; i = nodes_[i].next)
            if (nodes_[i].key == key) return InsertResult::Duplicate;
        bool collision = heads_[b] != kNil;
        std::uint32_t node = allocate(key, value, heads_[b]);
        heads_[b] = node;
        ++size_;
        return collision ? InsertResult::InsertedCollision : InsertResult::Inserted;
    }

    Value* find(const Key& key) {
        for (std::uint32_t i = heads_[bucket_of(key)]; i != kNil; i = nodes_[i].next)
            if (nodes_[i].key == key) return &nodes_[i].value;
        return nullptr;
    }
    const Value* find(const Key& key) const { return const_cast<ChainedTable*>(this)->find(key); }

    // Removes the key; false if it was absent.
    bool remove(const Key& key) {
        for (std::uint32_t* link = &heads_[bucket_of(key)]; *link != kNil;
             link = &nodes_[*link].next) {
            if (nodes_[*link].key == key) {
                std::uint32_t dead = *link;
                *link = nodes_[dead].next;
                nodes_[dead].next = free_;
                free_ = dead;
                --size_;
                return true;
            }
        }
        return false;
    }

    // Visits every (key, value) pair, bucket by bucket.
    template <typename Visit>
    void for_each(Visit&& visit) const {
        for (std::uint32_t head : heads_)
            for (std::uint32_t i = head; i != kNil; i = nodes_[i].next) visit(nodes_[i].key, nodes_[i].value);
    }

    void clear() {
        std::fill(heads_.begin(), heads_.end(), kNil);
        nodes_.clear();
        free_ = kNil;
        size_ = 0;
    }

    // Approximate heap use, for memory reports and limits.
    std::size_t memory_bytes() const {
        return heads_.capacity() * sizeof(std::uint32_t) + nodes_.capacity() * sizeof(Node);
    }

private:
    static constexpr std::uint32_t kNil = UINT32_MAX;
    struct Node {
        Key key;
        Value value;
        std::uint32_t next;
    };

    std::uint32_t allocate(const Key& key, const Value& value, std::uint32_t next) {
        if (free_ != kNil) {
            std::uint32_t i = free_;
            free_ = nodes_[i].next;
            nodes_[i] = Node{key, value, next};
            return i;
        }
        nodes_.push_back(Node{key, value, next});
        return static_cast<std::uint32_t>(nodes_.size() - 1);
    }

    std::vector<std::uint32_t> heads_;
    std::vector<Node> nodes_;
    std::uint32_t free_ = kNil;
    std::size_t size_ = 0;
    Hash hash_{};
};

}  // namespace kinrow
