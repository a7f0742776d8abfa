#include "analyzer/attribute_release.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <unordered_set>

#include "analyzer/program.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

bool is_none(const Expr& e) { return e.kind == ExprKind::Literal && e.text == "None"; }

// `<self>.<name>` for the method's first parameter `self`: the attribute's name; `<self>.<a>.<name>`, an
// attribute of an object the instance holds: "a.name"; else "".
std::string attribute_of(const Expr& target, const std::string& self) {
  if (target.kind != ExprKind::Attribute || target.children.size() != 1) return "";
  const Expr& base = target.children[0];
  if (base.kind == ExprKind::Name && base.text == self) return target.text;
  if (base.kind == ExprKind::Attribute && base.children.size() == 1 &&
      base.children[0].kind == ExprKind::Name && base.children[0].text == self)
    return base.text + "." + target.text;
  return "";
}

}  // namespace

std::optional<std::string> path_from_first_param(const Function& f, const Expr& e, int depth) {
  if (f.params.empty() || depth > 4) return std::nullopt;
  if (e.kind == ExprKind::Name && e.text == f.params[0].name) return std::string();
  if (e.kind == ExprKind::Attribute && e.children.size() == 1) {
    const std::optional<std::string> base = path_from_first_param(f, e.children[0], depth);
    if (!base) return std::nullopt;
    return base->empty() ? e.text : *base + "." + e.text;
  }
  if (e.kind != ExprKind::Name) return std::nullopt;
  // A local bound once, by an assignment of a path (`attn = blk.attn`) or as a loop's variable over one
  // (`for blk in self.model.blocks`: an element of it, "model.blocks[]").
  const Expr* bound_to = nullptr;
  bool element = false;
  int bindings = 0;
  for_each_statement(f.body, [&](const Stmt& s) {
    if ((s.kind != StmtKind::Assign && s.kind != StmtKind::For) || s.targets.size() != 1 ||
        s.targets[0].kind != ExprKind::Name || s.targets[0].text != e.text)
      return;
    ++bindings;
    bound_to = &s.value;
    element = s.kind == StmtKind::For;
  });
  if (bindings != 1) return std::nullopt;
  const std::optional<std::string> path = path_from_first_param(f, *bound_to, depth + 1);
  if (!path || path->empty()) return path;
  return element ? *path + "[]" : path;
}

