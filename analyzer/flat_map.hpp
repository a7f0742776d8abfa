// A hash map kept in insertion order for the solver's small, hot maps (a function's variables, field
// contents, edges and interning tables). Entries live in one vector in the order they were added, and an
// open-addressing table of indices finds them. The solver copies its heap at every branch and probes it at
// every field access: a node-based map allocated per entry and missed the cache on most probes.
//
// Unlike std::unordered_map: adding or erasing an entry may move the others (references and iterators
// taken before are invalid after it). Iteration follows insertion order until an erase, which moves the
// last entry into the erased one's place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

namespace cyclecheck {

template <typename Key, typename Value, typename Hash>
class FlatMap {
 public:
  using value_type = std::pair<Key, Value>;
  using iterator = value_type*;
  using const_iterator = const value_type*;

  iterator begin() { return entries_.data(); }
  iterator end() { return entries_.data() + entries_.size(); }
  const_iterator begin() const { return entries_.data(); }
  const_iterator end() const { return entries_.data() + entries_.size(); }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  iterator find(const Key& key) {
    const uint32_t index = index_of(key);
    return index == kEmpty ? end() : entries_.data() + index;
  }
  const_iterator find(const Key& key) const {
    const uint32_t index = index_of(key);
    return index == kEmpty ? end() : entries_.data() + index;
  }
  size_t count(const Key& key) const { return index_of(key) == kEmpty ? 0 : 1; }
  const Value& at(const Key& key) const {
    const uint32_t index = index_of(key);
    if (index == kEmpty) throw std::out_of_range("FlatMap::at");
    return entries_[index].second;
  }

  // Adds key with a value made from args unless key is there; says which entry and whether it was added.
  template <typename... Args>
  std::pair<iterator, bool> try_emplace(const Key& key, Args&&... args) {
    if (slots_.empty()) grow();
    uint32_t* slot = slot_for(key);
    if (*slot != kEmpty) return {entries_.data() + *slot, false};
    // Grown only when an entry is added: looking up a present key never moves the entries.
    if ((entries_.size() + 1) * 2 > slots_.size()) {
      grow();
      slot = slot_for(key);
    }
    *slot = static_cast<uint32_t>(entries_.size());
    entries_.emplace_back(std::piecewise_construct, std::forward_as_tuple(key),
                          std::forward_as_tuple(std::forward<Args>(args)...));
    return {&entries_.back(), true};
  }
  template <typename V>
  std::pair<iterator, bool> emplace(const Key& key, V&& value) {
    return try_emplace(key, std::forward<V>(value));
  }
  Value& operator[](const Key& key) { return try_emplace(key).first->second; }

  // Removes key if present, moving the last entry into its place (so iteration order changes).
  size_t erase(const Key& key) {
    if (slots_.empty()) return 0;
    const size_t mask = slots_.size() - 1;
    size_t hole = home(key);
    while (slots_[hole] != kEmpty && !(entries_[slots_[hole]].first == key)) hole = (hole + 1) & mask;
    if (slots_[hole] == kEmpty) return 0;
    const uint32_t removed = slots_[hole];
    // Backward-shift deletion: pull later entries of the probe run into the hole when their home slot
    // lies at or before it, so every remaining key stays reachable from its home slot.
    for (size_t next = (hole + 1) & mask; slots_[next] != kEmpty; next = (next + 1) & mask) {
      const size_t next_home = home(entries_[slots_[next]].first);
      const bool movable =
          hole <= next ? (next_home <= hole || next_home > next) : (next_home <= hole && next_home > next);
      if (movable) {
        slots_[hole] = slots_[next];
        hole = next;
      }
    }
    slots_[hole] = kEmpty;
    const uint32_t last = static_cast<uint32_t>(entries_.size() - 1);
    if (removed != last) {
      *slot_for(entries_[last].first) = removed;
      entries_[removed] = std::move(entries_[last]);
    }
    entries_.pop_back();
    return 1;
  }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;

  // Fibonacci hashing spreads keys whose hash is the key itself (a field key's low bits are the field).
  size_t home(const Key& key) const {
    return static_cast<size_t>((Hash{}(key)*0x9E3779B97F4A7C15ULL) >> shift_);
  }

  uint32_t index_of(const Key& key) const {
    if (slots_.empty()) return kEmpty;
    const size_t mask = slots_.size() - 1;
    for (size_t i = home(key);; i = (i + 1) & mask) {
      const uint32_t index = slots_[i];
      if (index == kEmpty || entries_[index].first == key) return index;
    }
  }
  // The slot holding key, or the empty slot where it would go.
  uint32_t* slot_for(const Key& key) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = home(key);; i = (i + 1) & mask) {
      uint32_t& index = slots_[i];
      if (index == kEmpty || entries_[index].first == key) return &index;
    }
  }
  void grow() {
    const size_t capacity = slots_.empty() ? 8 : slots_.size() * 2;
    slots_.assign(capacity, kEmpty);
    shift_ = 64;
    for (size_t c = capacity; c > 1; c >>= 1) --shift_;
    entries_.reserve(capacity / 2);
    for (uint32_t index = 0; index < entries_.size(); ++index) *slot_for(entries_[index].first) = index;
  }

  std::vector<value_type> entries_;
  std::vector<uint32_t> slots_;
  unsigned shift_ = 64;
};

// The keys of a FlatMap: insertion-ordered, no erase.
template <typename Key, typename Hash>
class FlatSet {
  struct Nothing {};
  using Map = FlatMap<Key, Nothing, Hash>;

 public:
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Key;
    using difference_type = std::ptrdiff_t;
    using pointer = const Key*;
    using reference = const Key&;
    const_iterator() = default;
    explicit const_iterator(typename Map::const_iterator at) : at_(at) {}
    const Key& operator*() const { return at_->first; }
    const_iterator& operator++() {
      ++at_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++at_;
      return before;
    }
    bool operator==(const const_iterator&) const = default;

   private:
    typename Map::const_iterator at_ = nullptr;
  };

  // Whether key was added (it was not there yet).
  bool insert(const Key& key) { return map_.try_emplace(key).second; }
  size_t count(const Key& key) const { return map_.count(key); }
  size_t size() const { return map_.size(); }
  bool empty() const { return map_.empty(); }
  const_iterator begin() const { return const_iterator(map_.begin()); }
  const_iterator end() const { return const_iterator(map_.end()); }

 private:
  Map map_;
};

}  // namespace cyclecheck
