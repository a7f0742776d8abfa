#include "analyzer/context_modules.hpp"

#include <deque>

namespace cyclecheck {

std::vector<bool> context_only_modules(const Program& program, const std::set<std::string>& context_paths) {
  const size_t count = program.modules().size();
  std::vector<bool> context(count, false);
  bool any = false;
  for (size_t m = 0; m < count; ++m) {
    context[m] = context_paths.count(program.module(static_cast<int32_t>(m)).path) != 0;
    any = any || context[m];
  }
  if (!any) return context;

  // importers[v]: the modules that import v (`import a.b` also runs a's __init__, and `from a import b` may
  // import the submodule a.b).
  std::vector<std::vector<int32_t>> importers(count);
  auto add_import = [&](int32_t importer, const std::string& dotted) {
    for (size_t dot = dotted.find('.');; dot = dotted.find('.', dot + 1)) {
      const int32_t imported = program.module_index(dotted.substr(0, dot), importer);
      if (imported >= 0 && imported != importer) importers[static_cast<size_t>(imported)].push_back(importer);
      if (dot == std::string::npos) break;
    }
  };
  for (size_t m = 0; m < count; ++m) {
    const auto importer = static_cast<int32_t>(m);
    for (const std::string& dotted : program.imported_modules(importer)) add_import(importer, dotted);
  }
  // Every module that reaches a checked one through imports is solved too.
  std::deque<size_t> reached;
  for (size_t m = 0; m < count; ++m) {
    if (!context[m]) reached.push_back(m);
  }
  while (!reached.empty()) {
    const size_t imported = reached.front();
    reached.pop_front();
    for (const int32_t importer : importers[imported]) {
      if (!context[static_cast<size_t>(importer)]) continue;
      context[static_cast<size_t>(importer)] = false;
      reached.push_back(static_cast<size_t>(importer));
    }
  }
  return context;
}

}  // namespace cyclecheck