namespace {

// `<target>` as an attribute path from the method's first parameter, through its local names (see
// path_from_first_param): "x" for `self.x`, "model.forward" for `self.model.forward`,
// "model.blocks[].attn.forward" for `attn.forward` with `attn = blk.attn` in a loop over `self.model.blocks`.
std::string attribute_path(const Function& f, const Expr& target) {
  if (target.kind != ExprKind::Attribute || target.children.size() != 1) return "";
  const std::optional<std::string> base = path_from_first_param(f, target.children[0], 0);
  if (!base) return "";
  return base->empty() ? target.text : *base + "." + target.text;
}

// A string literal's text without its quotes ("'forward'" -> "forward"); "" for anything else.
std::string literal_name(const Expr& e) {
  if (e.kind != ExprKind::Literal) return "";
  const std::string_view name = unquoted(e.text);
  return name.size() + 2 == e.text.size() ? std::string(name) : "";
}

// The attribute of `self` a call takes out of the instance: `delattr(self, "name")`,
// `vars(self).pop("name", ...)`, `self.__dict__.pop("name", ...)`, or of an object the instance holds
// (`self.model.__dict__.pop("forward", None)`: "model.forward"); "" for any other call.
std::string attribute_dropped_by_call(const Expr& call, const Function& f) {
  if (call.kind != ExprKind::Call || call.children.size() < 2) return "";
  const Expr& callee = call.children[0];
  // "" for `self`, "a." for `self.a` (or a local naming it); null for anything else.
  const auto prefix_of = [&f](const Expr& e) -> std::optional<std::string> {
    const std::optional<std::string> path = path_from_first_param(f, e, 0);
    if (!path || path->empty()) return path;
    return *path + ".";
  };
  const auto named = [](const std::optional<std::string>& prefix, const Expr& key) {
    const std::string name = literal_name(key);
    return prefix && !name.empty() ? *prefix + name : std::string();
  };
  if (callee.kind == ExprKind::Name && callee.text == "delattr" && call.children.size() == 3)
    return named(prefix_of(call.children[1]), call.children[2]);
  if (callee.kind != ExprKind::Attribute || callee.text != "pop" || callee.children.size() != 1) return "";
  const Expr& dict = callee.children[0];
  if (dict.kind == ExprKind::Call && dict.children.size() == 2 && dict.children[0].kind == ExprKind::Name &&
      dict.children[0].text == "vars")
    return named(prefix_of(dict.children[1]), call.children[1]);
  if (dict.kind == ExprKind::Attribute && dict.text == "__dict__" && dict.children.size() == 1)
    return named(prefix_of(dict.children[0]), call.children[1]);
  return "";
}

// Calls `visit(attribute, stores_none, deletes)` for each `self.<attribute>` a statement assigns or deletes:
// an unpacking
// (`a, self.x = b, None`) pairs targets and values by position when both are displays of the same size.
template <typename Visit>
void for_each_attribute_store(const Function& f, Visit&& visit) {
  if (f.params.empty()) return;
  auto pair_up = [&](const Expr& target, const Expr* value, auto&& recurse) -> void {
    if (const std::string name = attribute_path(f, target); !name.empty()) {
      visit(name, value != nullptr && is_none(*value), false);
      return;
    }
    if (target.kind != ExprKind::Container) return;
    const bool positional = value != nullptr && value->kind == ExprKind::Container &&
                            value->children.size() == target.children.size();
    for (size_t i = 0; i < target.children.size(); ++i) {
      recurse(target.children[i], positional ? &value->children[i] : nullptr, recurse);
    }
  };
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::ExprStmt) {
      if (const std::string name = attribute_dropped_by_call(s.value, f); !name.empty())
        visit(name, true, true);
      return;
    }
    if (s.kind == StmtKind::Assign || s.kind == StmtKind::AugAssign || s.kind == StmtKind::For ||
        s.kind == StmtKind::With) {
      const bool paired = s.kind == StmtKind::Assign;
      for (const Expr& target : s.targets) pair_up(target, paired ? &s.value : nullptr, pair_up);
    } else if (s.kind == StmtKind::Delete) {
      for (const Expr& target : s.targets) {
        if (const std::string name = attribute_path(f, target); !name.empty()) visit(name, true, true);
      }
    }
  });
}

// The attributes of `f`'s first parameter it sets to None or deletes (only deletes, with `deletions_only`)
// and nowhere sets to anything else.
std::vector<std::string> released_from_first_param(const Function& f, bool deletions_only) {
  std::vector<std::string> released;
  std::unordered_set<std::string> set_otherwise;
  for_each_attribute_store(f, [&](const std::string& attribute, bool releases, bool deletes) {
    if (!releases) {
      set_otherwise.insert(attribute);
    } else if ((deletes || !deletions_only) &&
               std::find(released.begin(), released.end(), attribute) == released.end()) {
      released.push_back(attribute);
    }
  });
  std::erase_if(released, [&](const std::string& a) { return set_otherwise.count(a) != 0; });
  return released;
}

