// Names the references an object holds: attribute names, dict keys, list indices, closure variable
// names, __self__/__func__, frame locals. tp_traverse says *what* an object references; this says *how*.
#pragma once

#include <Python.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace cyclecheck::runtime {

struct NamedChild {
  PyObject* object;  // borrowed: valid while the owner is alive and unchanged
  std::string label;
};

class ObjectLabeler {
 public:
  ObjectLabeler() = default;
  ObjectLabeler(const ObjectLabeler&) = delete;
  ObjectLabeler& operator=(const ObjectLabeler&) = delete;
  ~ObjectLabeler();

  // Closure tuples of the functions among the objects: their slots are labelled "cell <free var>".
  void note_closure(PyObject* function);

  // Tensors (instances of this type) get their autograd references named: grad_fn, hooks.
  void set_tensor_type(PyTypeObject* type) { tensor_type_ = type; }

  // The references `object` holds, each with its label. Instance dicts are looked through (".name").
  // May materialise an instance's __dict__ (CPython 3.11 keeps attributes inline until asked), which
  // is harmless for garbage that is about to be freed.
  void named_children(PyObject* object, std::vector<NamedChild>& out);

  // The instance dict of `object`, or nullptr (types and modules are not instances). Materialises a
  // managed dict; call only after the object has been traversed.
  static PyObject* instance_dict(PyObject* object);

  // The instance dict only if it already exists as an object; never materialises it.
  static PyObject* existing_instance_dict(PyObject* object);

 private:
  struct MemberSlot {
    Py_ssize_t offset;
    std::string label;
  };
  const std::vector<MemberSlot>& member_slots(PyTypeObject* type);
  void add_dict_items(PyObject* dict, const char* prefix, std::vector<NamedChild>& out);

  void add_tensor_children(PyObject* tensor, std::vector<NamedChild>& out);

  PyTypeObject* tensor_type_ = nullptr;
  std::vector<PyObject*> keep_alive_;  // attribute values fetched for labels (may be fresh wrappers)
  std::unordered_map<PyObject*, PyObject*> closure_code_;  // closure tuple -> code object
  std::unordered_map<PyTypeObject*, std::vector<MemberSlot>> member_slots_;
};

// "['key']", "[3]" or "[<type>]" for a dict key; exposed for tests and the instance-dict prefix form.
std::string key_label(PyObject* key);

}  // namespace cyclecheck::runtime
