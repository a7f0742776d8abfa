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
// attach(run)`), hands one to a call (`logger.addHandler(handler)`) or, with `receiver`, calls a method on
// one (`probe.install(trainer)`): when a later statement releases that name (calls a release-named method on
// it, or passes it to a release-named function), found after the binding in its block or in the blocks
// around it, and a statement on the way from one to the other may leave without running the release (a
// `return` in the `try` body before the `else` holding it, one after the binding in an `if`), the two
// lines; zeroes otherwise (no such statement or release, every path reaches the release, a `try`/`with`
// around them releases it in any case, or the release is only error handling in an `except` or `finally`).
SkippedRelease release_skipped_by_early_exit(const std::vector<Stmt>& body, uint32_t line,
                                             bool receiver = false);

}  // namespace cyclecheck
