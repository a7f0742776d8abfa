#include "analyzer/attribute_release.hpp"

#include <algorithm>
#include <unordered_set>

#include "analyzer/program.hpp"

namespace cyclecheck {
namespace {

bool is_none(const Expr& e) { return e.kind == ExprKind::Literal && e.text == "None"; }

// `<self>.<name>` for the method's first parameter `self`: the attribute's name, else null.
const std::string* attribute_of(const Expr& target, const std::string& self) {
  if (target.kind != ExprKind::Attribute || target.children.size() != 1) return nullptr;
  const Expr& base = target.children[0];
  return base.kind == ExprKind::Name && base.text == self ? &target.text : nullptr;
}

// Calls `visit(attribute, stores_none)` for each `self.<attribute>` a statement assigns: an unpacking
// (`a, self.x = b, None`) pairs targets and values by position when both are displays of the same size.
template <typename Visit>
void for_each_attribute_store(const Function& f, Visit&& visit) {
  if (f.params.empty()) return;
  const std::string& self = f.params[0].name;
  auto pair_up = [&](const Expr& target, const Expr* value, auto&& recurse) -> void {
    if (const std::string* name = attribute_of(target, self)) {
      visit(*name, value != nullptr && is_none(*value));
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
    if (s.kind == StmtKind::Assign || s.kind == StmtKind::AugAssign || s.kind == StmtKind::For ||
        s.kind == StmtKind::With) {
      const bool paired = s.kind == StmtKind::Assign;
      for (const Expr& target : s.targets) pair_up(target, paired ? &s.value : nullptr, pair_up);
    } else if (s.kind == StmtKind::Delete) {
      for (const Expr& target : s.targets) {
        if (const std::string* name = attribute_of(target, self)) visit(*name, true);
      }
    }
  });
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
  std::vector<std::string> released;
  std::unordered_set<std::string> set_otherwise;
  for_each_attribute_store(method, [&](const std::string& attribute, bool releases) {
    if (!releases) {
      set_otherwise.insert(attribute);
    } else if (std::find(released.begin(), released.end(), attribute) == released.end()) {
      released.push_back(attribute);
    }
  });
  std::erase_if(released, [&](const std::string& a) { return set_otherwise.count(a) != 0; });
  return released;
}

bool sets_attribute_on_first_param(const Function& function, const std::string& attribute) {
  bool sets = false;
  for_each_attribute_store(
      function, [&](const std::string& name, bool releases) { sets |= !releases && name == attribute; });
  return sets;
}

}  // namespace cyclecheck
