// A one-shot run (`cyclecheck check`) exits right after it reports. Freeing the solver's summaries and the
// linked program first (hundreds of MB in small blocks) would cost a tenth of a second and gain nothing, so
// such runs hand them here: they stay reachable (no leak report) and are never destroyed.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

namespace cyclecheck {

inline void retain_until_exit(std::shared_ptr<const void> object) {
  static std::mutex* guard = new std::mutex();
  static auto* retained = new std::vector<std::shared_ptr<const void>>();  // never destroyed, on purpose
  const std::lock_guard<std::mutex> lock(*guard);
  retained->push_back(std::move(object));
}

}  // namespace cyclecheck
