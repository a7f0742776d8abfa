#include "analyzer/carried_state.hpp"

#include <algorithm>
#include <vector>

namespace cyclecheck {
namespace {

// Calls `visit` on every expression of `s` itself (not of its nested blocks).
template <typename Visit>
void for_each_own_expr(const Stmt& s, Visit&& visit) {
  for (const Expr& target : s.targets) for_each_expr(target, visit);
  for_each_expr(s.value, visit);
  for (const Handler& h : s.handlers) for_each_expr(h.type, visit);
}

// The variables a target binds: `h`, `(h, c)`, `out, (h, c)`, `*rest`.
void bound_names(const Expr& target, std::vector<std::string>& names) {
  if (target.kind == ExprKind::Name) {
    names.push_back(target.text);
  } else if (target.kind == ExprKind::Container || target.kind == ExprKind::Starred) {
    for (const Expr& child : target.children) bound_names(child, names);
  }
}

// Whether an argument hands over `name` itself: `hidden`, `(h, c)`, `hx=hidden`; not `hidden[0]` or
// `hidden.detach()`, which are other values.
bool passes_variable(const Expr& arg, const std::string& name, int depth = 0) {
  if (arg.kind == ExprKind::Name) return arg.text == name;
  if ((arg.kind != ExprKind::Container && arg.kind != ExprKind::Starred) || depth > 2) return false;
  return std::any_of(arg.children.begin(), arg.children.end(),
                     [&](const Expr& child) { return passes_variable(child, name, depth + 1); });
}

const std::string& callee_name(const Expr& call) {
  static const std::string kNone;
  if (call.kind != ExprKind::Call || call.children.empty()) return kNone;
  const Expr& callee = call.children[0];
  return callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.text : kNone;
}

// Whether `loop` back-propagates on every step: some statement in it, nested blocks included (gradient
// accumulation), calls backward().
bool steps_backward(const Stmt& loop) {
  bool found = false;
  for_each_statement(loop.body, [&](const Stmt& s) {
    for_each_own_expr(s, [&](const Expr& e) { found |= is_backward_call(e); });
  });
  return found;
}

// Whether `loop` starts `name` again somewhere other than `assign`: binds it (`h = h.detach()`,
// `for h in ...`, `del h`, `(h := ...)`), detaches anything in place (`h.detach_()`), or hands it to a call
// statement (`repackage_(h)`) that may.
bool restarted_in_loop(const Stmt& assign, const Stmt& loop, const std::string& name) {
  std::vector<std::string> bound;
  if (loop.kind == StmtKind::For)
    for (const Expr& target : loop.targets) bound_names(target, bound);
  bool restarted = false;
  for_each_statement(loop.body, [&](const Stmt& s) {
    for_each_own_expr(s, [&](const Expr& e) {
      restarted |= callee_name(e) == "detach_" || (e.kind == ExprKind::Walrus && e.text == name);
    });
    if (&s == &assign) return;
    if (s.kind == StmtKind::Assign || s.kind == StmtKind::AugAssign || s.kind == StmtKind::For ||
        s.kind == StmtKind::With || s.kind == StmtKind::Delete) {
      for (const Expr& target : s.targets) bound_names(target, bound);
    }
    if (s.kind == StmtKind::ExprStmt && s.value.kind == ExprKind::Call && !s.value.children.empty()) {
      restarted |= std::any_of(s.value.children.begin() + 1, s.value.children.end(),
                               [&](const Expr& arg) { return passes_variable(arg, name); });
    }
  });
  return restarted || std::find(bound.begin(), bound.end(), name) != bound.end();
}

}  // namespace

bool is_backward_call(const Expr& e) {
  // An attribute's text is its last name: `torch.autograd.backward` is "backward" too.
  const std::string& name = callee_name(e);
  return name == "backward" || name == "manual_backward";
}

std::string state_carried_across_steps(const Stmt& assign, const Stmt& loop) {
  if (assign.kind != StmtKind::Assign || assign.value.kind != ExprKind::Call ||
      assign.value.children.size() < 2)
    return {};
  // The statement's own syntax first: most calls in a loop are handed nothing they bind, and the loop is
  // scanned only for those that are.
  std::vector<std::string> targets, fed_back;
  for (const Expr& target : assign.targets) bound_names(target, targets);
  for (const std::string& name : targets) {
    if (std::any_of(assign.value.children.begin() + 1, assign.value.children.end(),
                    [&](const Expr& arg) { return passes_variable(arg, name); }))
      fed_back.push_back(name);
  }
  if (fed_back.empty() || !steps_backward(loop)) return {};
  for (const std::string& name : fed_back) {
    if (!restarted_in_loop(assign, loop, name)) return name;
  }
  return {};
}

}  // namespace cyclecheck
