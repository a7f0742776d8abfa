#include "analyzer/early_exit.hpp"

#include <array>
#include <cctype>
#include <optional>
#include <span>
#include <string_view>

namespace cyclecheck {

bool is_release_name(const std::string& name) {
  static constexpr std::array<std::string_view, 24> kPrefixes = {
      "close",    "detach",   "remove",   "unregister", "unsubscribe", "restore", "release",    "cleanup",
      "clean_up", "shutdown", "teardown", "tear_down",  "uninstall",   "unpatch", "disconnect", "dispose",
      "stop",     "finish",   "reset",    "exit",       "__exit__",    "disarm",  "unhook",     "unwatch"};
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view bare = lower;
  if (bare != "__exit__") {
    while (bare.starts_with('_')) bare.remove_prefix(1);
  }
  for (std::string_view prefix : kPrefixes) {
    if (bare.starts_with(prefix)) return true;
  }
  return false;
}

namespace {

bool names(const Expr& e, const std::string& variable) {
  return e.kind == ExprKind::Name && e.text == variable;
}

// `variable.close()`, `detach(variable)`, `logger.removeHandler(variable)` somewhere in `e`.
bool releases(const Expr& e, const std::string& variable) {
  bool found = false;
  for_each_expr(e, [&](const Expr& x) {
    if (found || x.kind != ExprKind::Call || x.children.empty()) return;
    const Expr& callee = x.children[0];
    if ((callee.kind != ExprKind::Name && callee.kind != ExprKind::Attribute) ||
        !is_release_name(callee.text))
      return;
    if (callee.kind == ExprKind::Attribute && !callee.children.empty() && names(callee.children[0], variable))
      found = true;
    for (size_t i = 1; i < x.children.size(); ++i) found |= names(x.children[i], variable);
  });
  return found;
}

// A `with` over the variable itself (`with bar:`) releases it on every way out of its body.
bool with_over(const Stmt& s, const std::string& variable) {
  if (s.kind != StmtKind::With) return false;
  if (names(s.value, variable)) return true;
  for (const Expr& item : s.value.children) {
    if (names(item, variable)) return true;
  }
  return false;
}

bool block_releases(const std::vector<Stmt>& block, const std::string& variable) {
  bool found = false;
  for_each_statement(block, [&](const Stmt& s) { found |= releases(s.value, variable); });
  return found;
}

bool covers(const Stmt& s, const std::string& variable) {
  return (s.kind == StmtKind::Try && block_releases(s.finalbody, variable)) || with_over(s, variable);
}

struct Exit {
  uint32_t line;
  const char* kind;
};

// The first statement of `block` (nested ones included) that leaves the region it is part of: a `return` or
// `raise`, or a `break` / `continue` of a loop around the region. Exits inside a `try` whose `finally`
// releases the variable (or a `with` over it) run the release anyway.
std::optional<Exit> first_exit(std::span<const Stmt> block, const std::string& variable, bool in_inner_loop) {
  for (const Stmt& s : block) {
    if (covers(s, variable)) continue;
    std::optional<Exit> found;
    switch (s.kind) {
      case StmtKind::Return:
        return Exit{s.site.line, "return"};
      case StmtKind::Raise:
        return Exit{s.site.line, "raise"};
      case StmtKind::Break:
        if (!in_inner_loop) return Exit{s.site.line, "break"};
        break;
      case StmtKind::Continue:
        if (!in_inner_loop) return Exit{s.site.line, "continue"};
        break;
      case StmtKind::For:
      case StmtKind::While:
        found = first_exit(s.body, variable, true);
        if (!found) found = first_exit(s.orelse, variable, in_inner_loop);
        break;
      case StmtKind::If:
      case StmtKind::With:
      case StmtKind::Try:
        found = first_exit(s.body, variable, in_inner_loop);
        for (const Handler& h : s.handlers) {
          if (!found) found = first_exit(h.body, variable, in_inner_loop);
        }
        if (!found) found = first_exit(s.orelse, variable, in_inner_loop);
        if (!found) found = first_exit(s.finalbody, variable, in_inner_loop);
        break;
      default:
        break;
    }
    if (found) return found;
  }
  return std::nullopt;
}

// One step down to a statement: `block[index]`, reached through `part` of the statement one step up.
enum class Part : uint8_t { Body, Handler, Else, Final };
struct Step {
  const std::vector<Stmt>* block = nullptr;
  size_t index = 0;
  Part part = Part::Body;
  const Stmt& statement() const { return (*block)[index]; }
};
using Path = std::vector<Step>;

bool is_loop(const Stmt& s) { return s.kind == StmtKind::For || s.kind == StmtKind::While; }

// Depth-first, in the order the statements run, over the statements nested in `block` (not into nested
// functions or classes, which run elsewhere): extends `path` to the first statement from `begin` on that
// `wanted` accepts.
template <typename Wanted>
bool find_path(const std::vector<Stmt>& block, size_t begin, Part part, Path& path, const Wanted& wanted) {
  for (size_t i = begin; i < block.size(); ++i) {
    const Stmt& s = block[i];
    path.push_back(Step{&block, i, part});
    if (wanted(s)) return true;
    if (s.kind != StmtKind::FunctionDef && s.kind != StmtKind::ClassDef) {
      if (find_path(s.body, 0, Part::Body, path, wanted)) return true;
      for (const Handler& h : s.handlers) {
        if (find_path(h.body, 0, Part::Handler, path, wanted)) return true;
      }
      if (find_path(s.orelse, 0, Part::Else, path, wanted)) return true;
      if (find_path(s.finalbody, 0, Part::Final, path, wanted)) return true;
    }
    path.pop_back();
  }
  return false;
}

// The names a statement registers: what `handler = attach(run)` binds, or the variable it hands over
// (`logger.addHandler(handler)`); with `receiver`, also what a method is called on (`probe.install(self)`).
std::vector<std::string> registered_names(const Stmt& s, bool receiver) {
  std::vector<std::string> out;
  if (s.kind == StmtKind::Assign && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name)
    out.push_back(s.targets[0].text);
  const Expr* call = s.kind == StmtKind::ExprStmt || s.kind == StmtKind::Assign ? &s.value : nullptr;
  if (call == nullptr || call->kind != ExprKind::Call || call->children.empty()) return out;
  if (s.kind == StmtKind::ExprStmt) {
    for (size_t i = 1; i < call->children.size(); ++i) {
      if (call->children[i].kind == ExprKind::Name) {
        out.push_back(call->children[i].text);
        break;
      }
    }
  }
  const Expr& callee = call->children[0];
  if (receiver && callee.kind == ExprKind::Attribute && callee.children.size() == 1 &&
      callee.children[0].kind == ExprKind::Name && callee.children[0].text != "self")
    out.push_back(callee.children[0].text);
  return out;
}

bool loop_between(const Path& path, size_t from, size_t to) {
  for (size_t l = from; l < to && l < path.size(); ++l) {
    if (is_loop(path[l].statement())) return true;
  }
  return false;
}

std::span<const Stmt> statements(const std::vector<Stmt>& block, size_t begin, size_t end) {
  return std::span<const Stmt>(block.data() + begin, end - begin);
}

// The first exit on a way from the binding (path `at`) to the release (path `release`), which share the
// steps before `common` and part at block `common`: what follows the binding in each block up to the
// common one, the statements between the two there, then what runs before the release on its way down
// (a `try` body before its `else`, the statements before it in each block).
std::optional<Exit> exit_between(const Path& at, const Path& release, size_t common,
                                 const std::string& variable) {
  for (size_t l = at.size() - 1; l > common; --l) {
    const Step& step = at[l];
    const auto after = statements(*step.block, step.index + 1, step.block->size());
    if (auto exit = first_exit(after, variable, loop_between(at, common, l))) return exit;
  }
  const Step& here = at[common];
  const size_t until = release[common].index;
  if (auto exit = first_exit(statements(*here.block, here.index + 1, until), variable, false)) return exit;
  for (size_t l = common + 1; l < release.size(); ++l) {
    const Stmt& outer = release[l - 1].statement();
    const Step& step = release[l];
    const bool in_loop = loop_between(release, common, l);
    if (outer.kind == StmtKind::Try && step.part == Part::Else) {
      if (auto exit = first_exit(outer.body, variable, in_loop)) return exit;
    }
    if (auto exit = first_exit(statements(*step.block, 0, step.index), variable, in_loop)) return exit;
  }
  return std::nullopt;
}

}  // namespace

SkippedRelease release_skipped_by_early_exit(const std::vector<Stmt>& body, uint32_t line, bool receiver) {
  Path at;
  std::vector<std::string> variables;
  if (!find_path(body, 0, Part::Body, at, [&](const Stmt& s) {
        if (s.site.line != line) return false;
        variables = registered_names(s, receiver);
        return !variables.empty();
      })) {
    return {};
  }
  for (const std::string& variable : variables) {
    bool covered = false;
    for (size_t l = 0; l + 1 < at.size(); ++l) covered |= covers(at[l].statement(), variable);
    if (covered) continue;
    // The first statement after the binding that releases the variable, looked for in what follows the
    // binding in its block, then in the blocks around it.
    for (size_t common = at.size(); common-- > 0;) {
      Path release(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(common));
      bool is_covered = false;
      const bool found =
          find_path(*at[common].block, at[common].index + 1, at[common].part, release, [&](const Stmt& s) {
            if (covers(s, variable)) return is_covered = true;
            const bool simple = s.kind == StmtKind::ExprStmt || s.kind == StmtKind::Assign;
            return simple && releases(s.value, variable);
          });
      if (!found) continue;
      if (is_covered) break;
      bool cleanup_only = false;  // released in an `except` or `finally` on its way down: not this case
      for (size_t l = common + 1; l < release.size(); ++l)
        cleanup_only |= release[l].part == Part::Handler || release[l].part == Part::Final;
      if (cleanup_only) break;
      const std::optional<Exit> exit = exit_between(at, release, common, variable);
      if (!exit) break;
      return SkippedRelease{release.back().statement().site.line, exit->line, exit->kind};
    }
  }
  return {};
}

}  // namespace cyclecheck
