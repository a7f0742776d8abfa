#include "analyzer/decorator_registry.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

namespace cyclecheck {
namespace {

// The module-level table `function` stores its first parameter into (`TABLE[key] = cls`,
// `TABLE[key] = functools.partial(fn, **defaults)`, `TABLE.append(fn)`, `TABLE.add(fn)`), as the global it
// resolves to; nullopt when it stores none.
std::optional<StaticRef> registered_into(const Program& program, int32_t module, const Function& function) {
  if (function.params.empty() || function.is_lambda) return std::nullopt;
  const std::string& decorated = function.params[0].name;
  std::optional<StaticRef> table;
  auto global_table = [&](const Expr& base) -> std::optional<StaticRef> {
    if (base.kind != ExprKind::Name) return std::nullopt;
    if (std::find(function.locals.begin(), function.locals.end(), base.text) != function.locals.end())
      return std::nullopt;
    const StaticRef ref = program.resolve_global(module, base.text);
    if (ref.kind != StaticRef::Kind::ProjectGlobal) return std::nullopt;
    return ref;
  };
  // `functools.partial(fn, **defaults)` stored in its place: calling the entry calls `fn`.
  auto partial_of_decorated = [&](const Expr& value) {
    return value.kind == ExprKind::Call && value.children.size() >= 2 &&
           (value.children[0].kind == ExprKind::Name || value.children[0].kind == ExprKind::Attribute) &&
           value.children[0].text == "partial" &&
           (value.arg_names.size() < 2 || value.arg_names[1].empty()) &&
           value.children[1].kind == ExprKind::Name && value.children[1].text == decorated;
  };
  for_each_statement(function.body, [&](const Stmt& s) {
    if (table) return;
    if (s.kind == StmtKind::Assign &&
        ((s.value.kind == ExprKind::Name && s.value.text == decorated) || partial_of_decorated(s.value))) {
      for (const Expr& target : s.targets) {
        if (target.kind == ExprKind::Subscript && !target.children.empty())
          table = global_table(target.children[0]);
        if (table) return;
      }
    }
    const Expr& call = s.value;
    if (s.kind == StmtKind::ExprStmt && call.kind == ExprKind::Call && call.children.size() == 2 &&
        call.children[0].kind == ExprKind::Attribute &&
        (call.children[0].text == "append" || call.children[0].text == "add") &&
        !call.children[0].children.empty() && call.children[1].kind == ExprKind::Name &&
        call.children[1].text == decorated)
      table = global_table(call.children[0].children[0]);
  });
  return table;
}

// The nested function `factory` returns (`def register(kind): def deco(cls): ...; return deco`), or -1.
int32_t returned_nested_function(const ModuleFacts& facts, int32_t factory) {
  int32_t found = -1;
  for_each_statement(facts.functions[static_cast<size_t>(factory)].body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Return || s.value.kind != ExprKind::Name) return;
    for (size_t f = 0; f < facts.functions.size(); ++f) {
      if (facts.functions[f].parent_function == factory && facts.functions[f].name == s.value.text)
        found = static_cast<int32_t>(f);
    }
  });
  return found;
}

}  // namespace

DecoratorRegistrations decorator_registrations(const Program& program) {
  DecoratorRegistrations registrations;
  // The table a decorator fills, by the function written as the decorator and whether it is called (then
  // the function it returns is what applies): memoized, since one decorator usually marks many definitions.
  std::map<std::tuple<int32_t, int32_t, bool>, std::optional<StaticRef>> tables;
  auto table_of = [&](CodeRef decorator, bool called) -> const std::optional<StaticRef>& {
    auto [it, inserted] = tables.try_emplace({decorator.module, decorator.index, called});
    if (!inserted) return it->second;
    CodeRef applied = decorator;
    if (called) applied.index = returned_nested_function(program.module(decorator.module), decorator.index);
    if (applied.index >= 0) it->second = registered_into(program, applied.module, program.function(applied));
    return it->second;
  };
  auto register_definition = [&](int32_t module, const std::vector<Decorator>& decorators,
                                 StaticRef defined) {
    for (const Decorator& d : decorators) {
      if (d.dotted.empty()) continue;
      const StaticRef ref = program.resolve_dotted(module, d.dotted);
      if (ref.kind != StaticRef::Kind::ProjectFunction) continue;
      const std::optional<StaticRef>& table = table_of(ref.code, d.is_call);
      if (!table) continue;
      registrations[{table->code.module, table->qualified}].push_back(defined);
    }
  };
  for (size_t m = 0; m < program.modules().size(); ++m) {
    const auto module = static_cast<int32_t>(m);
    const ModuleFacts& facts = program.module(module);
    // Definitions at module level only: those run once, as the module is imported.
    for (size_t c = 0; c < facts.classes.size(); ++c) {
      if (facts.classes[c].parent_function > 0 || facts.classes[c].decorators.empty()) continue;
      StaticRef defined;
      defined.kind = StaticRef::Kind::ProjectClass;
      defined.code = CodeRef{module, static_cast<int32_t>(c)};
      register_definition(module, facts.classes[c].decorators, defined);
    }
    for (size_t f = 1; f < facts.functions.size(); ++f) {
      const Function& function = facts.functions[f];
      if (function.parent_function != 0 || function.owner_class >= 0 || function.decorators.empty()) continue;
      StaticRef defined;
      defined.kind = StaticRef::Kind::ProjectFunction;
      defined.code = CodeRef{module, static_cast<int32_t>(f)};
      register_definition(module, function.decorators, defined);
    }
  }
  return registrations;
}

}  // namespace cyclecheck
