// Attributes a method lets go of: `self.timer = None`, `del self.timer`, `timer, self.timer = self.timer,
// None`. A class that has such a method, called by code that does not set the attribute again, breaks the
// cycles through that attribute on purpose (`disarm()` drops the Timer whose callback is a bound method).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// The attributes of its first parameter that `method` sets to None or deletes and nowhere sets to anything
// else; with kEmptiedSuffix, those whose container a method named for ending things empties and adds nothing
// to (`self.subs.clear()`, `while self.subs: self.subs.pop()` in a `detach()`); and, with kClosedSuffix,
// those whose generators it closes (see attributes_closed). Empty for `__init__`, `__del__`, static and
// class methods, and functions.
std::vector<std::string> released_attributes(const Function& method);
// The path from `f`'s first parameter to what `e` names, through `f`'s local names bound once: "" for the
// parameter itself, "model" for `self.model`, "model.blocks[].attn" for `attn` bound by `attn = blk.attn`
// in `for blk in self.model.blocks` (four names deep at most); nullopt when `e` is not reached from it.
std::optional<std::string> path_from_first_param(const Function& f, const Expr& e, int depth = 0);

// The attributes of its first parameter whose value `method` closes (`self.gen.close()`), or whose elements
// it closes in a loop (`for gen in self.gens: gen.close()`): a generator closed lets go of its frame, and so
// of the cycle through it, though the attribute still holds the generator.
std::vector<std::string> attributes_closed(const Function& method);
// The attributes among `stacks` (those the class sets to a `contextlib.ExitStack()`) whose stack a method
// named for ending things closes (`self._undo.close()`, `pop_all()`), with kEmptiedSuffix: the callbacks the
// stack kept, bound methods of the object among them, are dropped.
std::vector<std::string> exit_stacks_closed(const Function& method, const std::vector<std::string>& stacks);
inline constexpr const char* kClosedSuffix = "<closed>";
// Marks an attribute whose container a method empties (see released_attributes): a release only where a
// caller runs the method when it is done with the object (see calls_when_done).
inline constexpr std::string_view kEmptiedSuffix = "<emptied>";

// Whether `caller` calls `method` (as `<anything>.method(...)`) when it is done: in a `finally` block, as the
// last statement of its body (before a `return`), or from a method named for ending things (`close` calling
// `self._unsubscribe_all()`). Not `reset_schedule()` at the start of a step, before the step adds again.
bool calls_when_done(const Function& caller, const std::string& method);

// The attributes of its first parameter a plain function (not a method, not a lambda) deletes (`del
// module._old_forward` in a `remove_hook_from_module(module)`, `delattr`, `vars(module).pop("forward")`) and
// nowhere sets to anything else.
std::vector<std::string> attributes_released_by_function(const Function& function);

// Whether `function` assigns `<its first parameter>.<attribute>` a value other than None: a caller that
// releases the attribute and then sets it again (`arm()` calling `disarm()` first) does not release it.
bool sets_attribute_on_first_param(const Function& function, const std::string& attribute);

// Calls `visit(name, is_method)` for each call in the statements of `function` whose callee is written as a
// name (`name(...)`, is_method false) or an attribute (`<anything>.name(...)`, is_method true).
template <typename Visit>
void for_each_called_name(const Function& function, Visit&& visit) {
  auto visit_expr = [&visit](const Expr& e) {
    if (e.kind != ExprKind::Call || e.children.empty()) return;
    const ExprKind callee = e.children[0].kind;
    if (callee == ExprKind::Attribute || callee == ExprKind::Name)
      visit(e.children[0].text, callee == ExprKind::Attribute);
  };
  for_each_statement(function.body, [&visit_expr, &visit](const Stmt& s) {
    // A `with` block calls its managers' `__enter__` and `__exit__` (or their async forms) without naming
    // them.
    if (s.kind == StmtKind::With) {
      for (const char* method : {"__enter__", "__exit__", "__aenter__", "__aexit__"})
        visit(std::string(method), true);
    }
    for_each_expr(s.value, visit_expr);
    for (const Expr& target : s.targets) for_each_expr(target, visit_expr);
  });
}

}  // namespace cyclecheck
