// Dense ids for strings, in the order they are first seen, with stable storage. The solver interns a
// field name or a note for most statements it runs: open addressing over a power-of-two table costs a
// fraction of a node-based map's hashing modulo a prime and node allocations.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace cyclecheck {

class StringInterner {
 public:
  // The id of `text`, numbering new texts 0, 1, 2... in the order they are first interned.
  uint32_t intern(std::string_view text);
  // Valid as long as the interner; the address does not change as more texts are added.
  const std::string& text(uint32_t id) const { return texts_[id]; }
  size_t size() const { return texts_.size(); }

 private:
  struct Slot {
    uint64_t hash = 0;
    uint32_t id = kEmptySlot;
  };
  static constexpr uint32_t kEmptySlot = UINT32_MAX;
  void grow();
  std::vector<Slot> slots_;
  std::deque<std::string> texts_;
};

}  // namespace cyclecheck
