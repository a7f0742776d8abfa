// Frees collected garbage the way the collector itself does once it has saved it for us.
#pragma once

#include <Python.h>

#include <vector>

namespace cyclecheck::runtime {

// Calls tp_clear on every object, as CPython's delete_garbage() does, which breaks the cycles; the
// objects are then freed by reference counting when the caller drops its last references.
// The caller must hold a reference to every object for the duration. Returns the number cleared.
size_t clear_garbage(const std::vector<PyObject*>& objects);

// True when an object has a legacy tp_del finaliser: the collector never frees such cycles
// (they stay in gc.garbage), so neither may we.
bool has_legacy_finalizer(PyObject* object);

}  // namespace cyclecheck::runtime
