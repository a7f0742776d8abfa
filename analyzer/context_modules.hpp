// Which modules of a run are context only: given for what they say about the checked files (their imports,
// found by analyzer/import_context.hpp) and not solved for findings of their own.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "analyzer/program.hpp"

namespace cyclecheck {

// By module index: the modules whose path is in `context_paths`, except those that import a checked module,
// directly or through other modules. Those call into the checked files (an import cycle makes a module both
// an import and a caller of a checked file), and how they call is part of what the checked files' findings
// say, as in a run over the whole project.
std::vector<bool> context_only_modules(const Program& program, const std::set<std::string>& context_paths);

}  // namespace cyclecheck
