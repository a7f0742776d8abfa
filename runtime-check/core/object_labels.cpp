#include "object_labels.hpp"

#include <frameobject.h>
#include <structmember.h>

namespace cyclecheck::runtime {
namespace {

std::string utf8(PyObject* text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) {
    PyErr_Clear();
    return "?";
  }
  return std::string(data, static_cast<size_t>(size));
}

bool is_dunder(const std::string& name) { return name.size() > 4 && name.rfind("__", 0) == 0; }

std::string attribute_label(const std::string& name) { return is_dunder(name) ? name : "." + name; }

// Module bookkeeping dicts whose items read as attributes (model.fc is model._modules['fc']).
bool is_module_registry(const std::string& name) {
  return name == "_modules" || name == "_parameters" || name == "_buffers";
}

void add(std::vector<NamedChild>& out, PyObject* object, std::string label) {
  if (object != nullptr) out.push_back({object, std::move(label)});
}

}  // namespace

std::string key_label(PyObject* key) {
  if (PyUnicode_Check(key)) return "['" + utf8(key) + "']";
  if (PyLong_CheckExact(key)) {
    const long long value = PyLong_AsLongLong(key);
    if (value == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      return "[int]";
    }
    return "[" + std::to_string(value) + "]";
  }
  return std::string("[<") + Py_TYPE(key)->tp_name + ">]";
}

PyObject* ObjectLabeler::instance_dict(PyObject* object) {
  if (PyType_Check(object) || PyModule_Check(object) || PyDict_Check(object)) return nullptr;
  if (Py_TYPE(object)->tp_dictoffset == 0) return nullptr;
  PyObject** slot = _PyObject_GetDictPtr(object);
  if (slot == nullptr) {
    PyErr_Clear();
    return nullptr;
  }
  return *slot;
}

PyObject* ObjectLabeler::existing_instance_dict(PyObject* object) {
  if (PyType_Check(object) || PyModule_Check(object) || PyDict_Check(object)) return nullptr;
  PyTypeObject* type = Py_TYPE(object);
  if (type->tp_dictoffset == 0) return nullptr;
  if (PyType_HasFeature(type, Py_TPFLAGS_MANAGED_DICT)) {
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000
    // CPython 3.11 keeps a managed dict pointer three words before the object (NULL while the
    // attributes live inline in the values array).
    return reinterpret_cast<PyObject**>(object)[-3];
#else
    return nullptr;  // layout differs: the dict, if any, stays a node of its own
#endif
  }
  PyObject** slot = _PyObject_GetDictPtr(object);
  if (slot == nullptr) {
    PyErr_Clear();
    return nullptr;
  }
  return *slot;
}

ObjectLabeler::~ObjectLabeler() {
  for (PyObject* object : keep_alive_) Py_DECREF(object);
}

void ObjectLabeler::add_tensor_children(PyObject* tensor, std::vector<NamedChild>& out) {
  // Only attributes that never warn or compute: .grad on a non-leaf warns, so it is left out.
  for (const char* name : {"grad_fn", "_backward_hooks"}) {
    PyObject* value = PyObject_GetAttrString(tensor, name);
    if (value == nullptr) {
      PyErr_Clear();
      continue;
    }
    if (value == Py_None) {
      Py_DECREF(value);
      continue;
    }
    keep_alive_.push_back(value);
    add(out, value, name);
  }
}

void ObjectLabeler::note_closure(PyObject* function) {
  PyObject* closure = PyFunction_GET_CLOSURE(function);
  if (closure != nullptr) closure_code_[closure] = PyFunction_GET_CODE(function);
}

const std::vector<ObjectLabeler::MemberSlot>& ObjectLabeler::member_slots(PyTypeObject* type) {
  auto found = member_slots_.find(type);
  if (found != member_slots_.end()) return found->second;
  std::vector<MemberSlot> slots;
  PyObject* mro = type->tp_mro;
  const Py_ssize_t bases = mro != nullptr && PyTuple_Check(mro) ? PyTuple_GET_SIZE(mro) : 0;
  for (Py_ssize_t i = 0; i < bases; ++i) {
    auto* base = reinterpret_cast<PyTypeObject*>(PyTuple_GET_ITEM(mro, i));
    for (PyMemberDef* member = base->tp_members; member != nullptr && member->name != nullptr; ++member) {
      if ((member->type == T_OBJECT || member->type == T_OBJECT_EX) && member->offset > 0) {
        slots.push_back({member->offset, attribute_label(member->name)});
      }
    }
  }
  return member_slots_.emplace(type, std::move(slots)).first->second;
}

void ObjectLabeler::add_dict_items(PyObject* dict, const char* prefix, std::vector<NamedChild>& out) {
  PyObject* key = nullptr;
  PyObject* value = nullptr;
  Py_ssize_t position = 0;
  while (PyDict_Next(dict, &position, &key, &value)) {
    if (prefix != nullptr && PyUnicode_Check(key)) {
      add(out, value, prefix + utf8(key));
    } else {
      add(out, value, key_label(key));
      add(out, key, "key");
    }
  }
}