// The attributes of `self` whose container the method empties and adds nothing to: `self.x.clear()`,
// `del self.x[:]`, or a `while self.x:` loop that pops from it and that no `break`, `return` or `raise`
// leaves. The attribute still holds the container, but what the container held (bound methods of `self`)
// is let go of.
std::vector<std::string> attributes_emptied(const Function& method, const std::string& self) {
  std::vector<std::string> emptied;
  std::unordered_set<std::string> added_to;
  auto note = [&emptied](const std::string& attribute) {
    if (!attribute.empty() && std::find(emptied.begin(), emptied.end(), attribute) == emptied.end())
      emptied.push_back(attribute);
  };
  // `self.x.<method>(...)`: "x" when the call is one of `methods`.
  auto called_on_attribute = [&self](const Expr& e, std::initializer_list<std::string_view> methods) {
    if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute ||
        e.children[0].children.size() != 1 ||
        std::find(methods.begin(), methods.end(), e.children[0].text) == methods.end())
      return std::string();
    return attribute_of(e.children[0].children[0], self);
  };
  for_each_statement(method.body, [&](const Stmt& s) {
    for_each_expr(s.value, [&](const Expr& e) {
      added_to.insert(called_on_attribute(
          e, {"append", "appendleft", "extend", "insert", "add", "update", "setdefault", "__setitem__"}));
    });
    if (s.kind == StmtKind::ExprStmt) note(called_on_attribute(s.value, {"clear"}));
    for (const Expr& target : s.targets) {
      if (target.kind != ExprKind::Subscript || target.children.empty()) continue;
      const std::string attribute = attribute_of(target.children[0], self);
      if (s.kind == StmtKind::Delete && target.text == ":") {
        note(attribute);
      } else {
        added_to.insert(attribute);
      }
    }
    if (s.kind == StmtKind::While) {
      const std::string tested = attribute_of(s.value, self);
      bool breaks = false, pops = false;
      for_each_statement(s.body, [&](const Stmt& inner) {
        breaks |=
            inner.kind == StmtKind::Break || inner.kind == StmtKind::Return || inner.kind == StmtKind::Raise;
        for_each_expr(inner.value, [&](const Expr& e) {
          pops |= !tested.empty() && called_on_attribute(e, {"pop", "popleft", "popitem"}) == tested;
        });
      });
      if (pops && !breaks) note(tested);
    }
  });
  std::erase_if(emptied, [&added_to](const std::string& a) { return added_to.count(a) != 0; });
  return emptied;
}

// A method named for ending what the object set up (`close`, `detach_controls`, `_unsubscribe_all`,
// `__exit__`): one that empties a container on every step (`drain()` at the start of `forward`, before the
// next entries are added) is no release.
bool tears_down(std::string_view name) {
  if (name == "__exit__" || name == "__aexit__") return true;
  while (name.starts_with('_')) name.remove_prefix(1);
  static constexpr std::string_view kPrefixes[] = {
      "close",   "detach",  "disconnect", "remove",  "unsubscribe", "unobserve", "unregister",
      "unbind",  "unhook",  "clear",      "reset",   "teardown",    "tear_down", "shutdown",
      "stop",    "cleanup", "clean_up",   "dispose", "release",     "uninstall", "deactivate",
      "disable", "finish",  "end_",       "restore"};
  return std::any_of(std::begin(kPrefixes), std::end(kPrefixes),
                     [name](std::string_view prefix) { return name.starts_with(prefix); });
}

}  // namespace

std::vector<std::string> released_attributes(const Function& method) {
  // `__init__` starts the state rather than letting go of it; `__del__` runs only once nothing holds the
  // object, which a cycle prevents until the collector runs.
  if (method.owner_class < 0 || method.is_lambda || method.name == "__init__" || method.name == "__del__") {
    return {};
  }
  const MethodKind kind = method_kind_of(method);
  if (kind == MethodKind::Static || kind == MethodKind::Class) return {};
  std::vector<std::string> released = released_from_first_param(method, false);
  if (!method.params.empty() && tears_down(method.name)) {
    for (std::string& attribute : attributes_emptied(method, method.params[0].name)) {
      if (std::find(released.begin(), released.end(), attribute) == released.end() &&
          !sets_attribute_on_first_param(method, attribute))
        released.push_back(std::move(attribute) + std::string(kEmptiedSuffix));
    }
  }
  for (std::string& attribute : attributes_closed(method))
    released.push_back(std::move(attribute) + kClosedSuffix);
  return released;
}

