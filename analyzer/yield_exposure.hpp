// Statements of a generator that an exception thrown in at a `yield` skips.
#pragma once

#include <vector>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// Whether `target`, a statement of `body` (a generator's, nested blocks included), runs only after some
// `yield` that no `try` with a `finally` or handler around it covers. A @contextmanager hands the with block
// to its caller at that yield, and an exception the block raises comes back in there: cleanup written after
// a bare `yield` (a hook's `remove()`, a restored global) is then skipped. False when `target` is not in
// `body`.
bool runs_only_without_exception_at_yield(const std::vector<Stmt>& body, const Stmt& target);

// Whether `e` is a yield expression (`yield x`, `yield from it`, a bare `yield`).
inline bool is_yield(const Expr& e) { return e.kind == ExprKind::Unknown && e.text == "yield"; }

}  // namespace cyclecheck
