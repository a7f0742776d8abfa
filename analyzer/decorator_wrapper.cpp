#include "analyzer/decorator_wrapper.hpp"

namespace cyclecheck {

int32_t returned_nested_function(const ModuleFacts& facts, int32_t function) {
  const Function& f = facts.functions[static_cast<size_t>(function)];
  int32_t returned = -1;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (returned >= 0 || s.kind != StmtKind::Return || s.value.kind != ExprKind::Name) return;
    const std::string& name = s.value.text;
    for_each_statement(f.body, [&](const Stmt& def) {
      if (returned < 0 && def.kind == StmtKind::FunctionDef && def.text == name)
        returned = def.function_index;
    });
  });
  return returned;
}

}  // namespace cyclecheck
