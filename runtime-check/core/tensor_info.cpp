// pybind11 module `cyclecheck_runtime._torch`: sizes the tensors a cycle holds through LibTorch.
// The only file that includes torch headers (they are slow to compile). Imported only when the
// user's script has imported torch, so a script without torch never loads LibTorch.
#include <pybind11/pybind11.h>
#include <torch/csrc/autograd/python_variable.h>

#include <set>
#include <string>
#include <utility>

namespace py = pybind11;

namespace {

// A storage is identified by its device and data pointer: views and tensors sharing a storage count once.
using StorageKey = std::pair<std::string, const void*>;

void add_storage(const at::Tensor& tensor, std::set<StorageKey>& seen, py::dict& bytes_by_device) {
  if (!tensor.defined() || !tensor.has_storage()) return;
  const c10::Storage& storage = tensor.storage();
  const std::string device = storage.device().str();
  if (!seen.emplace(device, storage.data()).second) return;
  const auto nbytes = static_cast<uint64_t>(storage.nbytes());
  const py::str key(device);
  const uint64_t previous = bytes_by_device.contains(key) ? bytes_by_device[key].cast<uint64_t>() : 0;
  bytes_by_device[key] = previous + nbytes;
}

const at::Tensor* unpack(py::handle object) {
  if (!THPVariable_Check(object.ptr())) return nullptr;
  return &THPVariable_Unpack(object.ptr());
}

// Bytes per device of the storages behind `tensors`, each storage once; a tensor's .grad counts too.
py::dict storage_bytes(const py::list& tensors) {
  std::set<StorageKey> seen;
  py::dict bytes_by_device;
  for (py::handle object : tensors) {
    const at::Tensor* tensor = unpack(object);
    if (tensor == nullptr) continue;
    add_storage(*tensor, seen, bytes_by_device);
    add_storage(tensor->grad(), seen, bytes_by_device);
  }
  return bytes_by_device;
}

py::dict describe(py::handle object) {
  const at::Tensor* tensor = unpack(object);
  if (tensor == nullptr) throw py::type_error("not a tensor");
  py::dict info;
  py::list shape;
  for (int64_t size : tensor->sizes()) shape.append(size);
  info["shape"] = shape;
  info["dtype"] = std::string(c10::toString(tensor->scalar_type()));
  info["device"] = tensor->device().str();
  info["bytes"] = tensor->has_storage() ? static_cast<uint64_t>(tensor->storage().nbytes()) : 0;
  info["requires_grad"] = tensor->requires_grad();
  info["has_grad_fn"] = tensor->grad_fn() != nullptr;
  return info;
}

}  // namespace

PYBIND11_MODULE(_torch, module) {
  module.doc() = "cyclecheck runtime: tensor storage sizes through LibTorch";
  module.def("storage_bytes", &storage_bytes, py::arg("tensors"),
             "{device: bytes} of the storages behind the tensors (and their grads), each storage once.");
  module.def("describe", &describe, py::arg("tensor"), "shape, dtype, device, storage bytes of one tensor.");
}
