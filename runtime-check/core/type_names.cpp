#include "type_names.hpp"

#include <array>
#include <string_view>

namespace cyclecheck::runtime {
namespace {

std::string string_attribute(PyObject* object, const char* name) {
  PyObject* value = PyObject_GetAttrString(object, name);
  if (value == nullptr) {
    PyErr_Clear();
    return {};
  }
  std::string result;
  if (PyUnicode_Check(value)) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(value, &size);
    if (text != nullptr)
      result.assign(text, static_cast<size_t>(size));
    else
      PyErr_Clear();
  }
  Py_DECREF(value);
  return result;
}

bool is_library_module(std::string_view module) {
  if (module == "__main__") return false;
  static constexpr std::array<std::string_view, 12> kLibraryPrefixes = {
      "builtins", "torch", "functools", "collections", "typing",  "abc",
      "weakref",  "_",     "numpy",     "threading",   "logging", "contextlib"};
  for (std::string_view prefix : kLibraryPrefixes) {
    if (module.substr(0, prefix.size()) == prefix &&
        (module.size() == prefix.size() || module[prefix.size()] == '.' || prefix == "_")) {
      return true;
    }
  }
  return false;
}

}  // namespace

const TypeInfo& TypeNames::info(PyTypeObject* type) {
  auto found = cache_.find(type);
  if (found != cache_.end()) return found->second;
  TypeInfo info;
  if (PyType_HasFeature(type, Py_TPFLAGS_HEAPTYPE)) {
    const std::string module = string_attribute(reinterpret_cast<PyObject*>(type), "__module__");
    std::string qualname = string_attribute(reinterpret_cast<PyObject*>(type), "__qualname__");
    if (qualname.empty()) qualname = type->tp_name;
    info.short_name = qualname;
    info.full_name = (module.empty() || module == "builtins") ? qualname : module + "." + qualname;
    info.user_defined = !is_library_module(module);
  } else {
    // Static types carry their module in tp_name ("functools.partial"); builtins do not ("list").
    info.full_name = type->tp_name;
    const auto dot = info.full_name.rfind('.');
    info.short_name = dot == std::string::npos ? info.full_name : info.full_name.substr(dot + 1);
  }
  return cache_.emplace(type, std::move(info)).first->second;
}

}  // namespace cyclecheck::runtime
