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

struct Found {
  const std::vector<Stmt>* block = nullptr;
  size_t index = 0;
  std::string variable;
  bool covered = false;  // a `try`/`with` around the block releases the variable
};

// The name a statement registers: what `handler = attach(run)` binds, or the variable it hands over
// (`logger.addHandler(handler)`); "" for any other statement.
std::string registered_name(const Stmt& s) {
  if (s.kind == StmtKind::Assign && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name)
    return s.targets[0].text;
  if (s.kind == StmtKind::ExprStmt && s.value.kind == ExprKind::Call) {
    for (size_t i = 1; i < s.value.children.size(); ++i) {
      if (s.value.children[i].kind == ExprKind::Name) return s.value.children[i].text;
    }
  }
  return "";
}

// The block holding the registering statement on `line`, with whether an enclosing statement covers it.
void find_binding(const std::vector<Stmt>& block, uint32_t line, std::vector<const Stmt*>& enclosing,
                  Found& out) {
  for (size_t i = 0; i < block.size() && out.block == nullptr; ++i) {
    const Stmt& s = block[i];
    std::string registered = s.site.line == line ? registered_name(s) : std::string();
    if (!registered.empty()) {
      out.block = &block;
      out.index = i;
      out.variable = std::move(registered);
      for (const Stmt* outer : enclosing) out.covered |= covers(*outer, out.variable);
      return;
    }
    enclosing.push_back(&s);
    find_binding(s.body, line, enclosing, out);
    for (const Handler& h : s.handlers) {
      if (out.block == nullptr) find_binding(h.body, line, enclosing, out);
    }
    if (out.block == nullptr) find_binding(s.orelse, line, enclosing, out);
    if (out.block == nullptr) find_binding(s.finalbody, line, enclosing, out);
    enclosing.pop_back();
  }
}

}  // namespace

SkippedRelease release_skipped_by_early_exit(const std::vector<Stmt>& body, uint32_t line) {
  std::vector<const Stmt*> enclosing;
  Found found;
  find_binding(body, line, enclosing, found);
  if (found.block == nullptr || found.covered) return {};
  const std::vector<Stmt>& block = *found.block;
  const std::string& variable = found.variable;
  for (size_t k = found.index + 1; k < block.size(); ++k) {
    const Stmt& s = block[k];
    if (covers(s, variable)) return {};
    const bool simple = s.kind == StmtKind::ExprStmt || s.kind == StmtKind::Assign;
    if (!simple || !releases(s.value, variable)) continue;
    const std::span<const Stmt> between(block.data() + found.index + 1, k - found.index - 1);
    const std::optional<Exit> exit = first_exit(between, variable, false);
    if (!exit) return {};
    return SkippedRelease{s.site.line, exit->line, exit->kind};
  }
  return {};
}

}  // namespace cyclecheck
