// Where autograd may be on: which project functions can run with it, from the calls the solve resolved.
#pragma once

#include <set>

#include "rules/rule_definition.hpp"

namespace cyclecheck::rules {

// The functions that may run with autograd on: those no project code calls (entry points, called by a
// framework or by code that was not given), and those called outside no_grad from one of them. A
// function whose name a `with torch.no_grad():` block calls is taken to be called there, since the call
// may not have been resolved.
std::set<CodeRef> grad_enabled_functions(const RuleContext& context);

}  // namespace cyclecheck::rules
