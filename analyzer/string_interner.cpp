#include "analyzer/string_interner.hpp"

#include <functional>

namespace cyclecheck {

uint32_t StringInterner::intern(std::string_view text) {
  if (texts_.size() * 2 >= slots_.size()) grow();
  const uint64_t hash = std::hash<std::string_view>{}(text);
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.id == kEmptySlot) {
      slot.hash = hash;
      slot.id = static_cast<uint32_t>(texts_.size());
      texts_.emplace_back(text);
      return slot.id;
    }
    if (slot.hash == hash && texts_[slot.id] == text) return slot.id;
  }
}

void StringInterner::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 256 : old.size() * 2, Slot{});
  const size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.id == kEmptySlot) continue;
    size_t i = slot.hash & mask;
    while (slots_[i].id != kEmptySlot) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

}  // namespace cyclecheck
