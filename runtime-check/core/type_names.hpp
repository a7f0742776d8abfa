// Names of Python types as the reports show them, cached per type object.
#pragma once

#include <Python.h>

#include <string>
#include <unordered_map>

namespace cyclecheck::runtime {

struct TypeInfo {
  std::string full_name;   // "case_main.FeedForward", "torch.nn.modules.linear.Linear", "list"
  std::string short_name;  // "FeedForward", "Linear", "list"
  // A type from the user's code rather than the interpreter or a known library: cycles are described
  // starting from such an object, because that is what the user recognises.
  bool user_defined = false;
};

class TypeNames {
 public:
  const TypeInfo& info(PyTypeObject* type);

 private:
  std::unordered_map<PyTypeObject*, TypeInfo> cache_;
};

}  // namespace cyclecheck::runtime