void ObjectLabeler::named_children(PyObject* object, std::vector<NamedChild>& out) {
  if (PyDict_Check(object)) {
    add_dict_items(object, nullptr, out);
  } else if (PyList_Check(object)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(object); ++i)
      add(out, PyList_GET_ITEM(object, i), "[" + std::to_string(i) + "]");
  } else if (PyTuple_Check(object)) {
    // A function's closure tuple: slot i holds the cell of the code's i-th free variable.
    auto closure = closure_code_.find(object);
    PyObject* names = nullptr;
    if (closure != closure_code_.end()) {
      names = PyObject_GetAttrString(closure->second, "co_freevars");
      if (names == nullptr) PyErr_Clear();
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(object); ++i) {
      std::string label = "[" + std::to_string(i) + "]";
      if (names != nullptr && PyTuple_Check(names) && i < PyTuple_GET_SIZE(names)) {
        label = "cell " + utf8(PyTuple_GET_ITEM(names, i));
      }
      add(out, PyTuple_GET_ITEM(object, i), std::move(label));
    }
    Py_XDECREF(names);
  } else if (PyAnySet_Check(object)) {
    Py_ssize_t position = 0;
    PyObject* key = nullptr;
    Py_hash_t hash = 0;
    while (_PySet_NextEntry(object, &position, &key, &hash)) add(out, key, "{}");
  } else if (PyFunction_Check(object)) {
    auto* function = reinterpret_cast<PyFunctionObject*>(object);
    add(out, function->func_closure, "__closure__");
    add(out, function->func_globals, "__globals__");
    add(out, function->func_defaults, "__defaults__");
    add(out, function->func_kwdefaults, "__kwdefaults__");
    add(out, function->func_module, "__module__");
    add(out, function->func_annotations, "__annotations__");
  } else if (PyMethod_Check(object)) {
    add(out, PyMethod_GET_FUNCTION(object), "__func__");
    add(out, PyMethod_GET_SELF(object), "__self__");
  } else if (PyCell_Check(object)) {
    add(out, PyCell_GET(object), "cell_contents");
  } else if (PyTraceBack_Check(object)) {
    auto* traceback = reinterpret_cast<PyTracebackObject*>(object);
    add(out, reinterpret_cast<PyObject*>(traceback->tb_next), "tb_next");
    add(out, reinterpret_cast<PyObject*>(traceback->tb_frame), "tb_frame");
  } else if (PyFrame_Check(object)) {
    auto* frame = reinterpret_cast<PyFrameObject*>(object);
    // The labels borrow from objects the frame keeps alive (f_back, the f_locals snapshot).
    PyFrameObject* back = PyFrame_GetBack(frame);
    add(out, reinterpret_cast<PyObject*>(back), "f_back");
    Py_XDECREF(back);
    PyObject* locals = PyFrame_GetLocals(frame);
    if (locals == nullptr) {
      PyErr_Clear();
    } else {
      if (PyDict_Check(locals)) add_dict_items(locals, "local ", out);
      Py_DECREF(locals);
    }
  } else if (PyGen_Check(object) || PyCoro_CheckExact(object)) {
    PyObject* frame = PyObject_GetAttrString(object, PyGen_Check(object) ? "gi_frame" : "cr_frame");
    if (frame == nullptr) {
      PyErr_Clear();
    } else {
      if (PyFrame_Check(frame)) {
        PyObject* locals = PyFrame_GetLocals(reinterpret_cast<PyFrameObject*>(frame));
        if (locals == nullptr)
          PyErr_Clear();
        else {
          if (PyDict_Check(locals)) add_dict_items(locals, "local ", out);
          Py_DECREF(locals);
        }
      }
      Py_DECREF(frame);
    }
  } else if (PyType_Check(object)) {
    auto* type = reinterpret_cast<PyTypeObject*>(object);
    add(out, type->tp_dict, "__dict__");
    add(out, type->tp_mro, "__mro__");
    add(out, type->tp_bases, "__bases__");
    add(out, reinterpret_cast<PyObject*>(type->tp_base), "__base__");
  } else if (PyModule_Check(object)) {
    add(out, PyModule_GetDict(object), "__dict__");
  }
  if (PyExceptionInstance_Check(object)) {
    PyObject* traceback = PyException_GetTraceback(object);
    add(out, traceback, "__traceback__");
    Py_XDECREF(traceback);
    PyObject* context = PyException_GetContext(object);
    add(out, context, "__context__");
    Py_XDECREF(context);
    PyObject* cause = PyException_GetCause(object);
    add(out, cause, "__cause__");
    Py_XDECREF(cause);
    add(out, reinterpret_cast<PyBaseExceptionObject*>(object)->args, "args");
  }
  if (tensor_type_ != nullptr && PyObject_TypeCheck(object, tensor_type_)) add_tensor_children(object, out);
  for (const MemberSlot& slot : member_slots(Py_TYPE(object))) {
    add(out, *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(object) + slot.offset), slot.label);
  }
  if (PyObject* dict = instance_dict(object); dict != nullptr && PyDict_Check(dict)) {
    // Attributes read as ".name"; an nn.Module's submodules, parameters and buffers too.
    PyObject* key = nullptr;
    PyObject* value = nullptr;
    Py_ssize_t position = 0;
    while (PyDict_Next(dict, &position, &key, &value)) {
      if (!PyUnicode_Check(key)) {
        add(out, value, key_label(key));
        continue;
      }
      const std::string name = utf8(key);
      if (is_module_registry(name) && PyDict_CheckExact(value)) add_dict_items(value, ".", out);
      add(out, value, attribute_label(name));
    }
  }
}

}  // namespace cyclecheck::runtime
