#include "analyzer/yield_exposure.hpp"

namespace cyclecheck {
namespace {

bool expression_yields(const Expr& e) {
  if (is_yield(e)) return true;
  for (const Expr& child : e.children)
    if (expression_yields(child)) return true;
  return false;
}

// The statement's own expressions (not those of its nested blocks) yield.
bool statement_yields(const Stmt& s) {
  if (s.kind == StmtKind::FunctionDef || s.kind == StmtKind::ClassDef) return false;
  if (expression_yields(s.value)) return true;
  for (const Expr& target : s.targets)
    if (expression_yields(target)) return true;
  return false;
}

bool any_yield(const std::vector<Stmt>& body) {
  bool found = false;
  for_each_statement(body, [&found](const Stmt& s) { found |= statement_yields(s); });
  return found;
}

// Walks `body` in order. `exposed`: a yield no handler covers has been passed on the way here. Returns the
// exposure after the block; sets `found` and `skipped` once `target` is reached.
class ExposureWalk {
 public:
  explicit ExposureWalk(const Stmt& target) : target_(target) {}
  bool found = false;
  bool skipped = false;

  bool block(const std::vector<Stmt>& body, bool exposed) {
    for (const Stmt& s : body) {
      if (found) return exposed;
      if (&s == &target_) {
        found = true;
        skipped = exposed;
        return exposed;
      }
      exposed = statement(s, exposed);
    }
    return exposed;
  }

 private:
  const Stmt& target_;

  bool statement(const Stmt& s, bool exposed) {
    switch (s.kind) {
      case StmtKind::FunctionDef:
      case StmtKind::ClassDef:
        return exposed;
      case StmtKind::Try: {
        // An exception thrown in at a yield of the try's body runs its handlers and `finally`, so those
        // start with the exposure the try started with; the rest of the body and the `else` do not run.
        const bool at_entry = exposed;
        const bool after_else = block(s.orelse, block(s.body, at_entry));
        bool after = after_else;
        if (!s.handlers.empty()) {
          // A handler takes the exception and the code after the try runs: only yields before the try, in
          // a handler or in the `else` (which the handlers do not cover) skip it.
          after = at_entry || any_yield(s.orelse);
          for (const Handler& h : s.handlers) after |= block(h.body, at_entry);
        }
        // With only a `finally` the exception goes on up, past the code after the try.
        return block(s.finalbody, at_entry) || after;
      }
      case StmtKind::If:
      case StmtKind::For:
      case StmtKind::While:
      case StmtKind::With: {
        exposed |= statement_yields(s);  // the condition, iterable or context expressions
        const bool after_body = block(s.body, exposed);
        return block(s.orelse, exposed) || after_body;
      }
      default:
        return exposed || statement_yields(s);
    }
  }
};

}  // namespace

bool runs_only_without_exception_at_yield(const std::vector<Stmt>& body, const Stmt& target) {
  ExposureWalk walk(target);
  walk.block(body, false);
  return walk.found && walk.skipped;
}

}  // namespace cyclecheck
