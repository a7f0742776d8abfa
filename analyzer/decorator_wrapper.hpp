// A decorator of the project that wraps what it decorates: `@report_crashes()` or `@instrumented` over
// `def evaluate(...)` binds the name to the closure `wrapper` the decorator returns, made once at import, so
// every call of `evaluate` runs `wrapper` with `fn` in its cell.
#pragma once

#include <cstdint>
#include <string>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// The nested function that `function` returns by name (`def wrapper(...): ...; return wrapper`), -1 when it
// returns none (a decorator that registers `fn` and returns it unchanged).
int32_t returned_nested_function(const ModuleFacts& facts, int32_t function);

}  // namespace cyclecheck
