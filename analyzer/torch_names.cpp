#include "analyzer/torch_names.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>
#include <string_view>

namespace cyclecheck {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

template <size_t N>
bool listed(const std::string_view (&names)[N], std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

}  // namespace

bool asks_for_grad(const Expr& call, bool method_form) {
  if (call.kind != ExprKind::Call || call.children.empty()) return false;
  if (method_form && call.children.size() == 1) return true;  // `t.requires_grad_()`
  // children[0] is the callee; arg_names runs parallel to children.
  for (size_t i = 1; i < call.children.size() && i < call.arg_names.size(); ++i) {
    const Expr& value = call.children[i];
    const bool named = call.arg_names[i] == "requires_grad";
    const bool first_positional = method_form && i == 1 && call.arg_names[i].empty();
    if ((named || first_positional) && value.kind == ExprKind::Literal) return value.text == "True";
  }
  return false;
}

bool is_camel_case(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  const std::string last = dot == std::string::npos ? qualified : qualified.substr(dot + 1);
  if (last.empty() || !std::isupper(static_cast<unsigned char>(last[0]))) return false;
  if (std::any_of(last.begin(), last.end(),
                  [](char c) { return std::islower(static_cast<unsigned char>(c)); }))
    return true;
  // An acronym is a class too (torch.optim.SGD, nn.LSTM, nn.GELU); a constant has an underscore (MAX_LEN).
  return last.size() > 1 && std::all_of(last.begin(), last.end(), [](char c) {
           return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c));
         });
}

std::string last_component(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

bool is_loss_function(const std::string& qualified) {
  const std::string name = lower(last_component(qualified));
  return name.find("loss") != std::string::npos || name == "cross_entropy" || name == "kl_div" ||
         name.rfind("binary_cross_entropy", 0) == 0 || name == "criterion";
}

bool is_torch_optimizer_class(std::string_view qualified) {
  // Not the schedulers, nor swa_utils' AveragedModel (a module) and SWALR (a scheduler).
  return qualified.starts_with("torch.optim.") &&
         qualified.find(".lr_scheduler.") == std::string_view::npos &&
         qualified.find(".swa_utils.") == std::string_view::npos;
}

bool is_torch_module_class(std::string_view qualified) {
  if (!qualified.starts_with("torch.nn.")) return false;
  const std::string_view name = qualified.substr(qualified.rfind('.') + 1);
  return !name.empty() && std::isupper(static_cast<unsigned char>(name[0])) && name != "Parameter" &&
         name != "UninitializedParameter" && name != "UninitializedBuffer" && name != "Buffer";
}

bool is_model_like_name(std::string_view name) {
  auto same = [](std::string_view text, std::string_view lowercase) {
    if (text.size() != lowercase.size()) return false;
    for (size_t i = 0; i < text.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(text[i])) != lowercase[i]) return false;
    }
    return true;
  };
  static constexpr std::string_view kExact[] = {
      "model",     "net",     "network",   "module", "encoder",    "decoder",   "backbone",
      "criterion", "loss_fn", "loss_func", "lossfn", "classifier", "generator", "discriminator",
      "rnn",       "lstm",    "gru",       "cell"};  // recurrent ones: `out, h = lstm(x, h)`
  for (std::string_view word : kExact) {
    if (same(name, word)) return true;
  }
  auto ends_with = [&](std::string_view suffix) {
    return name.size() > suffix.size() && same(name.substr(name.size() - suffix.size()), suffix);
  };
  return ends_with("_model") || ends_with("_net") || ends_with("_loss") || ends_with("criterion") ||
         ends_with("_rnn") || ends_with("_lstm") || ends_with("_gru") || ends_with("_cell");
}

GradSwitch grad_switch(std::string_view name) {
  if (name.find("no_grad") != std::string_view::npos || name.find("inference_mode") != std::string_view::npos)
    return GradSwitch::Off;
  if (name.find("set_grad_enabled") != std::string_view::npos) return GradSwitch::MaybeOff;
  return GradSwitch::None;
}

bool is_graph_free_attribute(std::string_view name) {
  static constexpr std::string_view kFree[] = {
      "data",         "grad",          "shape",          "dtype",
      "device",       "ndim",          "is_cuda",        "is_leaf",
      "layout",       "names",         "size",           "dim",
      "item",         "requires_grad", "detach",         "numpy",
      "tolist",       "indices",       "numel",          "nelement",
      "element_size", "stride",        "storage_offset", "is_contiguous",
      "data_ptr",     "get_device",    "nbytes",         "is_floating_point"};
  return listed(kFree, name);
}

