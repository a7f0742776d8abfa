// The modules a Python source may import, read from its text without parsing it. A check of a few files
// (a pre-commit hook gives only the staged ones) uses it to find the project modules those files import,
// so that what they say (a base class, a callee) is known as in a run over the whole project.
#pragma once

#include <string>
#include <vector>

namespace cyclecheck {

// Absolute dotted names that `import` and `from ... import` statements anywhere in `text` may load, with
// their parent packages: `from .models import Net, layers` in package `proj` gives "proj", "proj.models",
// "proj.models.Net" and "proj.models.layers" (a name imported from a module may be a submodule). Names
// that are not modules are harmless to the caller, which looks each one up as a file. Relative imports
// are resolved against `module_name` (a package's own name when `is_package`); ones that climb above the
// top package are left out. Sorted, without duplicates.
std::vector<std::string> imported_module_candidates(const std::string& text, const std::string& module_name,
                                                    bool is_package);

}  // namespace cyclecheck
