// What names and call shapes mean in the PyTorch (and plain Python) code the solver reads: loss functions
// and model-like names, autograd switches, nn.Module methods, reductions and joins of tensors, callback
// registrations. Used by the solver's files (analyzer/solver*.cpp).
#pragma once

#include <string>
#include <string_view>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// Whether the last component of a dotted name names a class by convention: CamelCase, or an acronym
// (`SGD`, `LSTM`).
bool is_camel_case(const std::string& qualified);

std::string last_component(const std::string& qualified);

// Calls whose result carries autograd history: loss functions.
bool is_loss_function(const std::string& qualified);

// `torch.optim.Adam` and the other optimizers (not the lr_scheduler classes): they keep the parameters
// they update and their state.
bool is_torch_optimizer_class(std::string_view qualified);

// A module class of torch.nn (`torch.nn.Linear`, `torch.nn.modules.conv.Conv2d`), not a parameter or
// buffer class, which are tensors: calling an instance runs a forward pass.
bool is_torch_module_class(std::string_view qualified);

// Names that conventionally hold a model or a criterion: calling one yields a graph-attached tensor.
// Compared without case and without a lowered copy: this runs at every call of an unknown callable.
bool is_model_like_name(std::string_view name);

// What a call (or a decorator, or a context manager made by one) named `name` does to autograd: torch's
// no_grad and inference_mode turn it off; set_grad_enabled(flag) may.
enum class GradSwitch { None, Off, MaybeOff };
GradSwitch grad_switch(std::string_view name);

// Whether a call asks for a tensor that requires grad: `torch.zeros(n, requires_grad=True)`, or
// `t.requires_grad_()` / `t.requires_grad_(True)` (`method_form`). Such a leaf makes what autograd computes
// from it carry a graph.
bool asks_for_grad(const Expr& call, bool method_form);

// Attributes of a tensor that hold no autograd history.
bool is_graph_free_attribute(std::string_view name);

// nn.Module methods that return the module itself, and a new tensor for a tensor (train, eval and
// requires_grad_ return their receiver whatever it is: library_models.toml).
bool returns_the_module(std::string_view method);

// Tensor methods that give the tensor itself back when there is nothing to do (`x.float()` of a float tensor,
// `x.to(device)` on that device, `v.flatten()` of a 1-D one), its graph with it, even under no_grad.
bool may_return_its_tensor(std::string_view method);

// Tensor methods whose result is a view of the tensor (`unbind`, `view`, `narrow`, `transpose`, ...): the
// view keeps its base tensor alive from C++.
bool returns_a_view(std::string_view method);

// Attributes of a tensor that are its own properties, not entries of its `__dict__` (`x.data = ...`,
// `x.grad = ...`).
bool is_tensor_property(std::string_view name);

// `add_`, `sub_`, `mul_`, `div_`, `copy_`, `addcmul_`, `addcdiv_`, `lerp_`: a tensor updated in place.
bool is_in_place_update(std::string_view method);

// Methods nn.Module itself (or Lightning's LightningModule) defines that give no activation: on `self` of a
// module, any other method that resolves to no project code is taken for a submodule being called.
bool is_module_api_method(std::string_view method);

// `out.max(1)`, `torch.topk(out, 5)`: a reduction that returns values and their indices.
bool is_reduction_call(const Expr* call);

// `out.max(1)[1]`, `out.topk(5)[1]`: the indices a reduction returns second never require grad.
bool indices_of_a_reduction(const Expr& subscript);

// The display of tensors `torch.cat((acc, out))` (or stack, vstack, hstack, concat) joins: nullptr for any
// other expression.
const Expr* concatenated_display(const Expr& e);

bool is_registration_method(const std::string& name);
// The method that takes out what a registration method put in (`add_signal_handler`:
// `remove_signal_handler`, `register_x`: `unregister_x`), or "" when it has no such name.
std::string unregistration_method(const std::string& name);

}  // namespace cyclecheck
