// Statements that an exception skips: a generator's after a `yield` (an exception thrown in there), and an
// `__exit__`'s after an early return for the exception the with block raised.
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

// The same for a generator closed at a yield (`close()`, or dropped while suspended): only a `finally`, or a
// handler that catches GeneratorExit (a bare `except:`, `except BaseException:`), runs; `except Exception:`
// does not.
bool skipped_when_closed_at_yield(const std::vector<Stmt>& body, const Stmt& target);

// Whether `target`, a statement of `exit_method` (an `__exit__` or `__aexit__`), runs only after a top-level
// `if exc_type is not None: return ...` (or a test of the exception itself): cleanup there is skipped when
// the with block raises.
bool runs_only_without_exception_in_exit(const Function& exit_method, const Stmt& target);

// Whether `e` is a yield expression (`yield x`, `yield from it`, a bare `yield`).
inline bool is_yield(const Expr& e) { return e.kind == ExprKind::Unknown && e.text == "yield"; }

}  // namespace cyclecheck