bool returns_the_module(std::string_view method) {
  static constexpr std::string_view kSelfReturning[] = {"to",    "cuda",   "cpu",     "half",
                                                        "float", "double", "bfloat16"};
  return listed(kSelfReturning, method);
}

bool may_return_its_tensor(std::string_view method) {
  static constexpr std::string_view kMaybeItself[] = {"flatten", "contiguous", "type"};
  return returns_the_module(method) || listed(kMaybeItself, method);
}

bool returns_a_view(std::string_view method) {
  static constexpr std::string_view kViews[] = {
      "view",         "view_as",    "unbind",  "narrow",  "select",    "split",     "chunk",
      "tensor_split", "transpose",  "permute", "squeeze", "unsqueeze", "expand",    "expand_as",
      "diagonal",     "as_strided", "unfold",  "movedim", "swapaxes",  "unflatten", "t"};
  return listed(kViews, method);
}

bool is_tensor_property(std::string_view name) {
  static constexpr std::string_view kProperties[] = {
      "data", "grad",  "requires_grad",   "retains_grad", "names",    "real",
      "imag", "_grad", "_backward_hooks", "_base",        "_version", "grad_fn"};
  return listed(kProperties, name);
}

bool is_in_place_update(std::string_view method) {
  static constexpr std::string_view kInPlace[] = {"add_",  "sub_",     "mul_",     "div_",
                                                  "copy_", "addcmul_", "addcdiv_", "lerp_"};
  return listed(kInPlace, method);
}

bool is_module_api_method(std::string_view method) {
  // parameters(), named_modules(), requires_grad_() and the like have library models and never get here;
  // register_* by prefix.
  static constexpr std::string_view kModuleApi[] = {"add_module",
                                                    "extra_repr",
                                                    "get_buffer",
                                                    "get_extra_state",
                                                    "get_parameter",
                                                    "get_submodule",
                                                    "load_state_dict",
                                                    "state_dict",
                                                    "set_extra_state",
                                                    "to_empty",
                                                    "type",
                                                    "zero_grad",
                                                    "log",
                                                    "log_dict",
                                                    "print",
                                                    "save_hyperparameters",
                                                    "optimizers",
                                                    "lr_schedulers",
                                                    "manual_backward",
                                                    "toggle_optimizer",
                                                    "untoggle_optimizer"};
  return listed(kModuleApi, method) || method.starts_with("register_");
}

bool is_reduction_call(const Expr* call) {
  if (call == nullptr || call->kind != ExprKind::Call || call->children.empty() ||
      (call->children[0].kind != ExprKind::Attribute && call->children[0].kind != ExprKind::Name))
    return false;
  // `out.max`, or `torch.max` (which may come lowered as one dotted name).
  const std::string& callee = call->children[0].text;
  const std::string_view name = std::string_view(callee).substr(callee.rfind('.') + 1);
  static constexpr std::string_view kReductions[] = {"max",      "min",  "topk",  "sort",
                                                     "kthvalue", "mode", "median"};
  return listed(kReductions, name);
}

bool indices_of_a_reduction(const Expr& subscript) {
  return subscript.text == "1" && !subscript.children.empty() && is_reduction_call(&subscript.children[0]);
}

const Expr* concatenated_display(const Expr& e) {
  if (e.kind != ExprKind::Call || e.children.size() < 2 || e.children[1].kind != ExprKind::Container ||
      e.children[1].text == "comprehension" || (e.arg_names.size() > 1 && !e.arg_names[1].empty()))
    return nullptr;
  const Expr& callee = e.children[0];
  if (callee.kind != ExprKind::Attribute) return nullptr;
  static constexpr std::string_view kJoins[] = {"cat", "concat", "concatenate", "stack", "vstack", "hstack"};
  return listed(kJoins, callee.text) ? &e.children[1] : nullptr;
}

std::string unregistration_method(const std::string& name) {
  if (name.rfind("add_", 0) == 0) return "remove_" + name.substr(4);
  if (name.rfind("register", 0) == 0) return "un" + name;
  if (name == "subscribe") return "unsubscribe";
  return "";
}

bool is_registration_method(const std::string& name) {
  // `callback`: contextlib.ExitStack keeps what it is given until the stack is closed.
  if (name.rfind("register", 0) == 0 || name == "connect" || name == "subscribe" || name == "add_listener" ||
      name == "callback") {
    return true;
  }
  if (name.rfind("add_", 0) == 0) {
    return name.find("hook") != std::string::npos || name.find("callback") != std::string::npos ||
           name.find("listener") != std::string::npos || name.find("handler") != std::string::npos;
  }
  return false;
}

}  // namespace cyclecheck
