// Tables filled by a decorator of the project: `COMPONENTS = {}` at module level, a decorator (or the
// function a decorator factory returns) that stores what it decorates into it (`COMPONENTS[kind] = cls`),
// and classes or functions decorated with it (`@register("mlp") class MLP`). Reading the table
// (`COMPONENTS[cfg.type](**args)`) gives any of them, as a config-driven `build_from_cfg` does.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/program.hpp"

namespace cyclecheck {

// By (module, global name) of the table: what the project's decorators register into it, in the order of
// the modules and of the definitions in each.
using DecoratorRegistrations = std::map<std::pair<int32_t, std::string>, std::vector<StaticRef>>;

DecoratorRegistrations decorator_registrations(const Program& program);

}  // namespace cyclecheck
