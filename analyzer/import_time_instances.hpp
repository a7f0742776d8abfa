// Project classes whose every instance is made at import and kept by a module-level variable (`FLEET =
// [Device(cid) for cid in range(8)]`, `TRACKER = Tracker()`): what their methods keep on `self` stays for the
// life of the process, as if stored into that variable.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "analyzer/program.hpp"

namespace cyclecheck {

// By class (CodeRef::key). A class is listed when the project makes it, or a
// subclass, somewhere, and only as the value of a module-level assignment outside loops (or an element of the
// display or comprehension assigned), never elsewhere nor through another reference to the class (a factory
// handed around, `cls(...)` in its methods): its instances, and those of its subclasses, which run its
// methods, are then the ones those variables keep.
std::unordered_map<uint64_t, ImportTimeHolder> import_time_instances(const Program& program);

}  // namespace cyclecheck
