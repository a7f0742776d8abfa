// Standard-library names that every supported Python 3 has. Compatibility code imports one of them and
// defines its own copy under `except ImportError:` for interpreters that lack it (an OrderedDict or an
// lru_cache backport); on Python 3 that handler never runs, so its code is not analysed.
#pragma once

#include <string_view>
#include <vector>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// `from module import member` (or `import module` when member is empty) cannot fail on Python 3.8 and
// later. Only names that exist in every version from 3.8 on are listed: `from itertools import izip`
// (Python 2) or `from collections import Mapping` (gone in 3.10) can fail, and their fallbacks run.
bool surely_importable(std::string_view module, std::string_view member);

// A try body made only of imports that cannot fail: its `except ImportError` handlers never run.
bool imports_cannot_fail(const std::vector<Stmt>& try_body);

// `except ImportError`, `except ModuleNotFoundError` or a tuple of the two.
bool catches_only_import_errors(const Expr& handler_type);

}  // namespace cyclecheck