std::vector<std::string> exit_stacks_closed(const Function& method, const std::vector<std::string>& stacks) {
  std::vector<std::string> closed;
  if (method.params.empty() || method.owner_class < 0 || !tears_down(method.name)) return closed;
  const std::string& self = method.params[0].name;
  for_each_statement(method.body, [&](const Stmt& s) {
    const Expr& e = s.value;
    if (s.kind != StmtKind::ExprStmt || e.kind != ExprKind::Call || e.children.size() != 1 ||
        e.children[0].kind != ExprKind::Attribute || e.children[0].children.size() != 1)
      return;
    const std::string& method_name = e.children[0].text;
    if (method_name != "close" && method_name != "aclose" && method_name != "pop_all") return;
    const std::string attribute = attribute_of(e.children[0].children[0], self);
    if (std::find(stacks.begin(), stacks.end(), attribute) != stacks.end() &&
        std::find(closed.begin(), closed.end(), attribute + std::string(kEmptiedSuffix)) == closed.end())
      closed.push_back(attribute + std::string(kEmptiedSuffix));
  });
  return closed;
}

std::vector<std::string> attributes_closed(const Function& method) {
  std::vector<std::string> closed;
  if (method.params.empty()) return closed;
  const std::string& self = method.params[0].name;
  auto note = [&closed](std::string attribute) {
    if (!attribute.empty() && std::find(closed.begin(), closed.end(), attribute) == closed.end())
      closed.push_back(std::move(attribute));
  };
  // `x.close()` with no argument (or `x.__exit__(...)`): the attribute `x` is (`self.gen.close()`), or the
  // name a loop over an attribute binds (`for gen in self.gens: gen.close()`).
  std::vector<std::pair<std::string, std::string>> loop_names;  // loop variable -> attribute
  for_each_statement(method.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::For && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name) {
      const std::string attribute = attribute_of(s.value, self);
      if (!attribute.empty()) loop_names.emplace_back(s.targets[0].text, attribute);
    }
    for_each_expr(s.value, [&](const Expr& e) {
      // `self._scope.__exit__(None, None, None)` on a @contextmanager object finishes its generator too.
      if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute ||
          e.children[0].children.size() != 1 ||
          !((e.children[0].text == "close" && e.children.size() == 1) || e.children[0].text == "__exit__"))
        return;
      const Expr& closed_value = e.children[0].children[0];
      note(attribute_of(closed_value, self));
      if (closed_value.kind != ExprKind::Name) return;
      for (const auto& [name, attribute] : loop_names) {
        if (name == closed_value.text) note(attribute);
      }
    });
  });
  return closed;
}

std::vector<std::string> attributes_released_by_function(const Function& function) {
  if (function.owner_class >= 0 || function.is_lambda || function.params.empty()) return {};
  // Only deletions: a plain function setting `obj.attr = None` is as often making the object as letting go
  // of it (`node = node.clone(); node.parent = None`), and one cannot delete what was never set.
  return released_from_first_param(function, true);
}

bool calls_when_done(const Function& caller, const std::string& method) {
  if (tears_down(caller.name)) return true;
  auto calls_in = [&method](std::span<const Stmt> block) {
    bool found = false;
    auto visit = [&](const Expr& e) {
      found |= e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Attribute &&
               e.children[0].text == method;
    };
    for_each_statement(block, [&visit](const Stmt& s) { for_each_expr(s.value, visit); });
    return found;
  };
  bool in_finally = false;
  for_each_statement(caller.body, [&](const Stmt& s) { in_finally |= calls_in(s.finalbody); });
  if (in_finally) return true;
  // The last statement of the body, or the one before a closing `return`.
  std::span<const Stmt> body = caller.body;
  if (!body.empty() && body.back().kind == StmtKind::Return) body = body.first(body.size() - 1);
  return !body.empty() && calls_in(body.last(1));
}

bool sets_attribute_on_first_param(const Function& function, const std::string& attribute) {
  bool sets = false;
  for_each_attribute_store(function, [&](const std::string& name, bool releases, bool) {
    sets |= !releases && name == attribute;
  });
  return sets;
}

}  // namespace cyclecheck
