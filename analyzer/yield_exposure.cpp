#include "analyzer/yield_exposure.hpp"

#include <algorithm>
#include <string>

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
  // `closing`: what comes in at the yield is the GeneratorExit of `close()`, which only a bare `except:` or
  // one naming BaseException or GeneratorExit catches (`except Exception:` lets it by).
  ExposureWalk(const Stmt& target, bool closing) : target_(target), closing_(closing) {}
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
  const bool closing_;

  bool catches(const Handler& h) const {
    if (!closing_ || h.type.kind == ExprKind::Unknown) return true;  // `except:` has no type
    bool all = false;
    for_each_expr(h.type, [&all](const Expr& e) {
      all |= (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute) &&
             (e.text == "BaseException" || e.text == "GeneratorExit");
    });
    return all;
  }

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
        const bool handled = std::any_of(s.handlers.begin(), s.handlers.end(),
                                         [this](const Handler& h) { return catches(h); });
        if (handled) {
          // A handler takes the exception and the code after the try runs: only yields before the try, in
          // a handler or in the `else` (which the handlers do not cover) skip it.
          after = at_entry || any_yield(s.orelse);
          for (const Handler& h : s.handlers) after |= block(h.body, at_entry);
        } else {
          // Handlers that let GeneratorExit by do not run when the generator is closed.
          for (const Handler& h : s.handlers) block(h.body, true);
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
  ExposureWalk walk(target, false);
  walk.block(body, false);
  return walk.found && walk.skipped;
}

bool skipped_when_closed_at_yield(const std::vector<Stmt>& body, const Stmt& target) {
  ExposureWalk walk(target, true);
  walk.block(body, false);
  return walk.found && walk.skipped;
}

namespace {

// `exc_type is not None`, `exc is not None`, `exc_type`, `exc`: true when the with block raised.
bool tests_for_exception(const Expr& test, const std::vector<std::string>& names) {
  auto names_one = [&names](const Expr& e) {
    return e.kind == ExprKind::Name && std::find(names.begin(), names.end(), e.text) != names.end();
  };
  if (names_one(test)) return true;
  // `a or b`, and `exc_type is not None and issubclass(exc_type, Pruned)` (true for some exceptions only:
  // those skip what follows).
  if (test.kind == ExprKind::Choice && (test.text.empty() || test.text == "and"))
    return std::any_of(test.children.begin(), test.children.end(),
                       [&](const Expr& c) { return tests_for_exception(c, names); });
  return test.kind == ExprKind::Arith && test.text == "distinct" && test.children.size() == 2 &&
         names_one(test.children[0]) && test.children[1].kind == ExprKind::Literal;
}

}  // namespace

bool runs_only_without_exception_in_exit(const Function& exit_method, const Stmt& target) {
  if ((exit_method.name != "__exit__" && exit_method.name != "__aexit__") || exit_method.params.size() < 4)
    return false;
  const std::vector<std::string> names{exit_method.params[1].name, exit_method.params[2].name};
  bool returned = false;  // an earlier `if <exception>: return ...` at the top of the body
  for (const Stmt& s : exit_method.body) {
    bool contains_target = &s == &target;
    if (!contains_target)
      for_each_statement(s.body, [&](const Stmt& nested) { contains_target |= &nested == &target; });
    if (contains_target) return returned;
    if (s.kind == StmtKind::If && tests_for_exception(s.value, names) &&
        std::any_of(s.body.begin(), s.body.end(), [](const Stmt& b) { return b.kind == StmtKind::Return; }))
      returned = true;
  }
  return false;
}

}  // namespace cyclecheck
