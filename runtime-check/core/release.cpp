#include "release.hpp"

namespace cyclecheck::runtime {

bool has_legacy_finalizer(PyObject* object) { return Py_TYPE(object)->tp_del != nullptr; }

size_t clear_garbage(const std::vector<PyObject*>& objects) {
  size_t cleared = 0;
  for (PyObject* object : objects) {
    inquiry clear = Py_TYPE(object)->tp_clear;
    if (clear == nullptr) continue;
    Py_INCREF(object);
    clear(object);
    if (PyErr_Occurred()) PyErr_WriteUnraisable(object);
    Py_DECREF(object);
    ++cleared;
  }
  return cleared;
}

}  // namespace cyclecheck::runtime
