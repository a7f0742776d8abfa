// Cleanup that an early exit skips: `handler = attach(run)` ... `if stop: return` ... `detach(handler)`.
// A registration the program takes out again is still left in place on the paths that leave the block
// between the two statements (`return`, `break`, `continue`, `raise`) with no `finally` or `with` doing it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// Whether `name` reads as the name of a call that releases what it is given or called on (`close`,
// `detach_run`, `remove_hook`, `unsubscribe`, `restore`, ...).
bool is_release_name(const std::string& name);

struct SkippedRelease {
  uint32_t release_line = 0;  // the statement releasing the variable
  uint32_t exit_line = 0;     // the `return`, `break`, `continue` or `raise` that skips it
  const char* exit = "";      // which of them
};

// In `body` (a function's statements), the statement starting on `line` that binds a name (`handler =
// attach(run)`) or hands one to a call (`logger.addHandler(handler)`): when a later statement of the same
// block releases that name (calls a release-named method on it, or passes it to a release-named function)
// and a statement between them may leave the block without running the release, the two lines; zeroes
// otherwise (no such statement or release, every path reaches the release, or a `try`/`with` around them
// releases it in any case).
SkippedRelease release_skipped_by_early_exit(const std::vector<Stmt>& body, uint32_t line);

}  // namespace cyclecheck
