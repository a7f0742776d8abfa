#include "analyzer/solver.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "analyzer/carried_state.hpp"
#include "analyzer/heap.hpp"
#include "analyzer/idle_cores.hpp"
#include "analyzer/retain.hpp"
#include "analyzer/scc.hpp"
#include "analyzer/string_interner.hpp"

namespace cyclecheck {
namespace {

template <typename T>
void sort_unique(std::vector<T>& items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
}

bool is_camel_case(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  const std::string last = dot == std::string::npos ? qualified : qualified.substr(dot + 1);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) &&
         std::any_of(last.begin(), last.end(),
                     [](char c) { return std::islower(static_cast<unsigned char>(c)); });
}

std::string last_component(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Calls whose result carries autograd history: loss functions.
bool is_loss_function(const std::string& qualified) {
  const std::string name = lower(last_component(qualified));
  return name.find("loss") != std::string::npos || name == "cross_entropy" || name == "kl_div" ||
         name.rfind("binary_cross_entropy", 0) == 0 || name == "criterion";
}

// Names that conventionally hold a model or a criterion: calling one yields a graph-attached tensor.
// Compared without case and without a lowered copy: this runs at every call of an unknown callable.
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

template <size_t N>
bool listed(const std::string_view (&names)[N], std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// What a call (or a decorator, or a context manager made by one) named `name` does to autograd: torch's
// no_grad and inference_mode turn it off; set_grad_enabled(flag) may.
enum class GradSwitch { None, Off, MaybeOff };
GradSwitch grad_switch(std::string_view name) {
  if (name.find("no_grad") != std::string_view::npos || name.find("inference_mode") != std::string_view::npos)
    return GradSwitch::Off;
  if (name.find("set_grad_enabled") != std::string_view::npos) return GradSwitch::MaybeOff;
  return GradSwitch::None;
}

// Attributes of a tensor that hold no autograd history.
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

// nn.Module methods that return the module itself, and a new tensor for a tensor (train, eval and
// requires_grad_ return their receiver whatever it is: library_models.toml).
bool returns_the_module(std::string_view method) {
  static constexpr std::string_view kSelfReturning[] = {"to",    "cuda",   "cpu",     "half",
                                                        "float", "double", "bfloat16"};
  return listed(kSelfReturning, method);
}

// Methods nn.Module itself (or Lightning's LightningModule) defines that give no activation: on `self` of a
// module, any other method that resolves to no project code is taken for a submodule being called.
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

// `out.max(1)`, `torch.topk(out, 5)`: a reduction that returns values and their indices.
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

// `out.max(1)[1]`, `out.topk(5)[1]`: the indices a reduction returns second never require grad.
bool indices_of_a_reduction(const Expr& subscript) {
  return subscript.text == "1" && !subscript.children.empty() && is_reduction_call(&subscript.children[0]);
}

// The display of tensors `torch.cat((acc, out))` (or stack, vstack, hstack, concat) joins: nullptr for any
// other expression.
const Expr* concatenated_display(const Expr& e) {
  if (e.kind != ExprKind::Call || e.children.size() < 2 || e.children[1].kind != ExprKind::Container ||
      e.children[1].text == "comprehension" || (e.arg_names.size() > 1 && !e.arg_names[1].empty()))
    return nullptr;
  const Expr& callee = e.children[0];
  if (callee.kind != ExprKind::Attribute) return nullptr;
  static constexpr std::string_view kJoins[] = {"cat", "concat", "concatenate", "stack", "vstack", "hstack"};
  return listed(kJoins, callee.text) ? &e.children[1] : nullptr;
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

EdgeRole role_from_model(const std::string& role) {
  if (role == "module-hook") return EdgeRole::ModuleHook;
  if (role == "tensor-hook") return EdgeRole::TensorHook;
  if (role == "capture") return EdgeRole::Capture;
  if (role == "callback") return EdgeRole::Callback;
  return EdgeRole::Plain;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// One function's abstract execution. Its exit state doubles as the function's summary.
// ---------------------------------------------------------------------------------------------------
class Solver;

// A function whose abstract heap grows past this stops applying callee summaries (generated code).
constexpr size_t kMaxObjects = 20000;
// A store that may write many objects into many bases: its edges cannot prove a must-cycle.
constexpr size_t kMaxEdgeFanout = 16;
// Summaries with more objects than this are not applied at call sites.
constexpr size_t kMaxSummaryObjects = 200;
// The field of an object that keeps what `obj.connect(f)` or `obj.add_done_callback(f)` registers:
// "connect() callbacks[]".
constexpr std::string_view kRegisteredSuffix = "() callbacks[]";
// What atexit.register and the like keep: every registration, until an unregister call in the module.
const std::string kProcessRegistry = "<process registry>";
// What signal.signal and the like keep: one handler, replaced by the next registration.
const std::string kProcessRoots = "<process roots>";

class Context {
 public:
  struct Arg {
    std::string name;  // "", "*", "**", or keyword
    ValueSet values;
  };
  // `receiver_cls`, when valid, is the class of `self` for a method a subclass inherits: its summary is
  // made again for that class when the subclass overrides a method it calls.
  Context(Solver& solver, CodeRef function, CodeRef receiver_cls = {});

  void run();

  Solver& solver_;
  const Program& program_;
  CodeRef ref_;
  const Function& fn_;
  CodeRef receiver_cls_;
  std::vector<Obj> objs_;
  HeapState st_;
  EdgeMap edges_;
  FlatSet<uint64_t, std::hash<uint64_t>> dirty_;
  ValueSet ret_;
  // Parameters returned unchanged by an early guard (`if not training or p == 0: return x`) before the
  // function returns something else: the disabled path, see guard_returned_params().
  std::vector<uint32_t> guard_returned_params_;
  // Values a call here may give back only through such a guard, next to what it makes: a field that holds
  // one of them and a value in a cycle is taken to hold the cycle's value (see edge_is_must).
  ValueSet passed_through_;
  std::vector<Event> events_;
  std::vector<ObjId> params_;
  ObjId func_self_ = kNoObj;
  ObjId frame_ = kNoObj;
  bool uses_frame_ = false;  // currentframe()/exception handlers: frame locals become edges at exit
  // Whether this function, or the class whose method it is, calls `<handle>.remove()`: a hook registered here
  // whose handle is kept is then taken to be removed on purpose. Found on first need: most functions
  // register nothing.
  bool removes_handles();
  std::optional<bool> removes_handles_;
  // Whether `id` was made by a call to one of the library `functions` (qualified names): the call's result
  // here, or what a module-level variable assigned once from one holds.
  bool made_by(ObjId id, const std::vector<std::string>& functions) const;
  // The plain project class (no library base) a parameter annotation names, as seen from this function's
  // module; invalid otherwise.
  CodeRef annotated_project_class(const std::string& dotted) const;

  // Interning.
  FlatMap<uint64_t, ObjId, std::hash<uint64_t>> project_constants_;  // by kind, module and index
  std::unordered_map<std::string, ObjId> external_constants_;
  FlatMap<uint64_t, ObjId, std::hash<uint64_t>> placeholders_;
  std::unordered_map<std::string, ObjId> globals_;
  std::unordered_map<std::string, ObjId> cells_;
  // Allocation-site abstraction: one object per (IR node, variant) and per (call node, callee, callee
  // object).
  struct SiteKey {
    const void* node;
    const void* owner;
    uint64_t variant;
    bool operator==(const SiteKey&) const = default;
  };
  struct SiteKeyHash {
    size_t operator()(const SiteKey& k) const {
      uint64_t h = reinterpret_cast<uintptr_t>(k.node) * 0x9E3779B97F4A7C15ULL;
      h ^= reinterpret_cast<uintptr_t>(k.owner) + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
      h ^= k.variant * 0xBF58476D1CE4E5B9ULL + (h << 6) + (h >> 2);
      return static_cast<size_t>(h);
    }
  };
  FlatMap<SiteKey, ObjId, SiteKeyHash> site_objects_;
  FlatMap<SiteKey, ObjId, SiteKeyHash> instantiated_;

  // Calls on a parameter or field of unknown type: resolved again where a caller knows what it is.
  struct DeferredCall {
    ObjId receiver = kNoObj;  // method call: the receiver; plain call: kNoObj
    ObjId callee = kNoObj;    // plain call: the callee
    std::string method;
    std::vector<std::pair<std::string, ValueSet>> args;
    const Expr* node = nullptr;
    int32_t module = -1;
    ObjId result = kNoObj;
    bool result_used = true;
    CodeRef caller;                                // the function whose body makes the call
    bool no_grad = false, grad_maybe_off = false;  // autograd there (see no_grad_depth_)
  };
  std::vector<DeferredCall> deferred_;
  // While a callee's deferred call is resolved here: the function that makes it (for call edges).
  CodeRef deferred_caller_;
  bool same_identity_store_ = false;
  // Root variables of the base and the value of the store being executed ("parent" for parent.children),
  // "" when unknown: a summary object linked to itself through two different variables is two objects.
  std::string store_base_root_, store_value_root_;
  const Expr* assigned_value_ = nullptr;  // the right-hand side of the assignment being executed  // `x.f =
                                          // x`: base and value are the same variable
  int32_t site_module_override_ = -1;     // sites of a callee's deferred call belong to the callee's module
  std::vector<const Context*> instantiating_;  // summaries being applied here: recursion stops at a repeat
  // Decorated functions whose wrapper is being applied here: the wrapper's own call of the function runs it.
  std::vector<CodeRef> unwrapping_;
  // The `*args` tuples calls here made, each with the positional arguments it packed in order: a wrapper's
  // `fn(*args)` hands them on one by one, not every argument to every parameter.
  // Null once two calls at one site packed different numbers of them (or a `*` of unknown length).
  std::unordered_map<ObjId, std::optional<std::vector<ValueSet>>> packed_arguments_;

  int loop_depth_ = 0;
  std::vector<const Stmt*> loops_;  // the `for` and `while` statements being executed, innermost last
  int no_grad_depth_ = 0;
  bool autograd_maybe_off() const { return no_grad_depth_ > 0 || grad_maybe_off_depth_ > 0; }
  // Inside `with torch.set_grad_enabled(...)`, or after `torch.set_grad_enabled(...)` as a statement.
  int grad_maybe_off_depth_ = 0;
  // The call directly under the `await` being evaluated: a project `async def` it calls gives its return
  // value there, not a coroutine. `awaited_result_` says whether one did.
  const Expr* awaited_call_ = nullptr;
  bool awaited_result_ = false;
  // The generator expression that the call being evaluated drains into one value keeping every element
  // (`list(model(x) for x in xs)`, `sum(loss(x) for x in xs)`), and what that value is ("list", "sum").
  const Expr* drained_generator_ = nullptr;
  const char* drained_into_ = nullptr;
  // Some object here has forward hooks (see run_forward_hooks); while they run, calls they make run none.
  bool forward_hooks_known_ = false;
  bool running_forward_hooks_ = false;
  void run_forward_hooks(ObjId module, const std::vector<Arg>& args, const ValueSet& output,
                         const Expr& node);
  std::vector<ObjId> handler_exceptions_;
  // Exceptions raised while handling another (`except KeyError as e: raise BadSample(...) from e`): each
  // keeps the handled one as `__context__`, and so its traceback and the frames in it. Those raised in a
  // `try` body here go to the innermost body's set, for its handlers; the others leave the function, in
  // `raised_` (part of the summary, so a caller's handler catches them from the call).
  ValueSet raised_;
  std::vector<ValueSet> try_raised_;
  void raise_chained(const ValueSet& raised, const Site& site);
  void note_raised(const ValueSet& raised);
  // `err.with_traceback(tb)`: the exception without its own traceback (tb is None, or taken to be another
  // frame's), still keeping its `__context__`.
  ValueSet without_traceback(const ValueSet& receivers, const Expr& node);
  // Whether `except <type>` catches `raised`: a bare `except`, `Exception` and `BaseException` catch all;
  // otherwise one of the names must be the raised object's class or one of its bases (library exception
  // hierarchies are not known: `except OSError` is not taken to catch a ConnectionError).
  bool handler_catches(const Expr& type, ObjId raised) const;

  // ---- objects ----
  // `value` was computed from `operand` (a few dozen at most: values built in a loop have many).
  void add_operand(ObjId value, ObjId operand) {
    auto& operands = objs_[value].operands;
    if (operands.size() < 16 && std::find(operands.begin(), operands.end(), operand) == operands.end())
      operands.push_back(operand);
  }
  ObjId add(Obj obj) {
    objs_.push_back(std::move(obj));
    return static_cast<ObjId>(objs_.size() - 1);
  }
  int32_t site_module() const { return site_module_override_ >= 0 ? site_module_override_ : ref_.module; }
  SiteNote site_ref(const Site& site, std::string_view note = {}) const {
    return SiteNote{site_module(), site, PooledText(note)};
  }
  bool is_placeholder(ObjId id) const {
    const ObjKind k = objs_[id].kind;
    return k == ObjKind::Param || k == ObjKind::Field || k == ObjKind::FuncSelf ||
           (k == ObjKind::Global && !objs_[id].cls.valid());
  }
  void defer(ObjId receiver, ObjId callee, const std::string& method, const std::vector<Arg>& args,
             const Expr& node, ObjId result, bool result_used) {
    if (deferred_.size() >= 128) return;
    DeferredCall d;
    d.receiver = receiver;
    d.callee = callee;
    d.method = method;
    for (const Arg& a : args) d.args.emplace_back(a.name, a.values);
    d.node = &node;
    d.module = site_module_override_ >= 0 ? site_module_override_ : ref_.module;
    d.result = result;
    d.result_used = result_used;
    d.caller = deferred_caller_.valid() ? deferred_caller_ : ref_;
    d.no_grad = no_grad_depth_ > 0;
    d.grad_maybe_off = grad_maybe_off_depth_ > 0;
    deferred_.push_back(std::move(d));
  }
  ObjId constant(const StaticRef& ref);
  static StaticRef project_ref(StaticRef::Kind kind, CodeRef code) {
    StaticRef r;
    r.kind = kind;
    r.code = code;
    return r;
  }
  ObjId external(const std::string& qualified) {
    StaticRef r;
    r.kind = StaticRef::Kind::External;
    r.qualified = qualified;
    return constant(r);
  }
  ObjId global(int32_t module, const std::string& name);
  ObjId cell(const std::string& name);
  ObjId frame();
  ObjId at_site(const void* node, ObjKind kind, const std::string& label, const Site& site,
                uint32_t salt = 0);
  // `torch.autograd.grad(outputs, inputs, ...)`: a tuple of gradients, which carry a graph only with a
  // literal `create_graph=True` (or a flag); without it they are plain tensors, whatever graph the outputs
  // had.
  ValueSet gradients_of(const Expr& node);
  bool names_a_class(ObjId id) const;
  // torch.nn.Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict.
  static bool is_torch_module_container(const std::string& qualified);
  void keep_container_modules(ObjId container, const std::string& qualified, const std::vector<Arg>& args,
                              const Expr& node);
  ObjId placeholder(ObjId base, FieldId field, Site site);

  // ---- heap ----
  ValueSet load(const ValueSet& bases, FieldId field, Site site);
  ValueSet load_one(ObjId base, FieldId field, Site site);
  // x["key"]: what was stored under that key; else, for an unknown object, its own placeholder (so
  // x["a"] and x["b"] stay apart); else any element.
  ValueSet load_keyed(const ValueSet& bases, FieldId keyed, Site site) {
    ValueSet out;
    for (ObjId b : bases) {
      auto it = st_.fields.find(field_key(b, keyed));
      if (it != st_.fields.end()) {
        out.merge(it->second);
      } else if (placeholder_capable(b) && objs_[b].kind != ObjKind::Instance &&
                 (objs_[b].kind != ObjKind::LibInstance ||
                  is_torch_module_container(objs_[b].qualified.str()))) {
        // `seq[0]` of an nn.Sequential or ModuleList: one module, its own placeholder, rather than any of
        // the elements it was given.
        out.merge(load_one(b, keyed, site));
      } else {
        out.merge(load_one(b, elements_field(), site));
      }
    }
    return out;
  }
  // x[a:b] of a list or tuple made here: a new sequence holding x's elements, not one of them.
  ObjId slice_of(const ValueSet& bases, const Expr& e);
  void copy_slice_slots(const ValueSet& bases, const Expr& e, ObjId copy);
  // The role of the edge from -> to by `field` (Plain when there is none), for copies that keep it.
  EdgeRole edge_role(ObjId from, FieldId field, ObjId to) const {
    auto edge = edges_.find(EdgeKey{from, field, to});
    return edge != edges_.end() ? edge->second.role : EdgeRole::Plain;
  }
  // The slot an element of a display fills: "[key]" for a dict entry with a literal key, "[n]" for a tuple
  // or list position, "" for a set, a comprehension or a computed key.
  static std::string display_slot(const Expr& display, const Expr& element, size_t position) {
    if (display.container == ContainerKind::Dict && !element.arg_names.empty() &&
        !element.arg_names[0].empty()) {
      return "[" + element.arg_names[0] + "]";
    }
    if ((display.container == ContainerKind::Tuple || display.container == ContainerKind::List) &&
        display.text != "comprehension") {
      return "[" + std::to_string(position) + "]";
    }
    return {};
  }
  bool any_container(const ValueSet& values) const {
    for (ObjId v : values) {
      if (objs_[v].kind == ObjKind::Container) return true;
    }
    return false;
  }
  void store(const ValueSet& bases, FieldId field, const ValueSet& values, const std::vector<SiteNote>& chain,
             EdgeRole role, bool removable = false);
  void set_field(ObjId base, FieldId field, ValueSet values, bool strong);
  void add_edge(ObjId from, FieldId field, ObjId to, EdgeInfo info);
  // Whether add_edge would record an edge with this strength (new, or proven where it was not).
  bool edge_wanted(ObjId from, FieldId field, ObjId to, bool must) const {
    auto it = edges_.find(EdgeKey{from, field, to});
    return it == edges_.end() || (must && !it->second.must);
  }
  bool placeholder_capable(ObjId id) const;
  // `base` is state of `self` in the `forward` of an nn.Module (`self.total`, `self.maps`), under an
  // attribute that no other method starts again; `attribute` is the one written when `base` is its owner.
  bool kept_by_forward(ObjId base, FieldId attribute) const {
    if (fn_.name != "forward" || fn_.owner_class < 0 ||
        !program_.class_info(CodeRef{ref_.module, fn_.owner_class}).is_nn_module) {
      return false;
    }
    return !state_restarted(base, attribute);
  }
  // Whether some method other than `__init__` starts again the attribute of `self` that state accumulated
  // on `base` hangs from (`maps` of `self.maps[...]`; `attribute` when `base` is `self`), or none is known.
  bool state_restarted(ObjId base, FieldId attribute) const {
    for (ObjId id = base; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj; id = objs_[id].base) {
      attribute = objs_[id].field;
    }
    return attribute == 0 || program_.attribute_is_reset(ref_.module, field_name(attribute));
  }
  // The object a field placeholder is read from, through placeholders (`self` for `self.a.b`).
  ObjId field_root(ObjId id) const {
    for (int hops = 0; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj && hops < 16; ++hops) {
      id = objs_[id].base;
    }
    return id;
  }
  // A placeholder read through the function object (a closure cell): the enclosing function's value.
  bool captured_from_enclosing(ObjId id) const { return objs_[field_root(id)].kind == ObjKind::FuncSelf; }

  // ---- variables ----
  ValueSet read_name(const std::string& name, const Site& site);
  void write_name(const std::string& name, const ValueSet& values, const Site& site);
  bool is_local(const std::string& name) const;
  mutable std::unordered_set<std::string_view> local_set_;
  bool is_cell_var(const std::string& name) const;
  bool is_free_var(const std::string& name) const;

  // ---- evaluation ----
  ValueSet eval(const Expr& e);
  ValueSet eval_call(const Expr& e, bool result_used);
  ValueSet eval_attribute(const ValueSet& bases, const std::string& attr, const Expr& node);
  // Methods whose names match `prefix*suffix`, bound to the instances among `bases` (getattr with a built
  // name).
  ValueSet eval_attribute_pattern(const ValueSet& bases, const std::string& pattern, const Expr& node);
  ValueSet eval_dynamic_attribute(const ValueSet& bases, const Expr& node);
  ObjId autograd_apply(CodeRef cls, const Expr& node);
  void keep_endless_thread_target(const std::vector<Arg>& args, const Expr& node);
  void fill_with_default(const ValueSet& dicts, const std::vector<Arg>& args, const Expr& node);
  void assign(const Expr& target, const ValueSet& values, const Site& site);
  void exec_block(const std::vector<Stmt>& body);
  void exec(const Stmt& s);
  void exec_try(const Stmt& s);

  // ---- calls ----
  ValueSet call(const ValueSet& callees, const std::vector<Arg>& args, const Expr& node, bool result_used);
  ValueSet call_method(const ValueSet& receivers, const std::string& method, const std::vector<Arg>& args,
                       const Expr& node, bool result_used);
  // The subclass every receiver is an instance of, when it overrides a method `function` calls:
  // the call then applies that class's summary of `function` (invalid: the function's own summary).
  CodeRef dispatch_class(CodeRef function, const ValueSet& receiver) const;
  ValueSet invoke(CodeRef function, const ValueSet& receiver, const std::vector<Arg>& args,
                  const ValueSet& func_self, const Expr& node);
  // A call of `function`, which a decorator of the project wraps: runs the wrapper in its place, with the
  // decorated function in the wrapper's cell and the wrapper's other cells read from the closure the
  // decorator made at import (a module-level object, so what they keep outlives the call).
  ValueSet invoke_wrapper(CodeRef function, const DecoratorWrapper& wrapped, const ValueSet& receiver,
                          const std::vector<Arg>& args, const Expr& node);
  ValueSet construct(CodeRef cls, const std::vector<Arg>& args, const Expr& node);
  // What calling a generator function or an `async def` returns: a generator or coroutine whose suspended
  // frame holds the arguments.
  ValueSet generator(const Function& f, const std::vector<ValueSet>& bound, const Expr& node);
  void keep_generator_frame(const Expr& e, ObjId generator, size_t clauses, const ValueSet& iterable);
  // enumerate(xs) / zip(a, b): a sequence of tuples whose slots hold the index and the elements.
  ValueSet tuple_sequence(bool enumerate, const std::vector<Arg>& args, const Expr& node) {
    const ObjId sequence = at_site(&node, ObjKind::Container, enumerate ? "enumerate" : "zip", node.site);
    const ObjId tuple = at_site(&node, ObjKind::Container, "tuple", node.site, 1);
    const ObjId index = at_site(&node, ObjKind::Unknown, "index", node.site, 2);
    int slot = 0;
    if (enumerate) {
      store(ValueSet{tuple}, intern_field("[0]"), ValueSet{index}, {site_ref(node.site, "enumerate")},
            EdgeRole::Plain);
      slot = 1;
    }
    for (const Arg& a : args) {
      if (!a.name.empty() || slot > 8) continue;
      const ValueSet elements = load(a.values, elements_field(), node.site);
      if (!elements.empty()) {
        const std::vector<SiteNote> chain{site_ref(node.site, "element")};
        store(ValueSet{tuple}, intern_field("[" + std::to_string(slot) + "]"), elements, chain,
              EdgeRole::Plain);
        store(ValueSet{tuple}, elements_field(), elements, chain, EdgeRole::Plain);
      }
      ++slot;
      if (enumerate) break;
    }
    store(ValueSet{sequence}, elements_field(), ValueSet{tuple}, {site_ref(node.site, "element")},
          EdgeRole::Plain);
    return ValueSet{sequence};
  }
  ValueSet apply_model(const CallModel& model, const ValueSet& receiver, const std::vector<Arg>& args,
                       const Expr& node, bool result_used, ObjId constructed = kNoObj);
  // Where a dict keeps its keys, apart from its values ("[]"): reads of its values do not see them.
  static FieldId keys_field() { return intern_field("keys[]"); }
  // The values a dict built from `elements` holds: the second slot of each (key, value) tuple, whose first
  // slot goes into the dict's keys; any other element as it is.
  ValueSet values_of_pairs(const ValueSet& elements, ObjId dict, const Expr& node) {
    ValueSet values, keys;
    for (ObjId e : elements) {
      auto value = st_.fields.find(field_key(e, intern_field("[1]")));
      if (value == st_.fields.end() || !is_positional_container(e)) {
        values.insert(e);
        continue;
      }
      values.merge(value->second);
      if (auto key = st_.fields.find(field_key(e, intern_field("[0]"))); key != st_.fields.end())
        keys.merge(key->second);
    }
    if (!keys.empty())
      store(ValueSet{dict}, keys_field(), keys, {site_ref(node.site, "key")}, EdgeRole::Plain);
    return values;
  }
  // `sequence` yields (key, value) tuples (a model's yields_pairs): the values in the second slot, the
  // receiver's keys, or a name that holds nothing, in the first.
  void add_pairs(ObjId sequence, const ValueSet& receiver, const ValueSet& values, const Expr& node) {
    const ObjId pair = at_site(&node, ObjKind::Container, "(key, value) tuple", node.site, 1);
    ValueSet keys;
    for (ObjId r : receiver) {
      if (auto it = st_.fields.find(field_key(r, keys_field())); it != st_.fields.end())
        keys.merge(it->second);
    }
    if (keys.empty()) keys.insert(at_site(&node, ObjKind::Unknown, "name", node.site, 2));
    const std::vector<SiteNote> chain{site_ref(node.site, "element")};
    store(ValueSet{pair}, intern_field("[0]"), keys, chain, EdgeRole::Plain);
    store(ValueSet{pair}, intern_field("[1]"), values, chain, EdgeRole::Plain);
    ValueSet both = values;
    both.merge(keys);
    store(ValueSet{pair}, elements_field(), both, chain, EdgeRole::Plain);
    store(ValueSet{sequence}, elements_field(), ValueSet{pair}, chain, EdgeRole::Plain);
  }
  // `qualified` by value: callers pass names held in objs_, which this call may reallocate.
  ValueSet unknown_call(std::string qualified, const std::vector<Arg>& args, const Expr& node, bool graph,
                        bool tensor);
  ValueSet arg_values(const std::vector<Arg>& args, int position, const std::string& keyword,
                      const Site& site);
  ValueSet bound_method(ObjId self, CodeRef function, const Expr& node);
  void mark_graph(const ValueSet& values, int depth = 0);
  bool is_graph(ObjId id) const;
  bool any_graph(const ValueSet& values) const {
    return std::any_of(values.begin(), values.end(), [this](ObjId v) { return is_graph(v); });
  }
  bool any_module(const ValueSet& values) const {
    return std::any_of(values.begin(), values.end(), [this](ObjId v) { return objs_[v].module; });
  }
  // backward() on these values: they are losses, with a graph.
  void mark_losses(const ValueSet& losses) {
    mark_graph(losses);
    for (ObjId loss : losses) mark_backpropagated(loss, 0);
  }
  // backward() on a value reaches what it was computed from: torch.stack(losses).sum().backward().
  void mark_backpropagated(ObjId id, int depth) {
    if (depth > 6 || objs_[id].backpropagated) return;
    objs_[id].backpropagated = true;
    const std::vector<ObjId> operands = objs_[id].operands;
    for (ObjId op : operands) mark_backpropagated(op, depth + 1);
  }
  // What a Lightning `training_step` returns, the loss or a dict holding it under "loss", the framework
  // back-propagates. Not marked as carrying a graph: Hugging Face's `training_step` returns it detached.
  void mark_framework_loss(const ValueSet& returned) {
    ValueSet losses;
    for (ObjId v : returned) {
      if (objs_[v].kind != ObjKind::Container) {
        losses.insert(v);
        continue;
      }
      for (const auto& [key, held] : st_.fields) {
        if (static_cast<ObjId>(key >> 32) != v) continue;
        const std::string& name = field_name(static_cast<FieldId>(key & 0xffffffffU));
        if (name == "['loss']" || name == "[\"loss\"]") losses.merge(held);
      }
    }
    for (ObjId v : losses) mark_backpropagated(v, 0);
  }
  bool was_backpropagated(ObjId id) const {
    return any_within_operands(id, 6, false, [](const Obj& o) { return o.backpropagated; });
  }
  // Whether `id`, or a value it was computed from at most `max_depth` operand steps back (not past a value
  // computed under no_grad when `stop_at_no_grad`), passes `test`. Breadth-first and each object once:
  // values built in a loop can have dozens of operands each, and a depth-first walk was exponential.
  template <typename Test>
  bool any_within_operands(ObjId id, int max_depth, bool stop_at_no_grad, Test test) const {
    if (++walk_epoch_ == 0) {
      std::fill(walk_marks_.begin(), walk_marks_.end(), 0);
      walk_epoch_ = 1;
    }
    if (walk_marks_.size() < objs_.size()) walk_marks_.resize(objs_.size(), 0);
    std::vector<ObjId> level{id}, next;
    walk_marks_[id] = walk_epoch_;
    for (int depth = 0; !level.empty(); ++depth) {
      for (ObjId v : level) {
        const Obj& o = objs_[v];
        if (test(o)) return true;
        if ((stop_at_no_grad && o.no_grad) || depth > max_depth) continue;
        for (ObjId op : o.operands) {
          if (walk_marks_[op] == walk_epoch_) continue;
          walk_marks_[op] = walk_epoch_;
          next.push_back(op);
        }
      }
      level.swap(next);
      next.clear();
    }
    return false;
  }
  mutable std::vector<uint32_t> walk_marks_;  // any_within_operands: the walk that last reached each object
  mutable uint32_t walk_epoch_ = 0;
  bool is_callable_value(ObjId id) const;
  // A bound method of `self`, a closure reading `self` or a partial of either: keeping it keeps `self`.
  // With `instances`, an instance that keeps `self` in a field (a logging handler given its trainer) counts
  // too: for a library's registry, where a project's own caches of instances are not in question.
  bool callable_holds_receiver(ObjId id, bool instances = false, int depth = 0) const {
    const ObjKind kind = objs_[id].kind;
    if (depth > 2 || (kind != ObjKind::BoundMethod && kind != ObjKind::Closure && kind != ObjKind::Partial &&
                      (!instances || kind != ObjKind::Instance))) {
      return false;
    }
    for (const auto& [key, values] : st_.fields) {
      if (static_cast<ObjId>(key >> 32) != id) continue;
      for (ObjId held : values) {
        if (objs_[held].receiver || callable_holds_receiver(held, instances, depth + 1)) return true;
        if (objs_[held].kind != ObjKind::Cell) continue;
        auto contents = st_.fields.find(field_key(held, intern_field("contents")));
        if (contents == st_.fields.end()) continue;
        for (ObjId inside : contents->second) {
          if (objs_[inside].receiver) return true;
        }
      }
    }
    return false;
  }
  // `b` is `v` or an object reached from it through placeholders (v.children, v.children[]).
  bool derived_from(ObjId b, ObjId v) const {
    for (int guard = 0; b != kNoObj && guard < 16; ++guard) {
      if (b == v) return true;
      if (objs_[b].kind != ObjKind::Field) return false;
      b = objs_[b].base;
    }
    return false;
  }
  // Pairs of variables an enclosing `if a is not b` (or `a != b`, alone or in an `and`) tells apart.
  std::vector<std::pair<std::string, std::string>> distinct_names_;
  void collect_distinct_names(const Expr& condition) {
    if (condition.kind == ExprKind::Choice && condition.text == "and") {
      for (const Expr& operand : condition.children) collect_distinct_names(operand);
    } else if (condition.kind == ExprKind::Arith && condition.text == "distinct" &&
               condition.children.size() == 2 && condition.children[0].kind == ExprKind::Name &&
               condition.children[1].kind == ExprKind::Name) {
      distinct_names_.emplace_back(condition.children[0].text, condition.children[1].text);
    }
  }
  bool are_distinct(const std::string& a, const std::string& b) const {
    if (a.empty() || b.empty() || a == b) return false;
    for (const auto& [x, y] : distinct_names_) {
      if ((x == a && y == b) || (x == b && y == a)) return true;
    }
    return false;
  }
  ValueSet root_values(const std::string& name) const {
    auto it = st_.env.find(name);
    return it == st_.env.end() ? ValueSet{} : it->second.values;
  }
  static std::string root_name(const Expr& e) {
    const Expr* at = &e;
    while (
        (at->kind == ExprKind::Attribute || at->kind == ExprKind::Subscript || at->kind == ExprKind::Call) &&
        !at->children.empty()) {
      at = &at->children[0];
    }
    return at->kind == ExprKind::Name ? at->text : std::string();
  }
  // A tuple whose slots are known ([0], [1], ...): unpacking it must not mix the slots.
  bool is_positional_container(ObjId id) const {
    if (objs_[id].kind != ObjKind::Container) return false;
    for (int slot = 0; slot < 4; ++slot) {
      if (st_.fields.count(field_key(id, intern_field("[" + std::to_string(slot) + "]")))) return true;
    }
    return false;
  }
  std::string describe(ObjId id, int depth = 0) const;
  std::string describe_field(ObjId base, FieldId field, int depth = 0) const;

  // ---- summaries ----
  ValueSet instantiate(const Context& callee, const std::vector<ValueSet>& param_values,
                       const ValueSet& func_self, const Expr& node);

  // ---- state ----
  void join_into(HeapState& into, const HeapState& from);
  bool root_is_global(ObjId id) const;
  static std::string describe_target(const Expr& e);
  static const Expr* self_accumulation(const Expr& value, const Expr& target);
  static const char* drains_generator(const Expr& call);
  static std::optional<ForwardHookKind> forward_hook_registration(const Expr& call);
  // How a message names the accumulator `base`: as the code writes it (`losses`, `by_name["loss"]`) where
  // it is written, not by the kind of object ('list').
  std::string accumulator_label(ObjId base, const Expr* written_as) const {
    std::string text = written_as != nullptr ? describe_target(*written_as) : std::string();
    return text.empty() ? std::string(objs_[base].label) : text;
  }
  // `obj.__dict__["name"]` is the attribute `name`: returns "name", or "" for any other subscript.
  static std::string dict_key_attribute(const Expr& e) {
    if (e.kind != ExprKind::Subscript || e.children.empty() || e.text.size() < 3) return {};
    const Expr& base = e.children[0];
    if (base.kind != ExprKind::Attribute || base.text != "__dict__" || base.children.empty()) return {};
    const char q = e.text.front();
    if ((q != '"' && q != '\'') || e.text.back() != q) return {};
    return e.text.substr(1, e.text.size() - 2);
  }
  std::string node_label(ObjId id) const;
  WitnessNode witness_node(ObjId id) const;

  // ---- exit ----
  void finish();
  void detect_cycles();
  // Whether the edge from -> to by `field` surely exists when the cycle does: a must-store, or a store of
  // one of several objects that all lie in the cycle's component.
  bool edge_is_must(ObjId from, FieldId field, ObjId to, const std::vector<uint32_t>& component,
                    uint32_t cycle_component) const;
  void emit_events();
  void dump_heap() const;
  void compact_summary();
  std::vector<uint8_t>
      held_flags_;  // per object: 1 = holds tensors, 2 = holds a module (set by detect_cycles)
  // A container the caller passed in (a parameter or one of its attributes): what is stored in it outlives
  // this call. Global registries are reported from StoreIntoGlobal events instead.
  bool outlives_call(ObjId id) const {
    const ObjKind kind = objs_[id].kind;
    return (kind == ObjKind::Field || kind == ObjKind::Param) && !root_is_global(id);
  }
  static bool is_frame_like(ObjKind kind) {
    return kind == ObjKind::Traceback || kind == ObjKind::Frame || kind == ObjKind::Exception;
  }
  // An exception, traceback or frame, or a container holding one (`{"error": err}`).
  bool holds_frame_like(const ValueSet& values) const {
    for (ObjId v : values) {
      if (is_frame_like(objs_[v].kind)) return true;
      if (objs_[v].kind != ObjKind::Container) continue;
      auto it = st_.fields.find(field_key(v, elements_field()));
      if (it == st_.fields.end()) continue;
      for (ObjId e : it->second)
        if (is_frame_like(objs_[e].kind)) return true;
    }
    return false;
  }
  // A store of an exception into a container the caller passed in (`self.records.append(err)` in a method
  // of a module-level log): a StoreIntoGlobal event once a caller maps the container to a global.
  bool stored_for_callers(ObjId base, const ValueSet& values) const {
    return outlives_call(base) && holds_frame_like(values);
  }
  // A store into something module-level, or into a parameter's mutable default: a retention event.
  void record_store_events(const ValueSet& bases, const ValueSet& values, const Site& site,
                           const Expr& target) {
    for (ObjId b : bases) {
      const Obj& o = objs_[b];
      if (o.kind == ObjKind::Global || (o.kind == ObjKind::Field && root_is_global(b)) ||
          stored_for_callers(b, values)) {
        record_event(EventKind::StoreIntoGlobal, b, o.label, values, site,
                     describe_target(target) + " = ...");
      }
      if (o.kind == ObjKind::Param && o.mutable_default) {
        record_event(EventKind::MutableDefaultStore, b, o.label, values, site,
                     describe_target(target) + " = ...");
      }
      // `sys.excepthook = hook`, `warnings.showwarning = show`: a library module's or class's attribute is
      // one process-wide slot, like what signal.signal() installs.
      if (o.kind == ObjKind::ExternalConst && target.kind == ExprKind::Attribute && !o.qualified.empty() &&
          !values.empty()) {
        record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRoots),
                     o.qualified.str() + "." + target.text, values, site, describe_target(target) + " = ...");
      }
    }
  }
  // The variable `hasattr(x, "item")`, `isinstance(x, torch.Tensor)` or `torch.is_tensor(x)` tests, when
  // `condition` is one of those: where the test fails, `x` is no tensor.
  static const Expr* tensor_test_subject(const Expr& condition);
  // `isinstance(x, Exception)` (or another exception class, or a tuple of them): x, else null.
  static const Expr* exception_test_subject(const Expr& condition);
  // Where that test failed: local `name` names no exception (`ret = memo[key]` after `if isinstance(ret,
  // Exception): raise ret`, in a memoizing wrapper that caches errors too).
  void narrow_to_non_exception(const std::string& name) {
    if (!is_local(name) || is_cell_var(name) || is_free_var(name)) return;
    auto it = st_.env.find(name);
    if (it == st_.env.end()) return;
    ValueSet narrowed;
    for (ObjId v : it->second.values) {
      if (objs_[v].kind != ObjKind::Exception) narrowed.insert(v);
    }
    it->second.values = std::move(narrowed);
  }
  // Where a test says variable `name` is no tensor: what it may name is seen through a value that carries
  // no autograd history (`if hasattr(v, "item"): v = v.item()` leaves no graph in `v` on either path).
  void narrow_to_non_tensor(const std::string& name, const Site& site);
  // The weakref container `id` is, when it is a module-level global or a class attribute made by one.
  WeakContainer weak_container(ObjId id) const;
  // `d[key] = value` into such a dictionary with a value that refers to its key: the entry never goes.
  void record_weak_key_store(const ValueSet& bases, const ValueSet& keys, const ValueSet& values,
                             const Site& site, const Expr& target);
  // Whether a field of `id`, or of what those fields hold (`depth` references deep), holds an nn.Module.
  bool holds_module(ObjId id, int depth) const;
  // The stores of the shortest path (at most `max_edges` long) from one of `from` to one of `to`; null when
  // there is none, empty when `from` and `to` share an object.
  std::optional<std::vector<SiteNote>> path_between(const ValueSet& from, const ValueSet& to,
                                                    size_t max_edges) const;
  // The event recorded, or null when there is nothing to record or too many events already.
  Event* record_event(EventKind kind, ObjId base, const std::string& base_label, const ValueSet& values,
                      const Site& site, const std::string& note);
  // `cached(model)` for a function under functools.cache / lru_cache: its cache keeps the arguments.
  void record_cached_arguments(CodeRef function, const std::vector<Arg>& args, const Expr& node) {
    ValueSet values;
    for (const Arg& a : args)
      values.merge(a.name == "*" || a.name == "**" ? load(a.values, elements_field(), node.site) : a.values);
    const std::string& name = program_.function(function).qualname;
    Event* event = record_event(EventKind::CachedArgument, kNoObj, name + "()", values, node.site,
                                "call to " + name + "()");
    if (event != nullptr) event->cached_function = function;
  }
  // What holds an accumulator written as `target`: `self` of `self.total`, the dict of `self.shadow[name]`;
  // nothing for a plain variable.
  ValueSet accumulator_holder(const Expr& target) {
    if ((target.kind != ExprKind::Attribute && target.kind != ExprKind::Subscript) || target.children.empty())
      return {};
    return eval(target.children[0]);
  }
  // `out, hidden = model(x, hidden)` (assigning `values`, which carry a graph) in the innermost loop, when
  // that feeds one step's state into the next (analyzer/carried_state.hpp).
  void record_carried_state(const Stmt& s, const ValueSet& values) {
    const std::string carried = state_carried_across_steps(s, *loops_.back());
    if (carried.empty()) return;
    Event* event =
        record_event(EventKind::Accumulate, kNoObj, carried, values, s.site,
                     carried + " = " + describe_target(s.value.children[0]) + "(..., " + carried + ")");
    if (event == nullptr) return;
    event->augmented = false;  // the loss made from the same call is back-propagated, not this state
    event->carried_into_next_step = true;
  }
};

class Solver {
 public:
  // Reports only what is seen in functions of modules [first_module, end_module): callees elsewhere are
  // analysed for their effect on callers, and reported by the solver that owns them.
  Solver(const Program& program, const LibraryModels& models, bool include_possible, size_t first_module,
         size_t end_module)
      : program_(program),
        models_(models),
        include_possible_(include_possible),
        first_module_(first_module),
        end_module_(end_module) {}

  bool owns(CodeRef function) const {
    const auto module = static_cast<size_t>(function.module);
    return module >= first_module_ && module < end_module_;
  }

  static uint64_t code_key(CodeRef ref) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(ref.module)) << 32) |
           static_cast<uint32_t>(ref.index);
  }

  // The summary of `function`, or of the method for a receiver of class `receiver_cls` (see Context). Past a
  // few classes for one method (a base method of a large hierarchy) the method's own summary serves the rest.
  const Context* summary(CodeRef function, CodeRef receiver_cls = {}) {
    const uint64_t key = code_key(function);
    // The method's own summary by method; one made for a subclass by method, then by subclass.
    auto& table = receiver_cls.valid() ? receiver_summaries_[key] : summaries_;
    const uint64_t entry = receiver_cls.valid() ? code_key(receiver_cls) : key;
    auto it = table.find(entry);
    if (it != table.end()) return it->second.get();  // null while being analysed (recursion)
    if (receiver_cls.valid() && table.size() >= kMaxReceiverClasses) return summary(function);
    if (active_ > kMaxCallDepth) return nullptr;
    table[entry] = nullptr;
    ++active_;
    auto context = std::make_unique<Context>(*this, function, receiver_cls);
    const auto started = std::chrono::steady_clock::now();
    context->run();
    if (debug_slow_) {
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
      if (ms > 200) {
        std::fprintf(stderr, "slow: %.0f ms %s:%s objs=%zu fields=%zu edges=%zu\n", ms,
                     program_.module(function.module).path.c_str(), context->fn_.qualname.c_str(),
                     context->objs_.size(), context->st_.fields.size(), context->edges_.size());
      }
    }
    --active_;
    ++analyzed_;
    const Context* raw = context.get();
    table[entry] = std::move(context);
    return raw;
  }

  // The method names a function calls (`self.m()`, `group_map.get(a, self).m()`: any `x.m(...)`), in its own
  // body: a subclass that overrides one of them needs an inherited method's summary made again for it.
  const std::vector<std::string>& called_methods(CodeRef function) {
    auto [it, added] = called_methods_.try_emplace(code_key(function));
    if (!added) return it->second;
    std::vector<std::string>& names = it->second;
    auto note_call = [&names](const Expr& e) {
      if (e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Attribute &&
          std::find(names.begin(), names.end(), e.children[0].text) == names.end()) {
        names.push_back(e.children[0].text);
      }
    };
    for_each_statement(program_.function(function).body, [&note_call](const Stmt& st) {
      for (const Expr& target : st.targets) for_each_expr(target, note_call);
      for_each_expr(st.value, note_call);
    });
    return names;
  }

  struct Output {
    SolveResult result;
    std::vector<std::string> cycle_keys;  // parallel to result.cycles
  };

  Output run() {
    for (size_t m = first_module_; m < end_module_; ++m) {
      const auto& facts = program_.module(static_cast<int32_t>(m));
      for (size_t f = 0; f < facts.functions.size(); ++f) {
        summary(CodeRef{static_cast<int32_t>(m), static_cast<int32_t>(f)});
      }
    }
    Output out;
    out.result.functions_analyzed = analyzed_;
    out.result.cycles = std::move(cycles_);
    out.result.events = std::move(events_);
    sort_unique(calls_);
    sort_unique(names_called_under_no_grad_);
    out.result.calls = std::move(calls_);
    out.result.names_called_under_no_grad = std::move(names_called_under_no_grad_);
    out.cycle_keys.resize(out.result.cycles.size());
    for (auto& [key, index] : cycle_index_) out.cycle_keys[index] = key;
    return out;
  }

  bool knows_cycle(const std::string& key) const { return cycle_index_.count(key) != 0; }

  void report_cycle(CycleWitness witness, const std::string& key) {
    if (!owns(witness.function)) return;
    auto it = cycle_index_.find(key);
    if (it != cycle_index_.end()) {
      // Keep the first (innermost) report, unless a later context proves the cycle where the first could not.
      CycleWitness& existing = cycles_[it->second];
      if (!existing.must && witness.must) existing = std::move(witness);
      return;
    }
    // Possible cycles are kept too: a caller may prove them later (solve() drops the rest).
    cycle_index_.emplace(key, cycles_.size());
    cycles_.push_back(std::move(witness));
  }

  void report_event(CodeRef function, RetentionEvent event) {
    if (owns(function)) events_.push_back(std::move(event));
  }

  // Which project function calls which, and under no_grad or not: whether code runs with autograd on
  // depends on its callers (rules read it, e.g. CC206).
  void note_call(CodeRef caller, CodeRef callee, bool under_no_grad) {
    calls_.push_back({caller, callee, under_no_grad});
  }
  // The names a `with torch.no_grad():` block calls, resolved or not: a method called there on an object
  // of unknown type (`self.evaluator.run(loader)`) runs without autograd too.
  void note_names_called(const std::vector<Stmt>& block) {
    auto note = [this](const Expr& e) {
      if (e.kind != ExprKind::Call || e.children.empty()) return;
      const Expr& callee = e.children[0];
      if (callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name)
        names_called_under_no_grad_.push_back(callee.text);
    };
    for_each_statement(block, [&note](const Stmt& st) {
      for (const Expr& target : st.targets) for_each_expr(target, note);
      for_each_expr(st.value, note);
    });
  }

  const Program& program_;
  const LibraryModels& models_;
  bool include_possible_;
  static constexpr int kMaxCallDepth = 48;

  TextPool& texts() { return texts_; }

  // Texts that every context of this solver would build alike, made once per solver: a project
  // constant's label, and a field placeholder's label and read note (keyed by the pooled text its base
  // is described by, and the field).
  struct PlaceholderText {
    PooledText label, reads_note;
  };
  struct PlaceholderTextKey {
    const std::string* base_text;
    FieldId field;
    bool operator==(const PlaceholderTextKey&) const = default;
  };
  struct PlaceholderTextKeyHash {
    size_t operator()(const PlaceholderTextKey& key) const {
      return std::hash<const void*>{}(key.base_text) ^
             (static_cast<size_t>(key.field) * 0x9E3779B97F4A7C15ULL);
    }
  };
  FlatMap<PlaceholderTextKey, PlaceholderText, PlaceholderTextKeyHash> placeholder_texts_;
  FlatMap<uint64_t, PooledText, std::hash<uint64_t>> constant_labels_;

 private:
  size_t first_module_, end_module_;
  // The labels and notes of this solver's objects and sites: declared before the summaries that point
  // into it, so it is destroyed after them.
  TextPool texts_;
  std::unordered_map<uint64_t, std::unique_ptr<Context>> summaries_;
  // Summaries of inherited methods made again for a subclass (see Context): by method, then by subclass.
  std::unordered_map<uint64_t, std::unordered_map<uint64_t, std::unique_ptr<Context>>> receiver_summaries_;
  static constexpr size_t kMaxReceiverClasses = 8;
  std::unordered_map<uint64_t, std::vector<std::string>> called_methods_;
  std::vector<CycleWitness> cycles_;
  std::unordered_map<std::string, size_t> cycle_index_;
  std::vector<RetentionEvent> events_;
  std::vector<CallEdge> calls_;
  std::vector<std::string> names_called_under_no_grad_;
  int active_ = 0;
  size_t analyzed_ = 0;
  bool debug_slow_ = std::getenv("CYCLECHECK_DEBUG_SLOW") != nullptr;
};

// ---------------------------------------------------------------------------------------------------

Context::Context(Solver& solver, CodeRef function, CodeRef receiver_cls)
    : solver_(solver),
      program_(solver.program_),
      ref_(function),
      fn_(program_.function(function)),
      receiver_cls_(receiver_cls) {}

ObjId Context::constant(const StaticRef& ref) {
  // Project things are keyed by number: this runs for every name a function reads.
  auto code_key = [&ref](uint64_t kind) {
    return kind << 62 | static_cast<uint64_t>(static_cast<uint32_t>(ref.code.module)) << 31 |
           static_cast<uint32_t>(ref.code.index & 0x7fffffff);
  };
  uint64_t project_key = 0;
  switch (ref.kind) {
    case StaticRef::Kind::ProjectFunction:
      project_key = code_key(1);
      break;
    case StaticRef::Kind::ProjectClass:
      project_key = code_key(2);
      break;
    case StaticRef::Kind::ProjectModule:
      project_key = code_key(3);
      break;
    case StaticRef::Kind::ProjectGlobal:
      return global(ref.code.module, ref.qualified);
    case StaticRef::Kind::External:
      break;
    case StaticRef::Kind::Unknown:
      return kNoObj;
  }
  if (project_key != 0) {
    auto it = project_constants_.find(project_key);
    if (it != project_constants_.end()) return it->second;
  } else {
    auto it = external_constants_.find(ref.qualified);
    if (it != external_constants_.end()) return it->second;
  }
  Obj o;
  // Every context that names a project constant labels it alike: the label is made once per solver.
  auto project_label = [&](auto make) {
    auto [it, added] = solver_.constant_labels_.try_emplace(project_key);
    if (added) it->second = make();
    return it->second;
  };
  switch (ref.kind) {
    case StaticRef::Kind::ProjectFunction:
      o.kind = ObjKind::FunctionConst;
      o.fn = ref.code;
      o.label = project_label([&] { return PooledText(program_.function(ref.code).qualname); });
      break;
    case StaticRef::Kind::ProjectClass:
      o.kind = ObjKind::ClassConst;
      o.cls = ref.code;
      o.label = project_label([&] { return PooledText("class " + program_.class_def(ref.code).name); });
      break;
    case StaticRef::Kind::ProjectModule:
      o.kind = ObjKind::ModuleConst;
      o.module_index = ref.code.module;
      o.label =
          project_label([&] { return PooledText("module " + program_.module(ref.code.module).module_name); });
      break;
    default:
      o.kind = ObjKind::ExternalConst;
      o.qualified = ref.qualified;
      o.label = ref.qualified;
      break;
  }
  const ObjId id = add(std::move(o));
  if (project_key != 0) {
    project_constants_.emplace(project_key, id);
  } else {
    external_constants_.emplace(ref.qualified, id);
  }
  return id;
}

ObjId Context::global(int32_t module, const std::string& name) {
  const std::string key = std::to_string(module) + ":" + name;
  auto it = globals_.find(key);
  if (it != globals_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Global;
  o.module_index = module;
  o.name = name;
  if (module >= 0) o.cls = program_.global_instance_class(module, name);
  if (o.cls.valid()) {
    // A parameter's default instance (see Program::default_instance_name) is no global of that name.
    o.label = program_.class_def(o.cls).name +
              (is_default_instance_name(name) ? " (default of " : " (global ") + name + ")";
  } else {
    o.label = "global " + name;
  }
  if (o.cls.valid()) {
    const ClassInfo& info = program_.class_info(o.cls);
    o.module = info.is_nn_module;
    o.has_del = info.defines_del;
  }
  o.site = SiteNote{module, {}, {}};
  const ObjId id = add(std::move(o));
  globals_.emplace(key, id);
  return id;
}

ObjId Context::cell(const std::string& name) {
  auto it = cells_.find(name);
  if (it != cells_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Cell;
  o.name = name;
  o.label = "cell " + name;
  o.site = site_ref(fn_.site);
  const ObjId id = add(std::move(o));
  cells_.emplace(name, id);
  return id;
}

ObjId Context::frame() {
  if (frame_ != kNoObj) return frame_;
  Obj o;
  o.kind = ObjKind::Frame;
  o.fn = ref_;
  o.label = "frame of " + fn_.qualname + "()";
  o.site = site_ref(fn_.site);
  o.tensor = program_.uses_torch();  // a frame holds every local: tensors included, in torch code
  frame_ = add(std::move(o));
  uses_frame_ = true;
  return frame_;
}

ObjId Context::at_site(const void* node, ObjKind kind, const std::string& label, const Site& site,
                       uint32_t salt) {
  const SiteKey key{node, nullptr, salt};
  auto it = site_objects_.find(key);
  if (it != site_objects_.end()) return it->second;
  Obj o;
  o.kind = kind;
  o.label = label;
  o.site = site_ref(site);
  o.summary = loop_depth_ > 0;
  const ObjId id = add(std::move(o));
  site_objects_.emplace(key, id);
  return id;
}

bool Context::placeholder_capable(ObjId id) const {
  switch (objs_[id].kind) {
    case ObjKind::Param:
    case ObjKind::FuncSelf:
    case ObjKind::Global:
    case ObjKind::Field:
    case ObjKind::Instance:
    case ObjKind::LibInstance:
    case ObjKind::Unknown:
    case ObjKind::Default:
    case ObjKind::ClassConst:
    case ObjKind::Frame:  // f_back, f_code: the caller's frame and such
      return objs_[id].depth < kMaxPlaceholderDepth;
    default:
      return false;
  }
}

ObjId Context::placeholder(ObjId base, FieldId field, Site site) {
  const uint64_t key = field_key(base, field);
  auto it = placeholders_.find(key);
  if (it != placeholders_.end()) return it->second;
  Obj o;
  o.kind = ObjKind::Field;
  o.base = base;
  o.field = field;
  o.depth = static_cast<uint8_t>(objs_[base].depth + 1);
  const std::string& name = field_name(field);
  o.summary = name == "[]" || objs_[base].summary;  // "an element": many objects
  // describe(base) is the base's name (a parameter or a global) or its label (a field's label is its
  // description): that pooled text and the field decide both texts.
  const Obj& base_obj = objs_[base];
  const bool named = base_obj.kind == ObjKind::Param || base_obj.kind == ObjKind::Global;
  const Solver::PlaceholderTextKey text_key{&(named ? base_obj.name : base_obj.label).str(), field};
  auto [texts, added] = solver_.placeholder_texts_.try_emplace(text_key);
  if (added) {
    texts->second.label = describe_field(base, field);
    texts->second.reads_note = "reads " + texts->second.label.str();
  }
  o.label = texts->second.label;
  o.site = site_ref(site);
  o.tensor = objs_[base].module && name != "[]";
  if (name == "[]") {
    o.cls = objs_[base].element_cls;  // an element of a `List[C]` parameter is a C
  } else if (base_obj.kind == ObjKind::ClassConst && base_obj.cls.valid()) {
    // `meter = AverageMeter()` in the class body: the instance the class holds.
    o.cls = program_.class_attribute_instance_class(base_obj.cls, name);
    if (o.cls.valid()) {
      const ClassInfo& info = program_.class_info(o.cls);
      o.module = info.is_nn_module;
      o.has_del = info.defines_del;
    }
  }
  const PooledText reads_note = texts->second.reads_note;
  const ObjId id = add(std::move(o));
  placeholders_.emplace(key, id);
  EdgeInfo info;
  info.chain.push_back(SiteNote{site_module(), site, reads_note});
  info.must = true;
  info.implicit = true;
  add_edge(base, field, id, std::move(info));
  return id;
}

ValueSet Context::load_one(ObjId base, FieldId field, Site site) {
  const uint64_t key = field_key(base, field);
  auto it = st_.fields.find(key);
  if (it != st_.fields.end()) return it->second;
  if (!placeholder_capable(base)) return {};
  // The field's earlier content, now observed: it is part of the heap from here on.
  ValueSet initial{placeholder(base, field, site)};
  st_.fields.emplace(key, initial);
  return initial;
}

ValueSet Context::load(const ValueSet& bases, FieldId field, Site site) {
  ValueSet out;
  for (ObjId b : bases) out.merge(load_one(b, field, site));
  return out;
}

void Context::set_field(ObjId base, FieldId field, ValueSet values, bool strong) {
  const uint64_t key = field_key(base, field);
  dirty_.insert(key);
  if (!forward_hooks_known_) forward_hooks_known_ = forward_hooks_kind(field).has_value();
  auto it = st_.fields.find(key);
  if (strong || it == st_.fields.end()) {
    if (!strong && placeholder_capable(base)) {
      // A weak first write keeps whatever the field held before.
      values.insert(placeholder(base, field, objs_[base].site.site));
    }
    st_.fields[key] = std::move(values);
  } else {
    it->second.merge(values);
  }
}

void Context::add_edge(ObjId from, FieldId field, ObjId to, EdgeInfo info) {
  const EdgeKey key{from, field, to};
  auto it = edges_.find(key);
  if (it == edges_.end()) {
    edges_.emplace(key, std::move(info));
  } else if (!it->second.must && info.must) {
    it->second = std::move(info);
  }
}

void Context::store(const ValueSet& bases, FieldId field, const ValueSet& values,
                    const std::vector<SiteNote>& chain, EdgeRole role, bool removable) {
  if (bases.empty()) return;
  const bool strong = bases.size() == 1 && !objs_[bases[0]].summary && loop_depth_ == 0;
  const bool strong_in_loop = bases.size() == 1 && !objs_[bases[0]].summary;
  const bool guarded_distinct = are_distinct(store_base_root_, store_value_root_);
  for (ObjId b : bases) {
    const ObjKind kind = objs_[b].kind;
    if (kind == ObjKind::ExternalConst || kind == ObjKind::ModuleConst || kind == ObjKind::FunctionConst ||
        kind == ObjKind::Weak) {
      continue;  // storing on a library module or function: nothing we track
    }
    const bool container_element =
        field_name(field).rfind("[", 0) == 0 || field_name(field).find("[]") != std::string::npos;
    set_field(b, field, values, (strong || strong_in_loop) && !container_element);
    // Edges from wide stores can never be part of a must-cycle: skip recording them.
    if (bases.size() * values.size() > kMaxEdgeFanout) continue;
    for (ObjId v : values) {
      EdgeInfo info;
      info.must = bases.size() == 1 && values.size() == 1;
      // One abstract object for many (loop allocations, list elements): b.f = b links two of them
      // unless both sides are literally the same variable.
      if (v == b && objs_[b].summary && !same_identity_store_) info.must = false;
      if (objs_[v].summary && !store_base_root_.empty() && store_base_root_ != store_value_root_ &&
          (derived_from(b, v) || root_values(store_base_root_).contains(v))) {
        info.must = false;  // parent.children.add(child) with parent and child from the same list
      }
      // Under `if child is not parent:`, parent.children.add(child) never stores parent in its own field:
      // whatever object both variables may name, a run links two different ones.
      if (guarded_distinct && root_values(store_base_root_).contains(v)) {
        info.must = false;
        info.distinct = true;
      }
      info.alternatives = values.size() > 1;
      info.role = role;
      info.removable = removable;
      if (!edge_wanted(b, field, v, info.must)) continue;  // spares copying the site chain
      info.chain = chain;
      add_edge(b, field, v, std::move(info));
    }
  }
  if (!strong) {
    for (ObjId b : bases) dirty_.insert(field_key(b, field));
  }
}

// ---- variables -----------------------------------------------------------------------------------

bool Context::is_local(const std::string& name) const {
  if (fn_.locals.size() > 16) {
    // Module bodies bind thousands of names: look them up in a set built once.
    if (local_set_.empty()) local_set_.insert(fn_.locals.begin(), fn_.locals.end());
    return local_set_.count(name) != 0;
  }
  return std::find(fn_.locals.begin(), fn_.locals.end(), name) != fn_.locals.end();
}
bool Context::is_cell_var(const std::string& name) const {
  return std::find(fn_.cell_vars.begin(), fn_.cell_vars.end(), name) != fn_.cell_vars.end();
}
bool Context::is_free_var(const std::string& name) const {
  return std::find(fn_.free_vars.begin(), fn_.free_vars.end(), name) != fn_.free_vars.end();
}

ValueSet Context::read_name(const std::string& name, const Site& site) {
  if (is_free_var(name) && func_self_ != kNoObj) {
    const ValueSet cells = load(ValueSet{func_self_}, intern_field("cell:" + name), site);
    return load(cells, intern_field("contents"), site);
  }
  if (is_cell_var(name)) return load(ValueSet{cell(name)}, intern_field("contents"), site);
  if (ref_.index != 0 && std::find(fn_.globals.begin(), fn_.globals.end(), name) != fn_.globals.end()) {
    // `global x` here: reads and writes go through the global's content, so `old = x; x = old` is no cycle.
    return load(ValueSet{global(ref_.module, name)}, intern_field("value"), site);
  }
  if (ref_.index == 0 || is_local(name)) {
    auto it = st_.env.find(name);
    if (it != st_.env.end()) return it->second.values;
    if (ref_.index != 0) return {};
  }
  StaticRef r = program_.resolve_global(ref_.module, name);
  if (r.kind == StaticRef::Kind::Unknown) {
    if (name == "self" || name == "cls") return {};
    return ValueSet{external("builtins." + name)};
  }
  const ObjId id = constant(r);
  return id == kNoObj ? ValueSet{} : ValueSet{id};
}

void Context::write_name(const std::string& name, const ValueSet& values, const Site& site) {
  if (is_free_var(name) && func_self_ != kNoObj) {
    const ValueSet cells = load(ValueSet{func_self_}, intern_field("cell:" + name), site);
    store(cells, intern_field("contents"), values, {site_ref(site, name + " = ...")}, EdgeRole::Capture);
    return;
  }
  if (is_cell_var(name)) {
    store(ValueSet{cell(name)}, intern_field("contents"), values, {site_ref(site, name + " = ...")},
          EdgeRole::Capture);
    return;
  }
  if (std::find(fn_.globals.begin(), fn_.globals.end(), name) != fn_.globals.end()) {
    const ObjId g = global(ref_.module, name);
    store(ValueSet{g}, intern_field("value"), values, {site_ref(site, "global " + name + " = ...")},
          EdgeRole::Plain);
    record_event(EventKind::StoreIntoGlobal, g, objs_[g].label, values, site, "global " + name + " = ...");
    return;
  }
  st_.env[name] = Binding{values, site_module(), site};
  // A guard about the old value says nothing about the new one (cleared in place: the If pops by count).
  for (auto& [a, b] : distinct_names_) {
    if (a == name || b == name) {
      a.clear();
      b.clear();
    }
  }
}

// ---- evaluation ----------------------------------------------------------------------------------

namespace {
// How many calls up `sys._getframe(k)` reaches, for a small literal k; 0 when not known.
constexpr uint8_t kMaxFramesUp = 3;
uint8_t literal_depth(const Expr& call) {
  for (size_t i = 1; i < call.children.size() && i < call.arg_names.size(); ++i) {
    if (!call.arg_names[i].empty()) continue;
    const Expr& depth = call.children[i];
    if (depth.kind != ExprKind::Literal || depth.text.size() != 1 || depth.text[0] < '1' ||
        depth.text[0] > '0' + kMaxFramesUp)
      return 0;
    return static_cast<uint8_t>(depth.text[0] - '0');
  }
  return 0;
}

// `sys._getframe()`, `sys._getframe(0)` and `inspect.currentframe()` are the running frame; any other depth
// (`sys._getframe(1 + depth)`) is a caller's, taken as one when it is not a literal 0.
bool asks_for_own_frame(const Expr& call) {
  for (size_t i = 1; i < call.children.size() && i < call.arg_names.size(); ++i) {
    if (!call.arg_names[i].empty()) continue;  // positional only
    const Expr& depth = call.children[i];
    return depth.kind == ExprKind::Literal && depth.text == "0";
  }
  return true;
}
}  // namespace

ObjId Context::slice_of(const ValueSet& bases, const Expr& e) {
  // Labelled like its bases when they agree ("list", "exc_info tuple"), else "slice".
  std::string_view label;
  for (ObjId b : bases) {
    // Both arms are views: a string and a literal would make the condition a temporary string.
    const std::string_view kind = objs_[b].kind == ObjKind::Container ? std::string_view(objs_[b].label.str())
                                                                      : std::string_view("slice");
    if (label.empty()) {
      label = kind;
    } else if (label != kind) {
      label = "slice";
      break;
    }
  }
  const ObjId copy = at_site(&e, ObjKind::Container, std::string(label.empty() ? "slice" : label), e.site);
  // Each element keeps the role of the edge it is copied from: a slice of `sys.exc_info()` holds the
  // exception the way the tuple did, so the advice still points at the local that keeps the slice.
  const FieldId elements = elements_field();
  for (ObjId base : bases) {
    for (ObjId element : load_one(base, elements, e.site)) {
      store(ValueSet{copy}, elements, ValueSet{element}, {site_ref(e.site, "slice element")},
            edge_role(base, elements, element));
    }
  }
  copy_slice_slots(bases, e, copy);
  return copy;
}

void Context::copy_slice_slots(const ValueSet& bases, const Expr& e, ObjId copy) {
  // `t[1:3]`, `t[:2]`, `t[1:]` of tuples built here: the copy's slot k is the base's slot start + k, so
  // `kind, value = sys.exc_info()[:2]` binds `value`, not `kind`, to the exception. Only while every
  // base has the slot (otherwise the slot could hold anything).
  // Lowering leaves the bounds on the slice, the subscript's second child: "start:stop", each "" when left
  // out, the digits of a literal, or "?".
  if (e.children.size() < 2) return;
  const std::string_view bounds = e.children[1].text;
  const size_t colon = bounds.find(':');
  if (colon == std::string_view::npos) return;
  auto bound = [](std::string_view text, size_t if_absent) -> std::optional<size_t> {
    if (text.empty()) return if_absent;
    size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
  };
  const std::optional<size_t> start = bound(bounds.substr(0, colon), 0);
  const std::optional<size_t> stop = bound(bounds.substr(colon + 1), SIZE_MAX);  // left out: to the end
  if (!start || !stop) return;
  constexpr size_t kMaxSlots = 16;
  for (size_t i = *start; i < *stop && i - *start < kMaxSlots; ++i) {
    const FieldId slot = intern_field("[" + std::to_string(i) + "]");
    std::vector<std::pair<ObjId, EdgeRole>> held;
    for (ObjId base : bases) {
      auto it =
          objs_[base].kind == ObjKind::Container ? st_.fields.find(field_key(base, slot)) : st_.fields.end();
      if (it == st_.fields.end()) return;
      for (ObjId element : it->second) held.emplace_back(element, edge_role(base, slot, element));
    }
    const FieldId target = intern_field("[" + std::to_string(i - *start) + "]");
    for (const auto& [element, role] : held) {
      store(ValueSet{copy}, target, ValueSet{element}, {site_ref(e.site, "slice element")}, role);
    }
  }
}

ValueSet Context::eval(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return read_name(e.text, e.site);
    case ExprKind::Attribute: {
      if (e.children.empty()) return {};
      const ValueSet bases = eval(e.children[0]);
      ValueSet out = eval_attribute(bases, e.text, e);
      // What a model's output holds (`out.logits`, `out.loss`, `logits.T`) carries its graph; a tensor's
      // metadata and `.data` do not.
      if (no_grad_depth_ == 0 && !is_graph_free_attribute(e.text) &&
          std::any_of(bases.begin(), bases.end(), [this](ObjId b) { return is_graph(b); })) {
        if (out.empty()) out.insert(at_site(&e, ObjKind::Unknown, describe_target(e), e.site));
        mark_graph(out);
      }
      return out;
    }
    case ExprKind::Subscript: {
      if (e.children.empty()) return {};
      if (const std::string key = dict_key_attribute(e); !key.empty()) {
        const ValueSet owners = eval(e.children[0].children[0]);
        return eval_attribute(owners, key, e);
      }
      const ValueSet bases = eval(e.children[0]);
      for (size_t i = 1; i < e.children.size(); ++i) eval(e.children[i]);
      ValueSet out;
      if (e.text == ":" && any_container(bases)) {
        out = ValueSet{slice_of(bases, e)};
      } else if (e.text == ":") {
        // A slice of a parameter or library object (a string, a tensor view) stays a stand-in for its
        // elements: a fresh object per slice would grow every summary for little.
        out = load(bases, elements_field(), e.site);
      } else if (!e.text.empty()) {
        out = load_keyed(bases, intern_field("[" + e.text + "]"), e.site);
      } else {
        out = load(bases, elements_field(), e.site);
      }
      if (no_grad_depth_ == 0 && !indices_of_a_reduction(e)) {
        for (ObjId b : bases) {
          if (is_graph(b)) mark_graph(out);
        }
      }
      return out;
    }
    case ExprKind::Call:
      return eval_call(e, true);
    case ExprKind::Literal:
    case ExprKind::Unknown:
      if (e.text == "await" && e.children.size() == 1 && e.children[0].kind == ExprKind::Call) {
        const Expr* saved_call = std::exchange(awaited_call_, &e.children[0]);
        const bool saved_result = std::exchange(awaited_result_, false);
        ValueSet values = eval(e.children[0]);
        if (!awaited_result_) values = {};  // a library awaitable: what it produces is not known
        awaited_call_ = saved_call;
        awaited_result_ = saved_result;
        return values;
      }
      for (const Expr& child : e.children) eval(child);
      return {};
    case ExprKind::Container: {
      std::vector<ValueSet> element_values;
      ValueSet first_iterable;  // a generator expression's frame keeps an iterator over it
      size_t body_start = 0;
      if (e.text == "comprehension") {
        const auto clauses = static_cast<size_t>(std::max(0, e.function_index));
        ++loop_depth_;
        for (size_t i = 0; i + 1 < clauses; i += 2) {
          const ValueSet iterable = eval(e.children[i + 1]);
          if (i == 0) first_iterable = iterable;
          assign(e.children[i], load(iterable, elements_field(), e.children[i + 1].site), e.site);
        }
        body_start = clauses;
      }
      const char* label = e.container == ContainerKind::List    ? "list"
                          : e.container == ContainerKind::Tuple ? "tuple"
                          : e.container == ContainerKind::Set   ? "set"
                          : e.container == ContainerKind::Dict  ? "dict"
                                                                : "generator";
      const ObjId container = at_site(&e, ObjKind::Container, label, e.site);
      ValueSet all;
      std::vector<size_t> empty_slots;  // elements holding no object: their slots are recorded below
      for (size_t i = body_start; i < e.children.size(); ++i) {
        const Expr& child = e.children[i];
        ValueSet values = child.kind == ExprKind::Starred && !child.children.empty()
                              ? load(eval(child.children[0]), elements_field(), child.site)
                              : eval(child);
        // A dict comprehension's body is its key, then its value.
        const bool is_dict_key =
            e.container == ContainerKind::Dict &&
            (e.text == "comprehension" ? i == body_start && e.children.size() == body_start + 2
                                       : child.kind != ExprKind::Starred && child.arg_names.empty());
        if (is_dict_key) {
          // A key that is an object (`{module: name for name, module in model.named_modules()}`) is held by
          // the dict as much as a value is; reads of the dict's values do not see it.
          if (!values.empty()) {
            store(ValueSet{container}, keys_field(), values, {site_ref(child.site, "key")}, EdgeRole::Plain);
          }
          continue;
        }
        if (values.empty()) {
          empty_slots.push_back(i);
          continue;
        }
        if (const std::string slot = display_slot(e, child, i - body_start); !slot.empty()) {
          store(ValueSet{container}, intern_field(slot), values, {site_ref(child.site, "element")},
                EdgeRole::Plain);
        }
        all.merge(values);
      }
      if (e.text == "comprehension") {
        // `[model(x) for x in loader]` keeps every element as a loop of appends would, and so does a
        // generator expression drained into a list or a sum.
        const bool drained = drained_generator_ == &e;
        if ((e.container != ContainerKind::Generator || drained) && no_grad_depth_ == 0) {
          ValueSet graphs;
          for (ObjId v : all) {
            if (is_graph(v)) graphs.insert(v);
          }
          if (!graphs.empty()) {
            Event* event = record_event(EventKind::Accumulate, container,
                                        drained ? std::string(drained_into_) + " of a generator expression"
                                                : std::string(label) + " comprehension",
                                        graphs, e.site, "comprehension");
            if (event != nullptr) {
              event->comprehension = true;
              event->augmented = drained && std::string_view(drained_into_) == "sum";
            }
          }
        }
        if (e.container == ContainerKind::Generator && !drained)
          keep_generator_frame(e, container, body_start, first_iterable);
        --loop_depth_;
      }
      if (!all.empty()) {
        // A slot whose value holds no object is kept too, empty, when another holds one: without it
        // `parts["rest"]` of `{"rest": str(t), "owner": self}` would read every value, the owner included.
        // A display of literals alone (generated tables) needs none: every read of it is empty anyway.
        for (size_t i : empty_slots) {
          const std::string slot = display_slot(e, e.children[i], i - body_start);
          if (!slot.empty()) {
            store(ValueSet{container}, intern_field(slot), {}, {site_ref(e.children[i].site, "element")},
                  EdgeRole::Plain);
          }
        }
        store(ValueSet{container}, elements_field(), all, {site_ref(e.site, std::string(label) + " element")},
              EdgeRole::Plain);
      }
      if (no_grad_depth_ == 0) {
        for (ObjId v : all) {
          if (is_graph(v)) {
            objs_[container].graph = true;
            break;
          }
        }
      }
      return ValueSet{container};
    }
    case ExprKind::Function: {
      const CodeRef code{ref_.module, e.function_index};
      const ObjId closure = at_site(&e, ObjKind::Closure, "<lambda>", e.site);
      objs_[closure].fn = code;
      for (const std::string& free : program_.function(code).free_vars) {
        ValueSet target;
        if (is_cell_var(free)) {
          target = ValueSet{cell(free)};
        } else if (is_free_var(free) && func_self_ != kNoObj) {
          target = load(ValueSet{func_self_}, intern_field("cell:" + free), e.site);
        }
        store(ValueSet{closure}, intern_field("cell:" + free), target,
              {site_ref(e.site, "lambda captures " + free)}, EdgeRole::Capture);
      }
      return ValueSet{closure};
    }
    case ExprKind::Arith: {
      ValueSet operands;
      for (const Expr& child : e.children) operands.merge(eval(child));
      if (operands.empty() || e.text == "bool" || e.text == "distinct") return {};
      const ObjId value = at_site(&e, ObjKind::Value, "value", e.site);
      for (ObjId op : operands) {
        if (std::find(objs_[value].operands.begin(), objs_[value].operands.end(), op) ==
            objs_[value].operands.end()) {
          objs_[value].operands.push_back(op);
        }
        if (objs_[op].tensor || objs_[op].graph) objs_[value].tensor = true;
      }
      if (no_grad_depth_ > 0) objs_[value].no_grad = true;
      return ValueSet{value};
    }
    case ExprKind::Choice: {
      ValueSet out;
      for (const Expr& child : e.children) out.merge(eval(child));
      return out;
    }
    case ExprKind::Walrus: {
      ValueSet v = e.children.empty() ? ValueSet{} : eval(e.children[0]);
      write_name(e.text, v, e.site);
      return v;
    }
    case ExprKind::Starred:
      return e.children.empty() ? ValueSet{} : eval(e.children[0]);
  }
  return {};
}

ValueSet Context::bound_method(ObjId self, CodeRef function, const Expr& node) {
  const ObjId method = at_site(&node, ObjKind::BoundMethod,
                               "bound method " + program_.function(function).qualname, node.site, self % 997);
  objs_[method].fn = function;
  store(ValueSet{method}, intern_field("__self__"), ValueSet{self},
        {site_ref(node.site, "bound method " + program_.function(function).name + " holds its object")},
        EdgeRole::Capture);
  return ValueSet{method};
}

ValueSet Context::eval_attribute_pattern(const ValueSet& bases, const std::string& pattern,
                                         const Expr& node) {
  const size_t star = pattern.find('*');
  const std::string_view prefix = std::string_view(pattern).substr(0, star),
                         suffix = std::string_view(pattern).substr(star + 1);
  ValueSet out;
  for (ObjId b : bases) {
    const CodeRef cls = objs_[b].cls;
    if (!cls.valid() || objs_[b].kind == ObjKind::ClassConst) continue;
    for (const std::string& name : program_.method_names(cls)) {
      if (name.size() >= prefix.size() + suffix.size() && name.starts_with(prefix) && name.ends_with(suffix))
        out.merge(eval_attribute(ValueSet{b}, name, node));
    }
  }
  if (out.empty()) out.insert(at_site(&node, ObjKind::Unknown, "result of getattr()", node.site));
  return out;
}

// `defaultdict(list)`: `d[key]` makes an empty container and keeps it, so that what is appended to
// `d[key]` lands in a container the dict holds. One object stands for the values of every key.
void Context::fill_with_default(const ValueSet& dicts, const std::vector<Arg>& args, const Expr& node) {
  if (args.empty() || !args[0].name.empty() || dicts.empty()) return;
  for (ObjId factory : args[0].values) {
    if (objs_[factory].kind != ObjKind::ExternalConst) continue;
    const std::string& q = objs_[factory].qualified.str();
    const char* label = q == "builtins.list"                                     ? "list"
                        : q == "builtins.set"                                    ? "set"
                        : q == "collections.deque"                               ? "deque"
                        : q == "builtins.dict" || q == "collections.OrderedDict" ? "dict"
                                                                                 : nullptr;
    if (label == nullptr) continue;
    const ObjId value = at_site(&node, ObjKind::Container, label, node.site, 51);
    store(dicts, elements_field(), ValueSet{value},
          {site_ref(node.site, "the defaultdict makes and keeps a " + std::string(label) + " per key")},
          EdgeRole::Plain);
  }
}

namespace {

bool is_literal(const Expr& e, std::string_view text) {
  return e.kind == ExprKind::Literal && e.text == text;
}

// A `while True:` loop in the thread's target (outside nested functions): the worker waits for work until
// something tells it to stop.
bool has_endless_loop(const Function& target) {
  bool found = false;
  for_each_statement(target.body, [&](const Stmt& s) {
    found |= s.kind == StmtKind::While && (is_literal(s.value, "True") || is_literal(s.value, "1"));
  });
  return found;
}

// Whether the module sends a worker a stop: `q.put(None)` / `put_nowait(None)`, a sentinel constant
// (`q.put(_STOP)`), `event.set()`, or a flag set to True / False outside `__init__` (`self._closed = True`).
bool module_stops_workers(const ModuleFacts& facts) {
  bool stops = false;
  for (const Function& f : facts.functions) {
    for_each_statement(f.body, [&](const Stmt& s) {
      if (stops) return;
      if (s.kind == StmtKind::Assign && f.name != "__init__" &&
          (is_literal(s.value, "True") || is_literal(s.value, "False")) &&
          std::any_of(s.targets.begin(), s.targets.end(),
                      [](const Expr& t) { return t.kind == ExprKind::Attribute; }))
        stops = true;
      for_each_expr(s.value, [&](const Expr& e) {
        if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute)
          return;
        const std::string& method = e.children[0].text;
        if (method == "set" && e.children.size() == 1) stops = true;
        if ((method == "put" || method == "put_nowait") && e.children.size() >= 2) {
          const Expr& item = e.children[1];
          const bool constant = item.kind == ExprKind::Name && !item.text.empty() &&
                                std::none_of(item.text.begin(), item.text.end(), [](char c) {
                                  return std::islower(static_cast<unsigned char>(c));
                                });
          stops |= is_literal(item, "None") || constant;
        }
      });
    });
    if (stops) break;
  }
  return stops;
}

}  // namespace

// `threading.Thread(target=self._drain)` where `_drain` is a `while True:` worker and nothing in its
// module ever tells a worker to stop: the thread never ends, and threading's table of running threads keeps
// it, its target and so the object the target is bound to for the life of the process. (A thread that
// ends drops its target, see library_models.toml.)
void Context::keep_endless_thread_target(const std::vector<Arg>& args, const Expr& node) {
  const ValueSet target = arg_values(args, 1, "target", node.site);
  for (ObjId t : target) {
    const Obj& o = objs_[t];
    if (o.kind != ObjKind::BoundMethod || !o.fn.valid()) continue;
    if (!has_endless_loop(program_.function(o.fn)) || module_stops_workers(program_.module(o.fn.module)))
      continue;
    record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRegistry),
                 "table of running threads (threading)", ValueSet{t}, node.site,
                 "a thread whose worker loop never ends keeps its target");
  }
}

// `Fn.apply` of a custom autograd Function: its static forward bound to a new ctx, the backward node that
// the outputs' grad_fn will hold (forward stores that edge on return), so that what forward keeps on ctx
// is reachable from the outputs. kNoObj where the class has no static forward of its own, or defines apply.
ObjId Context::autograd_apply(CodeRef cls, const Expr& node) {
  if (!program_.class_info(cls).is_autograd_function) return kNoObj;
  MethodKind mk = MethodKind::Instance;
  const CodeRef forward = program_.find_method(cls, "forward", &mk);
  if (!forward.valid() || mk != MethodKind::Static || program_.find_method(cls, "apply").valid())
    return kNoObj;
  const ObjId ctx =
      at_site(&node, ObjKind::LibInstance, "ctx of " + program_.class_def(cls).name, node.site, 11);
  objs_[ctx].ctx = true;
  const ValueSet method = bound_method(ctx, forward, node);
  return method.empty() ? kNoObj : *method.begin();
}

// Whether a for loop over `iterable` runs its body at least once: `path.split(".")` (with a separator,
// split returns at least one piece), as in `for part in dotted.split("."): obj = getattr(obj, part)`,
// which ends on an attribute of obj, never obj itself.
static bool iterates_at_least_once(const Expr& iterable) {
  if (iterable.kind != ExprKind::Call || iterable.children.size() < 2) return false;
  const Expr& callee = iterable.children[0];
  return callee.kind == ExprKind::Attribute && (callee.text == "split" || callee.text == "rsplit") &&
         iterable.arg_names.size() > 1 && (iterable.arg_names[1].empty() || iterable.arg_names[1] == "sep");
}

// `getattr(obj, name)` with the name in a variable: of a parameter or a field whose class is not known
// here, some attribute it holds (`_resolve(model, "head.proj")` returns a submodule of model); of anything
// else, an unknown value (its attributes are known, and which one is read is not).
ValueSet Context::eval_dynamic_attribute(const ValueSet& bases, const Expr& node) {
  ValueSet out;
  const FieldId field = intern_field(kDynamicAttribute);
  for (ObjId b : bases) {
    const Obj& o = objs_[b];
    if ((o.kind == ObjKind::Param || o.kind == ObjKind::Field) && !o.cls.valid())
      out.merge(load_one(b, field, node.site));
  }
  if (out.empty()) out.insert(at_site(&node, ObjKind::Unknown, "result of getattr()", node.site));
  return out;
}

// Whether a parameter or attribute is named as a class is (`module_cls`, `model_class`, `klass`,
// `Model`): its `.forward` is the plain function, not a bound method.
bool Context::names_a_class(ObjId id) const {
  const Obj& o = objs_[id];
  std::string name;
  if (o.kind == ObjKind::Param && o.param >= 0 && static_cast<size_t>(o.param) < fn_.params.size()) {
    name = fn_.params[static_cast<size_t>(o.param)].name;
  } else if (o.kind == ObjKind::Field) {
    name = field_name(o.field);
  }
  if (name.empty()) return false;
  if (std::isupper(static_cast<unsigned char>(name[0])) && name.find('_') == std::string::npos &&
      std::any_of(name.begin(), name.end(),
                  [](char c) { return std::islower(static_cast<unsigned char>(c)); }))
    return true;
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string_view suffix : {"cls", "class", "klass", "type"}) {
    if (lower.size() >= suffix.size() &&
        lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0)
      return true;
  }
  return false;
}

ValueSet Context::eval_attribute(const ValueSet& bases, const std::string& attr, const Expr& node) {
  // `getattr(self, f"on_{event}")`: lowered to an attribute whose name is a pattern.
  if (attr.find('*') != std::string::npos) return eval_attribute_pattern(bases, attr, node);
  if (attr == kDynamicAttribute) return eval_dynamic_attribute(bases, node);
  ValueSet out;
  const FieldId field = intern_field(attr);
  for (ObjId b : bases) {
    const ObjKind kind = objs_[b].kind;
    if (kind == ObjKind::ModuleConst) {
      const ObjId id = constant(program_.module_member(objs_[b].module_index, attr));
      if (id != kNoObj) out.insert(id);
      continue;
    }
    if (kind == ObjKind::ExternalConst) {
      const StaticRef ref = program_.external_attribute(objs_[b].qualified, attr);
      if (ref.kind == StaticRef::Kind::External) {
        out.insert(external(ref.qualified));
      } else if (const ObjId id = constant(ref); id != kNoObj) {
        out.insert(id);
      }
      continue;
    }
    if (kind == ObjKind::Super) {
      // super().method: look the method up in the bases of the class that called super().
      const CodeRef cls = objs_[b].cls;
      const ValueSet self = load_one(b, intern_field("__self__"), node.site);
      bool found = false;
      if (cls.valid()) {
        for (const CodeRef& base : program_.class_info(cls).project_bases) {
          MethodKind mk = MethodKind::Instance;
          const CodeRef method = program_.find_method(base, attr, &mk);
          if (!method.valid()) continue;
          for (ObjId s : self) out.merge(bound_method(s, method, node));
          found = true;
          break;
        }
        if (!found) {
          for (const std::string& q : program_.class_info(cls).external_bases) {
            const ObjId ext = external(q + "." + attr);
            objs_[ext].receiver_for_super = true;
            out.insert(ext);
            break;
          }
        }
      }
      continue;
    }
    CodeRef cls = objs_[b].cls;
    if (kind == ObjKind::ClassConst && cls.valid() && attr == "apply") {
      if (const ObjId method = autograd_apply(cls, node); method != kNoObj) {
        out.insert(method);
        continue;
      }
    }
    if (kind == ObjKind::ClassConst && cls.valid()) {
      MethodKind mk = MethodKind::Instance;
      const CodeRef method = program_.find_method(cls, attr, &mk);
      if (method.valid()) {
        if (mk == MethodKind::Class) {
          out.merge(bound_method(b, method, node));
        } else {
          StaticRef r;
          r.kind = StaticRef::Kind::ProjectFunction;
          r.code = method;
          out.insert(constant(r));
        }
        continue;
      }
    }
    if (cls.valid() && kind != ObjKind::ClassConst &&
        st_.fields.find(field_key(b, field)) == st_.fields.end()) {
      MethodKind mk = MethodKind::Instance;
      const CodeRef method = program_.find_method(cls, attr, &mk);
      if (method.valid()) {
        if (is_property(mk)) {
          std::vector<Arg> none;
          const ValueSet value = invoke(method, ValueSet{b}, none, {}, node);
          // The first read of a cached_property stores its value in the instance's __dict__.
          if (mk == MethodKind::CachedProperty && !value.empty()) {
            store(ValueSet{b}, field, value,
                  {site_ref(node.site, "cached_property ." + attr + " caches its value")}, EdgeRole::Plain);
          }
          out.merge(value);
        } else if (mk == MethodKind::Static) {
          StaticRef r;
          r.kind = StaticRef::Kind::ProjectFunction;
          r.code = method;
          out.insert(constant(r));
        } else if (mk == MethodKind::Class) {
          // self.make with @classmethod make: bound to the class, the instance is not kept.
          out.merge(bound_method(constant(project_ref(StaticRef::Kind::ProjectClass, cls)), method, node));
        } else {
          out.merge(bound_method(b, method, node));
        }
        continue;
      }
    }
    // `self._observers` with `_observers = []` in the class body and never assigned on an instance: the
    // list every instance shares, held by the class.
    if (cls.valid() && kind != ObjKind::ClassConst && program_.class_info(cls).inherits_shared_containers &&
        st_.fields.find(field_key(b, field)) == st_.fields.end()) {
      CodeRef owner = program_.shared_container_owner(cls, attr);
      if (!owner.valid()) owner = program_.shared_instance_owner(cls, attr);
      if (owner.valid()) {
        out.merge(eval_attribute(ValueSet{constant(project_ref(StaticRef::Kind::ProjectClass, owner))}, attr,
                                 node));
        continue;
      }
    }
    // `target.forward` of a module whose class is not known here: a bound method holding the module, so
    // that `base = target.forward; target.forward = lambda x: base(x) + 1` closes a cycle (unless something
    // was stored there before).
    if (attr == "forward" && !cls.valid() && st_.fields.find(field_key(b, field)) == st_.fields.end() &&
        (kind == ObjKind::Param || kind == ObjKind::Field ||
         (kind == ObjKind::LibInstance && objs_[b].module)) &&
        !names_a_class(b)) {
      const ObjId method =
          at_site(&node, ObjKind::BoundMethod, "bound method forward", node.site, 1000 + b % 997);
      store(ValueSet{method}, intern_field("__self__"), ValueSet{b},
            {site_ref(node.site, "bound method forward holds its module")}, EdgeRole::Capture);
      out.insert(method);
      continue;
    }
    out.merge(load_one(b, field, node.site));
  }
  return out;
}

ValueSet Context::arg_values(const std::vector<Arg>& args, int position, const std::string& keyword,
                             const Site& site) {
  ValueSet out;
  int index = 0;
  for (const Arg& a : args) {
    if (a.name.empty()) {
      if (index == position) out.merge(a.values);
      ++index;
    } else if (a.name == "*") {
      if (position >= index) out.merge(load(a.values, elements_field(), site));
    } else if (a.name == "**") {
      if (!keyword.empty()) out.merge(load(a.values, elements_field(), site));
    } else if (!keyword.empty() && a.name == keyword) {
      out.merge(a.values);
    }
  }
  return out;
}

// `m.register_forward_hook(h)` / `m.register_forward_pre_hook(h)`, and whether `with_kwargs=True` asks
// for the keyword arguments too.
std::optional<ForwardHookKind> Context::forward_hook_registration(const Expr& call) {
  if (call.kind != ExprKind::Call || call.children.empty() || call.children[0].kind != ExprKind::Attribute)
    return std::nullopt;
  const std::string& method = call.children[0].text;
  const bool pre = method == "register_forward_pre_hook";
  if (!pre && method != "register_forward_hook") return std::nullopt;
  bool with_kwargs = false;
  for (size_t i = 1; i < call.arg_names.size() && i < call.children.size(); ++i) {
    const Expr& value = call.children[i];
    if (call.arg_names[i] == "with_kwargs")
      with_kwargs = value.kind == ExprKind::Literal && value.text == "True";
  }
  if (pre) return with_kwargs ? ForwardHookKind::PreWithKwargs : ForwardHookKind::Pre;
  return with_kwargs ? ForwardHookKind::PostWithKwargs : ForwardHookKind::Post;
}

// Calling a module runs the forward hooks registered on it and on its submodules (reached through its
// fields, a few levels down), each with the arguments PyTorch passes it (see ForwardHookKind). What a hook
// keeps (`features.append(output)`) is kept on every call of the module.
void Context::run_forward_hooks(ObjId module, const std::vector<Arg>& args, const ValueSet& output,
                                const Expr& node) {
  if (running_forward_hooks_) return;  // a hook that calls its module again
  running_forward_hooks_ = true;
  // The module and the objects its fields hold, breadth first: the field map is keyed by object, so the
  // contents of every object are gathered in one pass first.
  struct Hooked {
    ObjId module;
    ForwardHookKind kind;
    ValueSet hooks;
  };
  std::unordered_map<ObjId, std::vector<ObjId>> held;
  std::vector<Hooked> hooked;
  for (const auto& [key, values] : st_.fields) {
    const auto base = static_cast<ObjId>(key >> 32);
    if (const auto kind = forward_hooks_kind(static_cast<FieldId>(key & 0xffffffffu))) {
      hooked.push_back({base, *kind, values});
    } else {
      for (ObjId v : values) held[base].push_back(v);
    }
  }
  std::vector<ObjId> reached{module};
  std::unordered_set<ObjId> seen{module};
  for (size_t i = 0, level_end = 1, depth = 0; i < reached.size() && reached.size() < 64; ++i) {
    if (i == level_end) {
      if (++depth > 3) break;
      level_end = reached.size();
    }
    auto it = held.find(reached[i]);
    if (it == held.end()) continue;
    for (ObjId v : it->second) {
      if (seen.insert(v).second) reached.push_back(v);
    }
  }
  std::sort(hooked.begin(), hooked.end(), [](const Hooked& a, const Hooked& b) {
    return std::make_pair(a.module, a.kind) < std::make_pair(b.module, b.kind);
  });
  // What the hooks of the called module get, made for the first hook that needs it: the call's positional
  // arguments as a tuple, its keyword arguments as a dict.
  ObjId inputs = kNoObj, keywords = kNoObj;
  auto container_of = [&](ObjId& made, const char* label, uint32_t index, bool keyword) {
    if (made != kNoObj) return made;
    made = at_site(&node, ObjKind::Container, label, node.site, index);
    for (const Arg& a : args) {
      const bool is_keyword = !a.name.empty() && a.name != "*" && a.name != "**";
      if ((keyword ? is_keyword : a.name.empty()) && !a.values.empty()) {
        store(ValueSet{made}, elements_field(), a.values, {site_ref(node.site, "forward hook argument")},
              EdgeRole::Plain);
      }
    }
    return made;
  };
  for (const Hooked& entry : hooked) {
    if (seen.count(entry.module) == 0) continue;
    ValueSet callables;
    for (ObjId h : entry.hooks) {
      if (is_callable_value(h) || objs_[h].kind == ObjKind::FunctionConst) callables.insert(h);
    }
    if (callables.empty()) continue;
    const bool pre = entry.kind == ForwardHookKind::Pre || entry.kind == ForwardHookKind::PreWithKwargs;
    const bool with_kwargs =
        entry.kind == ForwardHookKind::PreWithKwargs || entry.kind == ForwardHookKind::PostWithKwargs;
    std::vector<Arg> hook_args(1);
    hook_args[0].values = ValueSet{entry.module};
    if (entry.module == module) {
      hook_args.emplace_back().values =
          ValueSet{container_of(inputs, "tuple", 0x696e7075 /* "inpu" */, false)};
      if (with_kwargs)
        hook_args.emplace_back().values =
            ValueSet{container_of(keywords, "dict", 0x6b776172 /* "kwar" */, true)};
      if (!pre) hook_args.emplace_back().values = output;
    } else {
      // A submodule's input and output are activations inside the call, carrying its graph: the call's
      // output is computed from them, so a loss on it back-propagates through them too. Their salts add the
      // submodule's id to bases other than the called module's own (`inputs`, `keywords`).
      auto activation = [&](const std::string& label, uint32_t index) {
        const ObjId inner = at_site(&node, ObjKind::Unknown, label, node.site, index + entry.module);
        objs_[inner].tensor = true;
        if (no_grad_depth_ == 0) mark_graph(ValueSet{inner});
        for (ObjId r : output) add_operand(r, inner);
        return inner;
      };
      const std::string& name = objs_[entry.module].label.str();
      const ObjId tuple =
          at_site(&node, ObjKind::Container, "tuple", node.site, 0x74757065 /* "tupe" */ + entry.module);
      store(ValueSet{tuple}, elements_field(),
            ValueSet{activation("input of " + name, 0x73696e70 /* "sinp" */)},
            {site_ref(node.site, "forward hook argument")}, EdgeRole::Plain);
      hook_args.emplace_back().values = ValueSet{tuple};
      if (with_kwargs)
        hook_args.emplace_back().values = ValueSet{
            at_site(&node, ObjKind::Container, "dict", node.site, 0x736b7761 /* "skwa" */ + entry.module)};
      if (!pre)
        hook_args.emplace_back().values = ValueSet{activation("output of " + name, 0x686f6f6b /* "hook" */)};
    }
    call(callables, hook_args, node, false);
  }
  running_forward_hooks_ = false;
}

bool Context::is_callable_value(ObjId id) const {
  const ObjKind k = objs_[id].kind;
  return k == ObjKind::Closure || k == ObjKind::BoundMethod || k == ObjKind::Partial;
}

void Context::mark_graph(const ValueSet& values, int depth) {
  if (depth > 8) return;
  for (ObjId v : values) {
    Obj& o = objs_[v];
    if (o.graph || o.kind == ObjKind::Container) {
      if (o.kind == ObjKind::Container) o.graph = true;
      continue;
    }
    o.graph = true;
    o.tensor = true;
  }
}

bool Context::is_graph(ObjId id) const {
  return any_within_operands(id, 8, true, [](const Obj& o) { return o.graph; });
}

ValueSet Context::eval_call(const Expr& e, bool result_used) {
  if (e.children.empty()) return {};
  const Expr* const saved_drained = drained_generator_;
  const char* const saved_into = drained_into_;
  if (const char* into = drains_generator(e)) {
    drained_generator_ = &e.children[1];
    drained_into_ = into;
  }
  std::vector<Arg> args;
  for (size_t i = 1; i < e.children.size(); ++i) {
    Arg a;
    a.name = i < e.arg_names.size() ? e.arg_names[i] : "";
    a.values = eval(e.children[i]);
    args.push_back(std::move(a));
  }
  drained_generator_ = saved_drained;
  drained_into_ = saved_into;
  const Expr& callee = e.children[0];
  if (callee.kind == ExprKind::Attribute && !callee.children.empty()) {
    const ValueSet receivers = eval(callee.children[0]);
    return call_method(receivers, callee.text, args, e, result_used);
  }
  if (callee.kind == ExprKind::Name && callee.text == "super") {
    // super() inside a method: the receiver, looked up from the bases of the defining class.
    const ObjId proxy = at_site(&e, ObjKind::Super, "super()", e.site);
    if (fn_.owner_class >= 0) objs_[proxy].cls = CodeRef{ref_.module, fn_.owner_class};
    if (!params_.empty()) {
      st_.fields[field_key(proxy, intern_field("__self__"))] = ValueSet{params_[0]};
    }
    return ValueSet{proxy};
  }
  const ValueSet callees = eval(callee);
  return call(callees, args, e, result_used);
}

ValueSet Context::call_method(const ValueSet& receivers, const std::string& method,
                              const std::vector<Arg>& args, const Expr& node, bool result_used) {
  // The exception itself with its traceback replaced: by none, or by another (a trimmed one) that is taken
  // not to hold this frame.
  if (method == "with_traceback" && node.children.size() == 2) return without_traceback(receivers, node);
  ValueSet out;
  ValueSet unresolved;
  for (ObjId r : receivers) {
    const ObjKind kind = objs_[r].kind;
    const CodeRef cls = objs_[r].cls;
    if (kind == ObjKind::ModuleConst || kind == ObjKind::ExternalConst || kind == ObjKind::ClassConst ||
        kind == ObjKind::Super ||
        (cls.valid() && program_.find_method(cls, method).valid() &&
         st_.fields.find(field_key(r, intern_field(method))) == st_.fields.end())) {
      if (kind == ObjKind::Super || kind == ObjKind::ClassConst || cls.valid()) {
        // Resolve to a project method without materialising a bound-method object.
        if (kind != ObjKind::Super && kind != ObjKind::ClassConst) {
          MethodKind mk = MethodKind::Instance;
          const CodeRef m = program_.find_method(cls, method, &mk);
          if (mk == MethodKind::Static) {
            out.merge(invoke(m, {}, args, {}, node));
          } else if (mk == MethodKind::Class) {
            out.merge(invoke(m, {}, args, {}, node));
          } else if (is_property(mk)) {
            const ValueSet result = invoke(m, ValueSet{r}, {}, {}, node);
            out.merge(call(result, args, node, result_used));
          } else {
            out.merge(invoke(m, ValueSet{r}, args, {}, node));
          }
          continue;
        }
      }
      const ValueSet callees = eval_attribute(ValueSet{r}, method, node.children[0]);
      for (ObjId c : callees) {
        if (objs_[c].kind == ObjKind::ExternalConst && objs_[c].receiver_for_super) {
          // super().__init__(...) of a library base: the model's "return" is the object being built.
          const ValueSet self = load_one(r, intern_field("__self__"), node.site);
          const std::string base_q = objs_[c].qualified.str().substr(0, objs_[c].qualified.str().rfind('.'));
          if (const CallModel* model = solver_.models_.function(base_q)) {
            for (ObjId s : self) out.merge(apply_model(*model, {}, args, node, result_used, s));
          }
          continue;
        }
        out.merge(call(ValueSet{c}, args, node, result_used));
      }
      continue;
    }
    if (kind == ObjKind::Weak) continue;
    unresolved.insert(r);
  }
  if (unresolved.empty()) return out;

  // A field holding a callable (self.cb(...)) is called like any value.
  ValueSet field_callables;
  const bool model_like = is_model_like_name(method);
  for (ObjId r : unresolved) {
    auto it = st_.fields.find(field_key(r, intern_field(method)));
    if (it != st_.fields.end()) {
      field_callables.merge(it->second);
    } else if (model_like && placeholder_capable(r)) {
      // `self.model(x)` read for the first time: the model a caller put there, called.
      field_callables.merge(load_one(r, intern_field(method), node.site));
    }
  }
  if (!field_callables.empty()) out.merge(call(field_callables, args, node, result_used));

  if (method == "backward" || method == "manual_backward") {
    // `loss.backward()` back-propagates its receiver; `accelerator.backward(loss)` (Hugging Face Accelerate)
    // and Lightning's `self.manual_backward(loss)` their first argument, a loss where the receiver is no
    // tensor.
    const ValueSet first = arg_values(args, 0, "loss", node.site);
    mark_losses(method == "manual_backward" || (any_graph(first) && !any_graph(unresolved)) ? first
                                                                                            : unresolved);
    return out;
  }
  // `m.eval()` and `m.train()` say that `m` is an nn.Module (`m.eval(); m(x)` runs it), and the methods that
  // return an nn.Module itself give it back (`model = Net().to(device)`, `.cuda()`; a tensor's make a new
  // one).
  if (program_.uses_torch()) {
    if (method == "eval" || method == "train") {
      for (ObjId r : unresolved) objs_[r].module = true;
    }
    if (returns_the_module(method) &&
        std::all_of(unresolved.begin(), unresolved.end(), [this](ObjId r) { return objs_[r].module; })) {
      out.merge(unresolved);
      return out;
    }
  }
  // `model.forward(x)`: the module run directly.
  if (method == "forward" && no_grad_depth_ == 0 &&
      std::any_of(unresolved.begin(), unresolved.end(), [this](ObjId r) { return objs_[r].module; })) {
    const ObjId result = at_site(&node, ObjKind::Unknown, "output of .forward()", node.site);
    mark_graph(ValueSet{result});
    out.insert(result);
    return out;
  }
  const CallModel* model = solver_.models_.method(method);
  while (model != nullptr && !model->receivers.empty()) {
    // A model for one library's objects (a logger's addHandler), then the entry for other receivers;
    // receivers none of them lists are left unknown.
    ValueSet made, others;
    for (ObjId r : unresolved) (made_by(r, model->receivers) ? made : others).insert(r);
    if (!made.empty()) out.merge(apply_model(*model, made, args, node, result_used));
    if (others.empty()) return out;
    unresolved = std::move(others);
    model = model->other_receivers;
  }
  if (model != nullptr) {
    // A variable captured from the enclosing function (`lambda: a.add(b)`) has a type that function
    // knows: the call is resolved where the closure is called, to a project class's own `add` or to
    // this model on a library object, instead of storing through the model here.
    ValueSet modelled;
    for (ObjId r : unresolved) {
      if (!captured_from_enclosing(r)) {
        modelled.insert(r);
        continue;
      }
      const ObjId result = at_site(&node, ObjKind::Unknown, "result of ." + method + "()", node.site);
      defer(r, kNoObj, method, args, node, result, result_used);
      out.insert(result);
    }
    if (!modelled.empty()) out.merge(apply_model(*model, modelled, args, node, result_used));
    return out;
  }
  bool any_callable = false;
  for (const Arg& a : args) {
    for (ObjId v : a.values) any_callable |= is_callable_value(v);
  }
  if (any_callable && is_registration_method(method)) {
    ValueSet callables;
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        if (is_callable_value(v)) callables.insert(v);
      }
    }
    const bool removable = result_used && removes_handles();
    // Named after the method: the holder is often on the C side (a signal, a future), with no attribute.
    // Ends in "[]" like an element, so registering one callable does not replace another.
    store(unresolved, intern_field(method + std::string(kRegisteredSuffix)), callables,
          {site_ref(node.site, method + "() keeps the callable")},
          method.find("hook") != std::string::npos ? EdgeRole::ModuleHook : EdgeRole::Callback, removable);
    return out;
  }
  // Unknown method: an unknown result; tensor methods keep the autograd graph, and so does `self.fc(x)` in
  // a method of an nn.Module (an attribute of the module that is called is a submodule).
  bool graph = false, tensor = false;
  for (ObjId r : unresolved) {
    // `self.log_scale.exp()`: an op on a parameter has a graph (`p.numel()` and such give plain numbers).
    graph |= is_graph(r) || (objs_[r].parameter && !is_graph_free_attribute(method));
    tensor |= objs_[r].tensor;
    if (objs_[r].receiver && objs_[r].module && !is_module_api_method(method)) graph = tensor = true;
  }
  const ObjId result = at_site(&node, ObjKind::Unknown, "result of ." + method + "()", node.site);
  if (graph && no_grad_depth_ == 0) objs_[result].graph = true;
  objs_[result].tensor |= tensor;
  // `loss.view(1)`, `out.float()`: computed from its tensor receiver, as a torch op from its arguments.
  for (ObjId r : unresolved) {
    if (objs_[r].tensor || objs_[r].graph) add_operand(result, r);
  }
  for (ObjId r : unresolved) {
    if (is_placeholder(r)) defer(r, kNoObj, method, args, node, result, result_used);
  }
  out.insert(result);
  return out;
}

ValueSet Context::call(const ValueSet& callees, const std::vector<Arg>& args, const Expr& node,
                       bool result_used) {
  ValueSet out;
  for (ObjId c : callees) {
    ObjKind kind = objs_[c].kind;
    // A module-level instance of a project class (`ALIGN = GradAlignment()`) is called like any instance.
    if (kind == ObjKind::Global && objs_[c].cls.valid()) kind = ObjKind::Instance;
    switch (kind) {
      case ObjKind::FunctionConst:
        out.merge(invoke(objs_[c].fn, {}, args, {}, node));
        break;
      case ObjKind::Closure:
        out.merge(invoke(objs_[c].fn, {}, args, ValueSet{c}, node));
        break;
      case ObjKind::BoundMethod: {
        const ValueSet self = load_one(c, intern_field("__self__"), node.site);
        if (objs_[c].fn.valid()) {
          out.merge(invoke(objs_[c].fn, self, args, {}, node));
        } else {
          out.merge(call(load_one(c, intern_field("__func__"), node.site), args, node, result_used));
        }
        break;
      }
      case ObjKind::Partial: {
        std::vector<Arg> full;
        Arg bound;
        bound.values = load_one(c, intern_field("args[]"), node.site);
        if (!bound.values.empty()) full.push_back(bound);
        full.insert(full.end(), args.begin(), args.end());
        out.merge(call(load_one(c, intern_field("func"), node.site), full, node, result_used));
        break;
      }
      case ObjKind::ClassConst:
        if (objs_[c].cls.valid()) out.merge(construct(objs_[c].cls, args, node));
        break;
      case ObjKind::ExternalConst: {
        const std::string q = objs_[c].qualified;  // a copy: the calls below add objects
        if (q == "builtins.enumerate" || q == "builtins.zip") {
          out.merge(tuple_sequence(q == "builtins.enumerate", args, node));
          break;
        }
        if (const CallModel* model = solver_.models_.function(q)) {
          const ValueSet made = apply_model(*model, {}, args, node, result_used);
          if (q == "collections.defaultdict") fill_with_default(made, args, node);
          if (q == "threading.Thread") keep_endless_thread_target(args, node);
          out.merge(made);
        } else {
          const bool loss = is_loss_function(q) && no_grad_depth_ == 0;
          const bool torch_call = q.rfind("torch.", 0) == 0;
          bool arg_graph = false;
          if (torch_call) {
            for (const Arg& a : args) {
              for (ObjId v : a.values) arg_graph |= is_graph(v);
            }
          }
          out.merge(unknown_call(q, args, node, (loss || arg_graph) && no_grad_depth_ == 0,
                                 torch_call && !is_camel_case(q)));
        }
        break;
      }
      case ObjKind::Instance: {
        const CodeRef cls = objs_[c].cls;
        if (!cls.valid()) break;
        const ClassInfo& info = program_.class_info(cls);
        const CodeRef call_method_ref = program_.find_method(cls, "__call__");
        const CodeRef forward = program_.find_method(cls, "forward");
        ValueSet result;
        if (call_method_ref.valid()) {
          result = invoke(call_method_ref, ValueSet{c}, args, {}, node);
        } else if (info.is_nn_module && forward.valid()) {
          result = invoke(forward, ValueSet{c}, args, {}, node);
        }
        if (info.is_nn_module && no_grad_depth_ == 0) {
          if (result.empty())
            result.insert(at_site(&node, ObjKind::Unknown, "output of " + objs_[c].label.str(), node.site));
          mark_graph(result);
        }
        if (info.is_nn_module && forward_hooks_known_) run_forward_hooks(c, args, result, node);
        out.merge(result);
        break;
      }
      default: {
        if (objs_[c].kind == ObjKind::LibInstance && !objs_[c].qualified.empty()) {
          // The decorator a factory call made (`lru_cache(maxsize=8)`), applied to what it decorates.
          const CallModel* model = solver_.models_.function(objs_[c].qualified.str());
          if (model != nullptr && model->decorator_factory) {
            out.merge(apply_model(*model, {}, args, node, result_used));
            break;
          }
        }
        // A library object, a parameter or field of unknown type: an unknown result.
        bool graph = false;
        const Obj& o = objs_[c];
        if (o.module) graph = true;
        if (o.kind == ObjKind::LibInstance && o.qualified.str().rfind("torch.nn.", 0) == 0) graph = true;
        // `model(x)`, `self.model(x)`, `self.encoder(x)`: the name a parameter, global or field has.
        const std::string& name = o.kind == ObjKind::Field ? field_name(o.field)
                                  : o.name.empty()         ? o.label.str()
                                                           : o.name.str();
        if ((o.kind == ObjKind::Param || o.kind == ObjKind::Field || o.kind == ObjKind::Global) &&
            is_model_like_name(name)) {
          graph = true;
        }
        // `block(x)` for `block in self.blocks` in a method of an nn.Module: what the module holds and is
        // called is a submodule.
        if (o.kind == ObjKind::Field && objs_[field_root(c)].receiver && objs_[field_root(c)].module)
          graph = true;
        // Calling an instance of a library class (`net = nn.Linear(4, 2); net(x)`) runs it: its class's name
        // would make another instance.
        const std::string called = o.kind == ObjKind::LibInstance ? std::string() : o.qualified.str();
        const ValueSet result = unknown_call(called, args, node, graph && no_grad_depth_ == 0, graph);
        if (is_placeholder(c) && !result.empty()) defer(kNoObj, c, "", args, node, result[0], result_used);
        if (graph && forward_hooks_known_) run_forward_hooks(c, args, result, node);
        out.merge(result);
        break;
      }
    }
  }
  return out;
}

bool Context::is_torch_module_container(const std::string& qualified) {
  static const char* const kContainers[] = {"Sequential", "ModuleList", "ModuleDict", "ParameterList",
                                            "ParameterDict"};
  if (qualified.rfind("torch.nn.", 0) != 0) return false;
  const std::string name = last_component(qualified);
  return std::any_of(std::begin(kContainers), std::end(kContainers),
                     [&](const char* c) { return name == c; });
}

// `nn.ModuleDict({"a": m})`, `nn.ModuleList([m])`, `nn.Sequential(m1, m2)`: the container module keeps what
// it is given (a list's or dict's elements, or the arguments themselves), and indexing it gives them back.
void Context::keep_container_modules(ObjId container, const std::string& qualified,
                                     const std::vector<Arg>& args, const Expr& node) {
  const std::vector<SiteNote> chain{
      site_ref(node.site, last_component(qualified) + "(...) keeps its modules")};
  ValueSet certain, possible;  // kept for sure, and one of several
  for (const Arg& a : args) {
    if (!a.name.empty() && a.name != "*") continue;  // keywords are options, not modules
    const ValueSet given = a.name == "*" ? load(a.values, elements_field(), node.site) : a.values;
    for (ObjId v : given) {
      if (objs_[v].kind != ObjKind::Container) {
        (given.size() == 1 ? certain : possible).insert(v);
        continue;
      }
      // The container module takes every element of the list or dict it is given (a read of the list gives
      // one of them, so the list's own edges to each are only possible ones).
      ValueSet& kept = given.size() == 1 && !objs_[v].summary ? certain : possible;
      kept.merge(load_one(v, elements_field(), node.site));
    }
  }
  // Only its elements: an index (`seq[0]`) reads the container's own placeholder for that slot (load_keyed),
  // which stands for one module where the elements would be several.
  for (ObjId v : certain) store(ValueSet{container}, elements_field(), ValueSet{v}, chain, EdgeRole::Plain);
  if (!possible.empty()) store(ValueSet{container}, elements_field(), possible, chain, EdgeRole::Plain);
}

ValueSet Context::unknown_call(std::string qualified, const std::vector<Arg>& args, const Expr& node,
                               bool graph, bool tensor) {
  if (!qualified.empty() && is_camel_case(qualified)) {
    // A library class: its instance probably keeps the callables it is given (callbacks, hooks).
    const ObjId instance = at_site(&node, ObjKind::LibInstance, last_component(qualified), node.site);
    objs_[instance].qualified = qualified;
    if (qualified == "torch.nn.Parameter" || qualified == "torch.nn.parameter.Parameter") {
      // A leaf tensor that requires grad: what is computed from it with autograd on has a graph.
      objs_[instance].parameter = objs_[instance].tensor = true;
    } else if (qualified.rfind("torch.nn.", 0) == 0) {
      objs_[instance].module = true;
    }
    int position = 0;
    for (const Arg& a : args) {
      ValueSet callables;
      for (ObjId v : a.values) {
        if (is_callable_value(v)) callables.insert(v);
      }
      const std::string slot = a.name.empty() ? "arg" + std::to_string(position) : a.name;
      if (a.name.empty()) ++position;
      if (callables.empty() || a.name == "*" || a.name == "**") continue;
      store(ValueSet{instance}, intern_field(slot), callables,
            {site_ref(node.site, last_component(qualified) + "(" + slot + "=...) keeps the callable")},
            EdgeRole::Callback);
    }
    if (is_torch_module_container(qualified)) keep_container_modules(instance, qualified, args, node);
    return ValueSet{instance};
  }
  if (qualified == "torch.autograd.grad") return gradients_of(node);
  const ObjId result =
      at_site(&node, ObjKind::Unknown,
              qualified.empty() ? "call result" : "result of " + last_component(qualified) + "()", node.site);
  objs_[result].qualified = qualified;
  if (graph) objs_[result].graph = true;
  if (tensor || graph) objs_[result].tensor = true;
  if (qualified.rfind("torch.", 0) == 0) {
    // A torch op's result is computed from its tensor arguments, and from the tensors in a list or tuple
    // of them (`torch.cat((acc, loss))`).
    for (const Arg& a : args) {
      for (ObjId v : a.values) {
        add_operand(result, v);
        if (objs_[v].kind != ObjKind::Container) continue;
        auto elements = st_.fields.find(field_key(v, elements_field()));
        if (elements == st_.fields.end()) continue;
        for (ObjId element : elements->second) add_operand(result, element);
      }
    }
  }
  if (qualified == "torch.autograd.backward") {
    // The function form of `loss.backward()`: the losses are its first argument, one or a list of them.
    for (ObjId v : arg_values(args, 0, "tensors", node.site)) {
      mark_losses(objs_[v].kind == ObjKind::Container ? load_one(v, elements_field(), node.site)
                                                      : ValueSet{v});
    }
  }
  return ValueSet{result};
}

ValueSet Context::gradients_of(const Expr& node) {
  bool create_graph = false;
  for (size_t i = 1; i < node.children.size() && i < node.arg_names.size(); ++i) {
    const Expr& arg = node.children[i];
    // A variable (`create_graph=self.second_order`) is taken to be true on some run: the flag is there to
    // be turned on.
    create_graph |=
        node.arg_names[i] == "create_graph" && (arg.kind != ExprKind::Literal || arg.text == "True");
  }
  const ObjId gradients = at_site(&node, ObjKind::Container, "gradients", node.site);
  const ObjId gradient = at_site(&node, ObjKind::Unknown, "gradient", node.site, 1);
  objs_[gradient].tensor = true;
  if (create_graph && no_grad_depth_ == 0) objs_[gradient].graph = true;
  store(ValueSet{gradients}, elements_field(), ValueSet{gradient}, {site_ref(node.site, "gradient")},
        EdgeRole::Plain);
  return ValueSet{gradients};
}

ValueSet Context::apply_model(const CallModel& model, const ValueSet& receiver, const std::vector<Arg>& args,
                              const Expr& node, bool result_used, ObjId constructed) {
  if (model.decorator_factory && !model.names.empty() &&
      std::none_of(args.begin(), args.end(), [](const Arg& a) { return a.name.empty() || a.name == "*"; })) {
    const ObjId decorator = at_site(&node, ObjKind::LibInstance, "decorator", node.site);
    objs_[decorator].qualified = model.names.front();
    return ValueSet{decorator};
  }
  ValueSet ret;
  ObjId created = constructed;
  const std::string what = model.names.empty() ? "call" : last_component(model.names.front());
  switch (model.returns) {
    case ModelReturn::None:
      break;
    case ModelReturn::New:
      if (created == kNoObj) {
        ObjKind kind = ObjKind::LibInstance;
        if (model.new_label == "partial") kind = ObjKind::Partial;
        if (model.new_label == "method") kind = ObjKind::BoundMethod;
        if (model.new_label == "list" || model.new_label == "dict") kind = ObjKind::Container;
        created = at_site(&node, kind, model.new_label, node.site);
      }
      ret.insert(created);
      break;
    case ModelReturn::Receiver:
      ret = receiver;
      break;
    case ModelReturn::Argument:
      ret = arg_values(args, model.return_argument, "", node.site);
      break;
    case ModelReturn::ArgumentElements:
      ret = load(arg_values(args, model.return_argument, "", node.site), elements_field(), node.site);
      break;
    case ModelReturn::ReceiverElements:
      ret = load(receiver, elements_field(), node.site);
      break;
    case ModelReturn::Handle:
      ret.insert(at_site(&node, ObjKind::Handle, "hook handle", node.site));
      break;
    case ModelReturn::Weak:
      ret.insert(at_site(&node, ObjKind::Weak, "weak reference", node.site));
      break;
    case ModelReturn::CurrentFrame:
      if (asks_for_own_frame(node)) {
        ret.insert(frame());
      } else {
        // `sys._getframe(1)`: a caller's frame, which holds nothing of this one. A literal depth says whose:
        // a caller that gets it back from this function sees its own frame, or one further up.
        const ObjId caller_frame = at_site(&node, ObjKind::Frame, "a caller's frame", node.site);
        objs_[caller_frame].frames_up = literal_depth(node);
        ret.insert(caller_frame);
      }
      break;
    case ModelReturn::CurrentStack: {
      // Only the first entry is this function's own frame: `inspect.stack()[1]` and a loop over the
      // entries (whose variable ends on the outermost) hold none of it, so nothing goes into "[]".
      const ObjId stack = at_site(&node, ObjKind::Container, "list of frame records", node.site);
      const ObjId record =
          at_site(&node, ObjKind::Container, "frame record of " + fn_.qualname + "()", node.site, 1);
      for (const char* field : {"[0]", "frame"}) {
        store(ValueSet{record}, intern_field(field), ValueSet{frame()},
              {site_ref(node.site, "the first record is this function's frame")}, EdgeRole::Frame);
      }
      store(ValueSet{stack}, intern_field("[0]"), ValueSet{record},
            {site_ref(node.site, what + "() lists this function's frame first")}, EdgeRole::Frame);
      // `inspect.stack()[2]`: the record of a caller's frame, whose caller that far up sees its own.
      for (uint8_t up = 1; up <= kMaxFramesUp; ++up) {
        const std::string slot = "[" + std::to_string(up) + "]";
        const ObjId caller_record =
            at_site(&node, ObjKind::Container, "frame record of a caller", node.site, 1 + up);
        const ObjId caller_frame = at_site(&node, ObjKind::Frame, "a caller's frame", node.site, 8 + up);
        objs_[caller_frame].frames_up = up;
        for (const char* field : {"[0]", "frame"}) {
          store(ValueSet{caller_record}, intern_field(field), ValueSet{caller_frame},
                {site_ref(node.site, "the record of the frame " + std::to_string(up) + " up")},
                EdgeRole::Frame);
        }
        store(ValueSet{stack}, intern_field(slot), ValueSet{caller_record},
              {site_ref(node.site, what + "() lists the callers' frames next")}, EdgeRole::Frame);
      }
      ret.insert(stack);
      break;
    }
    case ModelReturn::ExcInfo:
    case ModelReturn::ExcInfoException: {
      ObjId exception;
      if (!handler_exceptions_.empty()) {
        exception = handler_exceptions_.back();
      } else {
        // Called outside a handler of this function: the traceback holds the frames of the code that
        // raised and handled the exception, not this one.
        exception = at_site(&node, ObjKind::Exception, "exception being handled", node.site);
        const ObjId tb = at_site(&node, ObjKind::Traceback, "traceback", node.site, 1);
        const ObjId frames =
            at_site(&node, ObjKind::Frame, "frames of the raising and handling code", node.site, 2);
        objs_[frames].tensor = program_.uses_torch();
        store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
              {site_ref(node.site, "exception keeps its traceback")}, EdgeRole::Frame);
        store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frames},
              {site_ref(node.site, "traceback keeps the frames")}, EdgeRole::Frame);
      }
      if (model.returns == ModelReturn::ExcInfoException) {
        ret.insert(exception);
        break;
      }
      const ObjId info = at_site(&node, ObjKind::Container, "exc_info tuple", node.site, 3);
      const ValueSet tb = load_one(exception, intern_field("__traceback__"), node.site);
      const ObjId type = at_site(&node, ObjKind::Unknown, "exception type", node.site, 4);
      store(ValueSet{info}, intern_field("[0]"), ValueSet{type}, {site_ref(node.site, "exc_info")},
            EdgeRole::Plain);
      store(ValueSet{info}, intern_field("[1]"), ValueSet{exception}, {site_ref(node.site, "exc_info")},
            EdgeRole::Frame);
      store(ValueSet{info}, intern_field("[2]"), tb, {site_ref(node.site, "exc_info")}, EdgeRole::Frame);
      ValueSet both{exception};
      both.merge(tb);
      store(ValueSet{info}, elements_field(), both, {site_ref(node.site, "exc_info")}, EdgeRole::Frame);
      ret.insert(info);
      break;
    }
    case ModelReturn::Unknown:
      ret.insert(at_site(&node, ObjKind::Unknown, "result of " + what + "()", node.site));
      break;
  }
  const bool removable = result_used && removes_handles();
  for (const ModelEffect& effect : model.effects) {
    ValueSet source;
    const ModelOperand& src = effect.source;
    switch (src.base) {
      case ModelOperand::Base::Argument:
        source = arg_values(args, src.position, src.keyword, node.site);
        break;
      case ModelOperand::Base::RestArguments: {
        int index = 0;
        for (const Arg& a : args) {
          if (a.name.empty()) {
            if (index >= src.position) source.merge(a.values);
            ++index;
          } else if (a.name == "*") {
            source.merge(load(a.values, elements_field(), node.site));
          }
        }
        break;
      }
      case ModelOperand::Base::KeywordArguments:
        for (const Arg& a : args) {
          if (!a.name.empty() && a.name != "*" && a.name != "**") source.merge(a.values);
        }
        break;
      case ModelOperand::Base::Receiver:
        source = receiver;
        break;
      default:
        break;
    }
    if (src.field == "[]") {
      const ValueSet whole = std::move(source);
      source = load(whole, elements_field(), node.site);
      if (model.yields_parameters)
        for (ObjId p : source) objs_[p].parameter = true;
      // The rows of a tensor with a graph (`outs.extend(model(x))`) carry it.
      if (no_grad_depth_ == 0 &&
          std::any_of(whole.begin(), whole.end(), [this](ObjId v) { return is_graph(v); })) {
        if (source.empty()) source.insert(at_site(&node, ObjKind::Unknown, "element", node.site, 3));
        mark_graph(source);
      }
      // `dict(model.named_modules())`, `dict(zip(names, layers))`: the pairs' second slots are the values.
      if (model.new_label == "dict" && created != kNoObj) source = values_of_pairs(source, created, node);
    }
    if (source.empty()) continue;
    ValueSet destination;
    const ModelOperand& dst = effect.destination;
    if (model.yields_pairs && dst.base == ModelOperand::Base::Return && created != kNoObj) {
      add_pairs(created, receiver, source, node);
      continue;
    }
    switch (dst.base) {
      case ModelOperand::Base::Return:
        if (created != kNoObj) destination.insert(created);
        break;
      case ModelOperand::Base::Receiver:
        destination = receiver;
        break;
      case ModelOperand::Base::Argument:
        destination = arg_values(args, dst.position, dst.keyword, node.site);
        break;
      case ModelOperand::Base::Root: {
        // An accumulating registry (atexit) is reported like a module-level list, named in full
        // ("atexit.register() registry"), unless this module takes entries out again
        // (`atexit.unregister(self.close)`, or a model's removed_by method); one slot is not.
        const bool accumulates = model.keeps_every_registration && !model.names.empty();
        // A global hook whose handle is kept and removed (`self.handle.remove()` in close()) is let go.
        if (model.returns == ModelReturn::Handle && removable) continue;
        if (accumulates) {
          const std::string& name = model.names.front();
          const bool removed = model.removed_by.empty()
                                   ? program_.global_has_removal(ref_.module, name.substr(0, name.rfind('.')))
                                   : std::any_of(model.removed_by.begin(), model.removed_by.end(),
                                                 [this](const std::string& method) {
                                                   return program_.module_calls_removal(ref_.module, method);
                                                 });
          if (removed) continue;
        }
        const ObjId root = global(-1, accumulates ? kProcessRegistry : kProcessRoots);
        const std::string registry = !model.registry.empty()
                                         ? model.registry
                                         : (accumulates ? model.names.front() : what) + "() registry";
        record_event(EventKind::StoreIntoGlobal, root, registry, source, node.site,
                     what + "() keeps it for the life of the process");
        continue;
      }
      default:
        break;
    }
    if (destination.empty()) continue;
    // `receiver` in `receiver.add(arg)` when the store goes into it.
    const Expr* receiver_expr = dst.base == ModelOperand::Base::Receiver && !node.children.empty() &&
                                        node.children[0].kind == ExprKind::Attribute &&
                                        !node.children[0].children.empty()
                                    ? &node.children[0].children[0]
                                    : nullptr;
    const std::string field = dst.field.empty() ? "[]" : dst.field;
    const EdgeRole role = role_from_model(model.role);
    const bool is_registration = role == EdgeRole::ModuleHook || role == EdgeRole::TensorHook;
    // receiver.add(arg): remember which variables they come from (see store()).
    if (receiver_expr != nullptr) {
      store_base_root_ = root_name(*receiver_expr);
      if (src.base == ModelOperand::Base::Argument && src.position >= 0 &&
          static_cast<size_t>(src.position) + 1 < node.children.size()) {
        store_value_root_ = root_name(node.children[static_cast<size_t>(src.position) + 1]);
      }
    }
    store(destination, intern_field(field), source,
          {site_ref(node.site, is_registration ? what + "() registers it" : what + "() keeps it")}, role,
          is_registration && removable);
    store_base_root_.clear();
    store_value_root_.clear();
    // A forward hook runs on every call of its module: remembered (with no edge of its own, the one above
    // is the reference) so that calling the module runs it (run_forward_hooks).
    if (role == EdgeRole::ModuleHook) {
      if (const auto kind = forward_hook_registration(node)) {
        for (ObjId d : destination) set_field(d, forward_hooks_field(*kind), source, false);
      }
    }
    if (field == "[]" || field.find("[]") != std::string::npos) {
      for (ObjId d : destination) {
        if (objs_[d].kind == ObjKind::Global || root_is_global(d) || stored_for_callers(d, source)) {
          record_event(EventKind::StoreIntoGlobal, d, objs_[d].label, source, node.site, what + "()");
        }
        // In a loop here, or into a container the caller passed in (`self.history.append(loss)` in a
        // method) or a module-level one (`FEATURES.append(output)` in a forward hook): a caller that calls
        // it in a loop accumulates too (the event's in_loop is set there).
        if ((loop_depth_ > 0 || outlives_call(d) || objs_[d].kind == ObjKind::Global || root_is_global(d)) &&
            field == "[]" && !is_registration) {
          record_event(EventKind::Accumulate, d, accumulator_label(d, receiver_expr), source, node.site,
                       what + "()");
        }
      }
    }
  }
  // Writing into a parameter's mutable default through its methods (append, add, setdefault, update).
  bool stores_into_receiver = false;
  for (const ModelEffect& effect : model.effects) {
    stores_into_receiver |= effect.destination.base == ModelOperand::Base::Receiver;
  }
  if (stores_into_receiver) {
    for (ObjId r : receiver) {
      if (objs_[r].kind == ObjKind::Param && objs_[r].mutable_default) {
        record_event(EventKind::MutableDefaultStore, r, objs_[r].label, {}, node.site, what + "()");
      }
    }
  }
  if (!model.kills_graph && no_grad_depth_ == 0) {
    if (any_graph(receiver)) {
      for (ObjId v : ret) {
        if (objs_[v].kind == ObjKind::Unknown) objs_[v].graph = true;
      }
    }
  }
  return ret;
}

ValueSet Context::construct(CodeRef cls, const std::vector<Arg>& args, const Expr& node) {
  const ClassDef& def = program_.class_def(cls);
  const ClassInfo& info = program_.class_info(cls);
  const ObjId instance = at_site(&node, ObjKind::Instance, def.name, node.site);
  objs_[instance].cls = cls;
  objs_[instance].module = info.is_nn_module;
  objs_[instance].has_del = info.defines_del;
  const CodeRef init = program_.find_method(cls, "__init__");
  if (init.valid()) {
    invoke(init, ValueSet{instance}, args, {}, node);
  } else {
    for (const std::string& q : info.external_bases) {
      if (const CallModel* model = solver_.models_.function(q)) {
        apply_model(*model, {}, args, node, true, instance);
        break;
      }
    }
  }
  return ValueSet{instance};
}

CodeRef Context::dispatch_class(CodeRef function, const ValueSet& receiver) const {
  // This runs for every call of project code: the receivers are checked first, and most calls stop at
  // a receiver of the method's own class.
  const Function& f = program_.function(function);
  if (f.owner_class < 0 || receiver.empty()) return {};
  CodeRef cls;
  for (ObjId r : receiver) {
    const Obj& o = objs_[r];
    if (!o.cls.valid() || (o.kind != ObjKind::Instance && !o.receiver)) return {};
    if (cls.valid() && !(cls == o.cls)) return {};
    cls = o.cls;
  }
  const CodeRef owner{function.module, f.owner_class};
  if (cls == owner || !program_.is_subclass_of(cls, owner)) return {};
  const auto& kinds = program_.class_info(owner).method_kinds;
  if (auto kind = kinds.find(f.name);
      kind != kinds.end() && kind->second != MethodKind::Instance && !is_property(kind->second)) {
    return {};
  }
  for (const std::string& name : solver_.called_methods(function)) {
    if (!(program_.find_method(cls, name) == program_.find_method(owner, name))) return cls;
  }
  return {};
}

ValueSet Context::invoke_wrapper(CodeRef function, const DecoratorWrapper& wrapped, const ValueSet& receiver,
                                 const std::vector<Arg>& args, const Expr& node) {
  const ObjId made = global(function.module, wrapped.name);
  objs_[made].label = "wrapper " + wrapped.name;
  const ObjId closure = at_site(&node, ObjKind::Closure, "wrapper " + wrapped.name, node.site, 11);
  objs_[closure].fn = wrapped.wrapper;
  for (const std::string& free : program_.function(wrapped.wrapper).free_vars) {
    ValueSet cells;
    if (free == wrapped.function_cell) {
      const ObjId cell = at_site(&node, ObjKind::Cell, "cell " + free, node.site, 12);
      set_field(cell, intern_field("contents"),
                ValueSet{constant(StaticRef{StaticRef::Kind::ProjectFunction, function, {}})}, true);
      cells.insert(cell);
    } else {
      cells = load(ValueSet{made}, intern_field("cell:" + free), node.site);
    }
    set_field(closure, intern_field("cell:" + free), cells, true);
  }
  std::vector<Arg> full;
  if (!receiver.empty()) full.push_back(Arg{"", receiver});
  full.insert(full.end(), args.begin(), args.end());
  unwrapping_.push_back(function);
  ValueSet result = invoke(wrapped.wrapper, {}, full, ValueSet{closure}, node);
  unwrapping_.pop_back();
  return result;
}

ValueSet Context::invoke(CodeRef function, const ValueSet& receiver, const std::vector<Arg>& args,
                         const ValueSet& func_self, const Expr& node) {
  if (func_self.empty()) {
    const DecoratorWrapper* wrapped = program_.decorator_wrapper(function);
    if (wrapped != nullptr &&
        std::find(unwrapping_.begin(), unwrapping_.end(), function) == unwrapping_.end())
      return invoke_wrapper(function, *wrapped, receiver, args, node);
  }
  solver_.note_call(deferred_caller_.valid() ? deferred_caller_ : ref_, function, autograd_maybe_off());
  const Context* callee =
      objs_.size() > kMaxObjects ? nullptr : solver_.summary(function, dispatch_class(function, receiver));
  const bool reentered = callee != nullptr && (instantiating_.size() >= 8 ||
                                               std::find(instantiating_.begin(), instantiating_.end(),
                                                         callee) != instantiating_.end());
  if (callee == nullptr || reentered) {
    // Recursion or too deep: an unknown result, no effects.
    return ValueSet{at_site(&node, ObjKind::Unknown, "result of " + program_.function(function).name + "()",
                            node.site, 7)};
  }
  const Function& f = callee->fn_;
  std::vector<ValueSet> bound(f.params.size());
  size_t first = 0;
  const bool has_receiver = !receiver.empty() && !f.params.empty();
  // A cache on a function keeps its arguments (one on a method is CC202's own syntax check).
  if (!has_receiver && program_.cache_decorator(function) != nullptr)
    record_cached_arguments(function, args, node);
  if (has_receiver) {
    bound[0] = receiver;
    first = 1;
  }
  // Positional arguments in order; *args spread over the remaining positional parameters.
  size_t position = first;
  ValueSet extra_positional, extra_keywords, star_elements, double_star_elements;
  std::vector<ValueSet> extra_in_order;  // the positional arguments in extra_positional, while known
  bool extra_known = true;
  size_t star_from = f.params.size();
  std::vector<Arg> spread;  // `*args` of a tuple packed here, put back as the arguments it packed
  auto packed_by = [this](const Arg& a) -> const std::vector<ValueSet>* {
    if (a.name != "*" || a.values.size() != 1) return nullptr;
    auto it = packed_arguments_.find(a.values[0]);
    return it == packed_arguments_.end() || !it->second ? nullptr : &*it->second;
  };
  const bool respread =
      std::any_of(args.begin(), args.end(), [&](const Arg& a) { return packed_by(a) != nullptr; });
  if (respread) {
    for (const Arg& a : args) {
      const std::vector<ValueSet>* packed = packed_by(a);
      if (packed == nullptr) {
        spread.push_back(a);
        continue;
      }
      for (const ValueSet& values : *packed) spread.push_back(Arg{"", values});
    }
  }
  for (const Arg& a : respread ? spread : args) {
    if (a.name.empty()) {
      while (position < f.params.size() && f.params[position].kind != ParamKind::Positional) {
        if (f.params[position].kind == ParamKind::VarArgs) break;
        ++position;
      }
      if (position < f.params.size() && f.params[position].kind == ParamKind::Positional) {
        bound[position++].merge(a.values);
      } else {
        extra_positional.merge(a.values);
        extra_in_order.push_back(a.values);
      }
    } else if (a.name == "*") {
      extra_known = false;
      star_elements.merge(load(a.values, elements_field(), node.site));
      star_from = std::min(star_from, position);
    } else if (a.name == "**") {
      double_star_elements.merge(load(a.values, elements_field(), node.site));
    } else {
      bool matched = false;
      for (size_t p = first; p < f.params.size(); ++p) {
        if (f.params[p].name == a.name &&
            (f.params[p].kind == ParamKind::Positional || f.params[p].kind == ParamKind::KeywordOnly)) {
          bound[p].merge(a.values);
          matched = true;
          break;
        }
      }
      if (!matched) extra_keywords.merge(a.values);
    }
  }
  // *args and **kwargs can only supply parameters that no explicit argument bound.
  for (size_t p = first; p < f.params.size(); ++p) {
    if (!bound[p].empty()) continue;
    if (f.params[p].kind == ParamKind::Positional && p >= star_from) bound[p].merge(star_elements);
    if (f.params[p].kind == ParamKind::Positional || f.params[p].kind == ParamKind::KeywordOnly) {
      bound[p].merge(double_star_elements);
    }
  }
  extra_positional.merge(star_elements);
  extra_keywords.merge(double_star_elements);
  for (size_t p = 0; p < f.params.size(); ++p) {
    if (f.params[p].kind == ParamKind::VarArgs || f.params[p].kind == ParamKind::VarKeywords) {
      const ObjId pack =
          at_site(&node, ObjKind::Container, f.params[p].kind == ParamKind::VarArgs ? "tuple" : "dict",
                  node.site, static_cast<uint32_t>(100 + p));
      const ValueSet& extra = f.params[p].kind == ParamKind::VarArgs ? extra_positional : extra_keywords;
      if (!extra.empty()) {
        store(ValueSet{pack}, elements_field(), extra, {site_ref(node.site, "packed arguments")},
              EdgeRole::Plain);
      }
      if (f.params[p].kind == ParamKind::VarArgs) {
        // One tuple per call site: a second call there with other arguments leaves only the merged view.
        auto [known, fresh] = packed_arguments_.try_emplace(pack, extra_in_order);
        if (!extra_known || (known->second && known->second->size() != extra_in_order.size())) {
          known->second.reset();
        } else if (!fresh && known->second) {
          for (size_t i = 0; i < extra_in_order.size(); ++i) (*known->second)[i].merge(extra_in_order[i]);
        }
      }
      bound[p] = ValueSet{pack};
    }
  }
  ValueSet result;
  if (callee->dirty_.empty() && callee->events_.empty() && callee->deferred_.empty() &&
      callee->ret_.empty() && callee->raised_.empty()) {
    // No effect a caller can see: nothing to apply.
  } else if (callee->objs_.size() > kMaxSummaryObjects) {
    // A summary this large (a whole compiler pass) costs more to apply at every call than it can tell us:
    // the call is treated as unknown.
    result = ValueSet{at_site(&node, ObjKind::Unknown, "result of " + callee->fn_.name + "()", node.site, 7)};
  } else {
    instantiating_.push_back(callee);
    result = instantiate(*callee, bound, func_self, node);
    instantiating_.pop_back();
    for (uint32_t p : callee->guard_returned_params_) {
      if (p >= bound.size()) continue;
      const bool makes_other =
          std::any_of(result.begin(), result.end(), [&](ObjId v) { return !bound[p].contains(v); });
      if (!makes_other) continue;
      for (ObjId v : bound[p]) {
        if (result.contains(v)) passed_through_.insert(v);
      }
    }
  }
  // Calling a generator function runs nothing yet (its effects are applied above as if it ran to the end):
  // it returns a generator whose suspended frame holds the arguments, `self` included. What it yields is
  // not tracked (no placeholders on it), so a generator consumed on the spot adds nothing to a summary.
  // Calling an `async def` is the same (a coroutine), unless the call is awaited where it is made: then
  // the coroutine is run to its end on the spot and gives its return value.
  if (f.is_generator) return generator(f, bound, node);
  if (f.is_async) {
    if (&node != awaited_call_) return generator(f, bound, node);
    awaited_result_ = true;
  }
  return result;
}

// A generator expression not drained on the spot is a suspended frame: it keeps the iterator over its first
// iterable and the cells of the enclosing function's variables it reads (`(self._prepare(b) for b in
// self.loader)` keeps `self`). Stored on `self`, that is a cycle through the generator.
void Context::keep_generator_frame(const Expr& e, ObjId generator, size_t clauses, const ValueSet& iterable) {
  if (ref_.index == 0 || e.children.size() < 2) return;  // at module level the names are globals
  std::vector<std::string_view> bound;
  for (size_t i = 0; i < clauses; i += 2) {
    for_each_expr(e.children[i], [&](const Expr& target) {
      if (target.kind == ExprKind::Name) bound.push_back(target.text);
    });
  }
  std::vector<std::string_view> captured;
  for (size_t i = 2; i < e.children.size(); ++i) {
    if (i < clauses && i % 2 == 0) continue;  // a later clause's target
    for_each_expr(e.children[i], [&](const Expr& read) {
      if (read.kind != ExprKind::Name || (!is_local(read.text) && !is_free_var(read.text))) return;
      if (std::find(bound.begin(), bound.end(), read.text) != bound.end()) return;
      if (std::find(captured.begin(), captured.end(), read.text) == captured.end())
        captured.push_back(read.text);
    });
  }
  if (!iterable.empty()) {
    store(ValueSet{generator}, intern_field("local:.0"), iterable,
          {site_ref(e.children[1].site, "the generator's frame keeps an iterator over this")},
          EdgeRole::Generator);
  }
  for (std::string_view name : captured) {
    const std::string text(name);
    const ValueSet values = read_name(text, e.site);
    if (values.empty()) continue;
    store(ValueSet{generator}, intern_field("local:" + text), values,
          {site_ref(e.site, "the generator's frame keeps " + text)}, EdgeRole::Generator);
  }
}

ValueSet Context::generator(const Function& f, const std::vector<ValueSet>& bound, const Expr& node) {
  const char* kind = f.is_async ? (f.is_generator ? "async generator " : "coroutine ") : "generator ";
  const ObjId gen = at_site(&node, ObjKind::Generator, kind + f.qualname + "()", node.site, 11);
  for (size_t p = 0; p < f.params.size() && p < bound.size(); ++p) {
    if (bound[p].empty()) continue;
    store(ValueSet{gen}, intern_field("local:" + f.params[p].name), bound[p],
          {site_ref(node.site,
                    std::string(f.is_async && !f.is_generator ? "the coroutine's" : "the generator's") +
                        " frame keeps " + f.params[p].name)},
          EdgeRole::Generator);
  }
  return ValueSet{gen};
}

// Maps a callee's exit state into this context at a call site.
ValueSet Context::instantiate(const Context& callee, const std::vector<ValueSet>& param_values,
                              const ValueSet& func_self, const Expr& node) {
  // Indexed by callee object: summaries are compact, so a flat table is cheaper than a map.
  std::vector<ValueSet> mapped(callee.objs_.size());
  std::vector<bool> is_mapped(callee.objs_.size(), false);
  auto remember = [&](ObjId id, ValueSet values) {
    mapped[id] = std::move(values);
    is_mapped[id] = true;
  };
  // Built on first use: most calls add no edge and record no event.
  std::optional<SiteNote> call_site_text;
  auto call_site = [&]() -> const SiteNote& {
    if (!call_site_text) {
      call_site_text = site_ref(
          node.site, (running_forward_hooks_ ? "runs forward hook " : "call to ") + callee.fn_.name + "()");
    }
    return *call_site_text;
  };
  // Recursive through `self` rather than a std::function, and returning the table's entry rather than a copy:
  // this runs for every object of every summary applied (an entry, once written, only changes for a deferred
  // call's result, before any caller of this holds it).
  static const ValueSet kUnmapped;
  auto map_rec = [&](auto& self, ObjId id, int depth) -> const ValueSet& {
    if (is_mapped[id]) return mapped[id];
    if (depth > 16) return kUnmapped;
    const Obj& o = callee.objs_[id];
    ValueSet out;
    switch (o.kind) {
      case ObjKind::Param:
        if (o.param >= 0 && static_cast<size_t>(o.param) < param_values.size()) {
          out = param_values[static_cast<size_t>(o.param)];
          if (out.empty() && o.default_obj != kNoObj) out = self(self, o.default_obj, depth + 1);
        }
        break;
      case ObjKind::FuncSelf:
        out = func_self;
        break;
      case ObjKind::Global:
        if (o.module_index >= 0)
          out.insert(global(o.module_index, o.name));
        else
          out.insert(global(-1, o.name));
        break;
      case ObjKind::Field: {
        const ValueSet bases = self(self, o.base, depth + 1);
        const std::string& name = field_name(o.field);
        if (name.size() > 2 && name.front() == '[') {
          out = load_keyed(bases, o.field, node.site);  // a keyed slot may only exist as "[]" here
        } else {
          out = load(bases, o.field, node.site);
        }
        break;
      }
      case ObjKind::FunctionConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectFunction, o.fn)));
        break;
      case ObjKind::ClassConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectClass, o.cls)));
        break;
      case ObjKind::ModuleConst:
        out.insert(constant(project_ref(StaticRef::Kind::ProjectModule, CodeRef{o.module_index, -1})));
        break;
      case ObjKind::ExternalConst:
        out.insert(external(o.qualified));
        break;
      case ObjKind::Frame:
        if (o.frames_up == 1) {
          // The callee asked for its caller's frame: that is this function's.
          out.insert(frame());
          break;
        }
        [[fallthrough]];
      case ObjKind::Cell:
      default: {
        // An object the callee created: one caller object per call site and callee object.
        const SiteKey key{&node, &callee, id};
        auto found = instantiated_.find(key);
        ObjId copy;
        if (found != instantiated_.end()) {
          copy = found->second;
        } else {
          Obj c = o;
          c.summary = o.summary || loop_depth_ > 0;
          c.operands.clear();
          c.base = kNoObj;
          c.default_obj = kNoObj;
          copy = add(std::move(c));
          instantiated_.emplace(key, copy);
          remember(id, ValueSet{copy});
          std::vector<ObjId> operands;
          for (ObjId op : o.operands) {
            for (ObjId m : self(self, op, depth + 1)) operands.push_back(m);
          }
          objs_[copy].operands = std::move(operands);
          if (objs_[copy].frames_up > 1) --objs_[copy].frames_up;  // one call nearer
          if (no_grad_depth_ > 0) objs_[copy].no_grad = true;
        }
        out.insert(copy);
        break;
      }
    }
    remember(id, std::move(out));
    return mapped[id];
  };
  auto map_obj = [&](ObjId id, int depth) -> const ValueSet& { return map_rec(map_rec, id, depth); };

  // Calls the callee could not resolve: its caller may know the receiver's class.
  for (const DeferredCall& d : callee.deferred_) {
    const ValueSet receivers = d.receiver != kNoObj ? map_obj(d.receiver, 0) : ValueSet{};
    const ValueSet callees = d.callee != kNoObj ? map_obj(d.callee, 0) : ValueSet{};
    std::vector<Arg> args;
    for (const auto& [name, values] : d.args) {
      Arg a;
      a.name = name;
      for (ObjId v : values) a.values.merge(map_obj(v, 0));
      args.push_back(std::move(a));
    }
    const int32_t saved = site_module_override_;
    const CodeRef saved_caller = deferred_caller_;
    site_module_override_ = d.module;
    // The call runs where the callee made it: under its no_grad, and called from it.
    deferred_caller_ = d.caller;
    no_grad_depth_ += d.no_grad ? 1 : 0;
    grad_maybe_off_depth_ += d.grad_maybe_off ? 1 : 0;
    ValueSet results = d.receiver != kNoObj ? call_method(receivers, d.method, args, *d.node, d.result_used)
                                            : call(callees, args, *d.node, d.result_used);
    no_grad_depth_ -= d.no_grad ? 1 : 0;
    grad_maybe_off_depth_ -= d.grad_maybe_off ? 1 : 0;
    deferred_caller_ = saved_caller;
    site_module_override_ = saved;
    if (d.result != kNoObj) {
      ValueSet merged = map_obj(d.result, 0);
      merged.merge(results);
      remember(d.result, std::move(merged));
    }
  }

  // Fields the callee wrote, in the order it recorded them (deterministic).
  std::vector<uint64_t> written(callee.dirty_.begin(), callee.dirty_.end());
  std::sort(written.begin(), written.end());
  // A placeholder is the content a field had before the call (`old = self.a; self.a = wrap(old)`): map
  // every object the writes, the result and the events mention before any write lands, or a placeholder
  // mapped after its own field was written would read the new content and close a cycle that is not there.
  std::vector<const FieldMap::value_type*> writes;  // those whose base exists here
  writes.reserve(written.size());
  for (uint64_t key : written) {
    auto it = callee.st_.fields.find(key);
    if (it == callee.st_.fields.end()) continue;
    if (map_obj(static_cast<ObjId>(key >> 32), 0).empty()) continue;
    for (ObjId v : it->second) map_obj(v, 0);
    writes.push_back(&*it);
  }
  for (ObjId r : callee.ret_) map_obj(r, 0);
  for (ObjId r : callee.raised_) map_obj(r, 0);
  for (const Event& ev : callee.events_) {
    if (ev.base != kNoObj) map_obj(ev.base, 0);
    for (ObjId v : ev.values) map_obj(v, 0);
  }
  // Stores the callee made into something its caller passed in that is module-level here: checked once all
  // writes are applied, for an exception kept there (`FAILURES.record(step, err)`) or a tensor with a graph.
  struct IntoGlobal {
    ObjId base;
    ValueSet values;
    const EdgeInfo* edge;
  };
  std::vector<IntoGlobal> into_globals;
  for (const auto* write : writes) {
    const uint64_t key = write->first;
    const ObjId base = static_cast<ObjId>(key >> 32);
    const FieldId field = static_cast<FieldId>(key & 0xffffffffu);
    const ValueSet bases = map_obj(base, 0);  // mapped above, not empty
    ValueSet values;
    const std::string& fname = field_name(field);
    for (ObjId v : write->second) values.merge(map_obj(v, 0));
    if (callee.outlives_call(base) && (objs_[bases[0]].kind == ObjKind::Global || root_is_global(bases[0]))) {
      // Each stored value with the statement that stored it: `memo[key] = result` and `memo[key] = err`
      // fill one field, and only the second keeps frames.
      for (ObjId v : write->second) {
        auto edge = callee.edges_.find(EdgeKey{base, field, v});
        if (edge == callee.edges_.end() || edge->second.implicit) continue;
        into_globals.push_back({bases[0], map_obj(v, 0), &edge->second});
      }
    }
    const bool strong = bases.size() == 1 && !objs_[bases[0]].summary;
    for (ObjId b : bases) {
      const ObjKind bk = objs_[b].kind;
      if (bk == ObjKind::ExternalConst || bk == ObjKind::ModuleConst || bk == ObjKind::FunctionConst)
        continue;
      set_field(b, field, values, strong && fname.find("[]") == std::string::npos);
    }
    for (ObjId v : write->second) {
      auto edge = callee.edges_.find(EdgeKey{base, field, v});
      if (edge == callee.edges_.end()) continue;
      // The callee saw the field's earlier content: here that content is whatever this context already
      // holds (loading it above made the edge when there was none), so the callee cannot make it stronger.
      if (edge->second.implicit) continue;
      const ValueSet targets = map_obj(v, 0);
      if (bases.size() * targets.size() > kMaxEdgeFanout) continue;
      const bool must = edge->second.must && bases.size() == 1 && targets.size() == 1;
      for (ObjId b : bases) {
        for (ObjId t : targets) {
          if (!edge_wanted(b, field, t, must)) continue;  // spares copying the site chain
          EdgeInfo info = edge->second;
          info.chain.insert(info.chain.begin(), call_site());
          info.must = must;
          info.alternatives = edge->second.alternatives || targets.size() > 1;
          add_edge(b, field, t, std::move(info));
        }
      }
    }
  }
  for (const IntoGlobal& store : into_globals) {
    if (!holds_frame_like(store.values) && !any_module(store.values) &&
        (autograd_maybe_off() || !any_graph(store.values)))
      continue;
    Event* event = record_event(EventKind::StoreIntoGlobal, store.base, objs_[store.base].label, store.values,
                                call_site().site, "");
    if (event == nullptr) break;
    event->chain = store.edge->chain;
    event->chain.insert(event->chain.begin(), call_site());
    event->origin = callee.ref_;
  }
  for (const Event& ev : callee.events_) {
    if (events_.size() > 256) break;
    Event copy = ev;
    copy.base = kNoObj;
    if (ev.base != kNoObj) {
      const ValueSet b = map_obj(ev.base, 0);
      if (b.empty()) continue;
      copy.base = b[0];
    }
    copy.values.clear();
    for (ObjId v : ev.values) copy.values.merge(map_obj(v, 0));
    copy.chain.insert(copy.chain.begin(), call_site());
    copy.in_loop = ev.in_loop || loop_depth_ > 0;
    copy.under_no_grad = ev.under_no_grad || autograd_maybe_off();
    copy.base_made_in_callee =
        ev.base_made_in_callee || (ev.base != kNoObj && !callee.is_placeholder(ev.base) &&
                                   callee.objs_[ev.base].kind != ObjKind::Global);
    events_.push_back(std::move(copy));
  }
  if (!callee.raised_.empty()) {
    ValueSet raised;
    for (ObjId r : callee.raised_) raised.merge(map_obj(r, 0));
    note_raised(raised);
  }
  ValueSet result;
  for (ObjId r : callee.ret_) result.merge(map_obj(r, 0));
  return result;
}

// ---- statements ----------------------------------------------------------------------------------

void Context::assign(const Expr& target, const ValueSet& values, const Site& site) {
  switch (target.kind) {
    case ExprKind::Name:
      write_name(target.text, values, site);
      break;
    case ExprKind::Attribute: {
      if (target.children.empty()) break;
      const ValueSet bases = eval(target.children[0]);
      same_identity_store_ = assigned_value_ != nullptr && target.children[0].kind == ExprKind::Name &&
                             assigned_value_->kind == ExprKind::Name &&
                             assigned_value_->text == target.children[0].text;
      store_base_root_ = root_name(target.children[0]);
      store_value_root_ = assigned_value_ != nullptr ? root_name(*assigned_value_) : std::string();
      store(bases, intern_field(target.text), values, {site_ref(site, describe_target(target) + " = ...")},
            EdgeRole::Plain);
      same_identity_store_ = false;
      store_base_root_.clear();
      store_value_root_.clear();
      record_store_events(bases, values, site, target);
      // `p.grad = g` for a gradient taken with create_graph: its graph reaches the parameter again.
      if (target.text == "grad" && !autograd_maybe_off() && any_graph(values))
        record_event(EventKind::GraphIntoGrad, kNoObj, describe_target(target), values, site,
                     describe_target(target) + " = ...");
      break;
    }
    case ExprKind::Subscript: {
      if (target.children.empty()) break;
      if (const std::string key = dict_key_attribute(target); !key.empty()) {
        Expr attribute;
        attribute.kind = ExprKind::Attribute;
        attribute.site = target.site;
        attribute.text = key;
        attribute.children.push_back(target.children[0].children[0]);
        assign(attribute, values, site);
        break;
      }
      const ValueSet bases = eval(target.children[0]);
      ValueSet keys;
      for (size_t i = 1; i < target.children.size(); ++i) keys.merge(eval(target.children[i]));
      const std::vector<SiteNote> chain{site_ref(site, describe_target(target) + " = ...")};
      if (target.text == ":") {
        // `root[:] = [root, root, None]` copies the elements in; the list on the right is not kept.
        const ValueSet elements = load(values, elements_field(), site);
        if (!elements.empty()) store(bases, elements_field(), elements, chain, EdgeRole::Plain);
        record_store_events(bases, elements, site, target);
        break;
      }
      if (!target.text.empty())
        store(bases, intern_field("[" + target.text + "]"), values, chain, EdgeRole::Plain);
      store(bases, elements_field(), values, chain, EdgeRole::Plain);
      record_store_events(bases, values, site, target);
      record_weak_key_store(bases, keys, values, site, target);
      // `by_step[step] = loss`: a key that changes keeps every value, like an append.
      if (target.text.empty()) {
        for (ObjId b : bases) {
          if (loop_depth_ > 0 || outlives_call(b))
            record_event(EventKind::Accumulate, b, accumulator_label(b, &target.children[0]), values, site,
                         "stored under a new key of " + describe_target(target.children[0]));
        }
      }
      break;
    }
    case ExprKind::Container: {
      for (size_t i = 0; i < target.children.size(); ++i) {
        const Expr& child = target.children[i];
        if (child.kind == ExprKind::Starred) {
          if (child.children.empty()) continue;
          const ObjId rest = at_site(&child, ObjKind::Container, "list", child.site);
          const ValueSet elements = load(values, elements_field(), site);
          if (!elements.empty()) {
            store(ValueSet{rest}, elements_field(), elements, {site_ref(site, "unpacked")}, EdgeRole::Plain);
          }
          assign(child.children[0], ValueSet{rest}, site);
          continue;
        }
        ValueSet element;
        const FieldId slot = intern_field("[" + std::to_string(i) + "]");
        bool from_slots = false;  // read from the slot itself, not from elements shared by every slot
        for (ObjId v : values) {
          auto it = st_.fields.find(field_key(v, slot));
          if (it != st_.fields.end()) {
            element.merge(it->second);
            from_slots = true;
          } else if (!is_positional_container(v)) {
            element.merge(load_one(v, elements_field(), site));
          }
        }
        // `recon, mu = model(x)`: each part of an output with a graph carries it (an object of its own, so
        // that marking it leaves the other parts alone), but not the indices a reduction returns second
        // (`_, predicted = torch.max(out, 1)`).
        if (!from_slots && no_grad_depth_ == 0 && !(i == 1 && is_reduction_call(assigned_value_)) &&
            std::any_of(values.begin(), values.end(), [this](ObjId v) { return is_graph(v); })) {
          element = ValueSet{at_site(&child, ObjKind::Unknown, "element", child.site, 5)};
          mark_graph(element);
        }
        assign(child, element, site);
      }
      break;
    }
    case ExprKind::Starred:
      if (!target.children.empty()) assign(target.children[0], values, site);
      break;
    default:
      break;
  }
}

void Context::exec_block(const std::vector<Stmt>& body) {
  for (const Stmt& s : body) exec(s);
}

void Context::exec(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Assign: {
      // `x = x + v` / `self.t = self.t + v`, and `x = torch.cat((x, v))`: an accumulation, like `+=`. Either
      // may be one branch of `x = v if x is None else torch.cat((x, v))`, the first step's start: only that
      // branch's values are accumulated (the other's `v` may be a loss back-propagated on its own).
      const Expr* accumulation = s.targets.size() == 1 ? self_accumulation(s.value, s.targets[0]) : nullptr;
      ValueSet values, accumulated;
      if (accumulation != nullptr && accumulation != &s.value) {
        for (const Expr& branch : s.value.children) {
          const ValueSet branch_values = eval(branch);
          if (&branch == accumulation) accumulated = branch_values;
          values.merge(branch_values);
        }
      } else {
        values = eval(s.value);
        if (accumulation != nullptr) accumulated = values;
      }
      // A decorator applied to a nested function (lowered as `f = decorator(f)`) rebinds `f` only to a
      // callable or object of the project's (the function itself, a wrapper closure, a partial, an instance);
      // a library's (`functools.wraps(fn)`, `torch.no_grad()`) leaves `f` the function it was.
      if (s.text == "@" && std::none_of(values.begin(), values.end(), [this](ObjId v) {
            const ObjKind kind = objs_[v].kind;
            return kind == ObjKind::Closure || kind == ObjKind::BoundMethod || kind == ObjKind::Partial ||
                   kind == ObjKind::Instance || kind == ObjKind::Container;
          }))
        break;
      assigned_value_ = &s.value;
      for (const Expr& target : s.targets) assign(target, values, s.site);
      assigned_value_ = nullptr;
      if (!loops_.empty() && s.value.kind == ExprKind::Call && !autograd_maybe_off() && any_graph(values))
        record_carried_state(s, values);
      if (accumulation != nullptr) {
        const Expr& target = s.targets[0];
        const std::string target_text = describe_target(target);
        const ValueSet bases = accumulator_holder(target);
        const bool joined = accumulation->kind == ExprKind::Call;
        Event* event = record_event(
            EventKind::Accumulate, bases.empty() ? kNoObj : bases[0], target_text, accumulated, s.site,
            target_text + " = " +
                (joined ? describe_target(accumulation->children[0]) + "((" + target_text + ", ...))"
                        : target_text + " + ..."));
        if (event != nullptr) {
          if (joined) event->augmented = false;  // every joined tensor stays whole
          if (!bases.empty() && target.kind == ExprKind::Attribute)
            event->attribute = intern_field(target.text);
        }
      }
      break;
    }
    case StmtKind::AugAssign: {
      if (s.targets.empty()) break;
      const Expr& target = s.targets[0];
      const ValueSet old_values = eval(target);
      const ValueSet addend = eval(s.value);
      bool in_place_container = !old_values.empty();
      for (ObjId v : old_values) in_place_container &= objs_[v].kind == ObjKind::Container;
      if (in_place_container) {
        // lst += items extends the list in place: in a loop, an accumulation like lst.append(item).
        const ValueSet items = load(addend, elements_field(), s.site);
        store(old_values, elements_field(), items, {site_ref(s.site, describe_target(target) + " += ...")},
              EdgeRole::Plain);
        if (loop_depth_ > 0) {
          Event* event = record_event(EventKind::Accumulate, old_values[0], describe_target(target), items,
                                      s.site, describe_target(target) + " += [...]");
          if (event != nullptr) event->augmented = false;  // extends the list: each item is kept, not summed
        }
        break;
      }
      const ObjId value = at_site(&s, ObjKind::Value, "value", s.site);
      for (ObjId op : old_values) objs_[value].operands.push_back(op);
      for (ObjId op : addend) objs_[value].operands.push_back(op);
      if (no_grad_depth_ > 0) objs_[value].no_grad = true;
      assign(target, ValueSet{value}, s.site);
      const ValueSet bases = accumulator_holder(target);
      Event* event =
          record_event(EventKind::Accumulate, bases.empty() ? kNoObj : bases[0], describe_target(target),
                       ValueSet{value}, s.site, describe_target(target) + " " + s.text + " ...");
      if (event != nullptr && !bases.empty() && target.kind == ExprKind::Attribute)
        event->attribute = intern_field(target.text);
      break;
    }
    case StmtKind::ExprStmt:
      if (s.value.kind == ExprKind::Call) {
        eval_call(s.value, false);
        // `torch.set_grad_enabled(False)` as a statement switches autograd for what follows, callees
        // included; after `model.requires_grad_(False)` the model's outputs may need no graph.
        // The callee's own name (`set_grad_enabled` of `torch.set_grad_enabled`): no string is built for
        // every call statement.
        if (!s.value.children.empty()) {
          const std::string& callee = s.value.children[0].text;
          if (grad_switch(callee) == GradSwitch::MaybeOff || callee.ends_with("requires_grad_"))
            ++grad_maybe_off_depth_;
        }
      } else {
        eval(s.value);
      }
      break;
    case StmtKind::Return: {
      const ValueSet values = eval(s.value);
      ret_.merge(values);
      if (fn_.owner_class >= 0 && fn_.name == "training_step") mark_framework_loss(values);
      if (fn_.owner_class >= 0 && fn_.name == "forward" && !params_.empty() && objs_[params_[0]].ctx) {
        // The outputs of a custom autograd Function get grad_fn = the node that owns ctx.
        ValueSet outputs;
        for (ObjId v : values) {
          if (objs_[v].kind == ObjKind::Container) {
            outputs.merge(load_one(v, elements_field(), s.site));
          } else {
            outputs.insert(v);
          }
        }
        for (ObjId out : outputs) {
          if (objs_[out].kind == ObjKind::Param) continue;
          store(ValueSet{out}, intern_field("grad_fn"), ValueSet{params_[0]},
                {site_ref(s.site, "the returned tensor's grad_fn owns ctx")}, EdgeRole::GradFn);
        }
      }
      break;
    }
    case StmtKind::Delete:
      for (const Expr& target : s.targets) {
        if (target.kind == ExprKind::Name) {
          if (is_cell_var(target.text)) {
            store(ValueSet{cell(target.text)}, intern_field("contents"), {}, {site_ref(s.site, "del")},
                  EdgeRole::Plain);
          } else {
            st_.env.erase(target.text);
          }
        } else if (target.kind == ExprKind::Attribute && !target.children.empty()) {
          const ValueSet bases = eval(target.children[0]);
          if (bases.size() == 1 && !objs_[bases[0]].summary) {
            set_field(bases[0], intern_field(target.text), {}, true);
          }
        } else {
          eval(target);
        }
      }
      break;
    case StmtKind::Raise: {
      const ValueSet raised = eval(s.value);
      if (!handler_exceptions_.empty()) raise_chained(raised, s.site);
      break;
    }
    case StmtKind::If: {
      eval(s.value);
      HeapState before = st_;
      const size_t guards = distinct_names_.size();
      collect_distinct_names(s.value);
      exec_block(s.body);
      distinct_names_.resize(guards);
      HeapState after_body = std::move(st_);
      st_ = std::move(before);
      const Expr* tensor_tested = tensor_test_subject(s.value);
      if (tensor_tested != nullptr) narrow_to_non_tensor(tensor_tested->text, s.site);
      const Expr* exception_tested = exception_test_subject(s.value);
      if (exception_tested != nullptr) narrow_to_non_exception(exception_tested->text);
      exec_block(s.orelse);
      // `if torch.is_tensor(v): return ...`: below the `if`, `v` is what the test failed on. (Other
      // variables keep both paths: the frame a traceback keeps has the body's.)
      const bool body_leaves = !s.body.empty() && (s.body.back().kind == StmtKind::Return ||
                                                   s.body.back().kind == StmtKind::Raise);
      for (const Expr* tested : {tensor_tested, exception_tested}) {
        if (tested == nullptr || !body_leaves) continue;
        auto narrowed = st_.env.find(tested->text);
        auto in_body = after_body.env.find(tested->text);
        if (narrowed != st_.env.end() && in_body != after_body.env.end()) in_body->second = narrowed->second;
      }
      join_into(st_, after_body);
      break;
    }
    case StmtKind::For:
    case StmtKind::While: {
      ValueSet elements;
      if (s.kind == StmtKind::For) {
        const ValueSet iterable = eval(s.value);
        elements = load(iterable, elements_field(), s.value.site);
        if (no_grad_depth_ == 0 && any_graph(iterable)) mark_graph(elements);
      } else {
        eval(s.value);
      }
      HeapState before = st_;
      ++loop_depth_;
      loops_.push_back(&s);
      if (s.kind == StmtKind::For && !s.targets.empty()) assign(s.targets[0], elements, s.site);
      exec_block(s.body);
      loops_.pop_back();
      --loop_depth_;
      if (!(s.kind == StmtKind::For && iterates_at_least_once(s.value))) join_into(st_, before);
      exec_block(s.orelse);
      break;
    }
    case StmtKind::Try:
      exec_try(s);
      break;
    case StmtKind::With: {
      int no_grad = 0, grad_maybe_off = 0;
      for (size_t i = 0; i < s.value.children.size(); ++i) {
        const Expr& context = s.value.children[i];
        const ValueSet values = eval(context);
        // `set_grad_enabled(phase == "train")` is off in some runs only: values stay graphs there (a loss
        // computed there may be back-propagated), but what is kept there may hold none.
        if (context.kind == ExprKind::Call && !context.children.empty()) {
          const GradSwitch made = grad_switch(describe_target(context.children[0]));
          no_grad += made == GradSwitch::Off;
          grad_maybe_off += made == GradSwitch::MaybeOff;
        } else if (!values.empty()) {
          // `ctx = torch.no_grad(); with ctx:` turns autograd off; `with torch.no_grad() if evaluating else
          // nullcontext():` may.
          size_t off = 0, maybe_off = 0;
          for (ObjId v : values) {
            const GradSwitch made = grad_switch(objs_[v].qualified.str());
            off += made == GradSwitch::Off;
            maybe_off += made == GradSwitch::MaybeOff;
          }
          if (off == 1 && values.size() == 1) {
            ++no_grad;
          } else if (off + maybe_off > 0) {
            ++grad_maybe_off;
          }
        }
        if (i < s.targets.size() && s.targets[i].kind != ExprKind::Unknown)
          assign(s.targets[i], values, s.site);
      }
      if (no_grad > 0 || grad_maybe_off > 0) solver_.note_names_called(s.body);
      no_grad_depth_ += no_grad;
      grad_maybe_off_depth_ += grad_maybe_off;
      exec_block(s.body);
      grad_maybe_off_depth_ -= grad_maybe_off;
      no_grad_depth_ -= no_grad;
      break;
    }
    case StmtKind::FunctionDef: {
      const CodeRef code{ref_.module, s.function_index};
      const Function& nested = program_.function(code);
      if (ref_.index == 0 || nested.parent_function == 0) {
        StaticRef r;
        r.kind = StaticRef::Kind::ProjectFunction;
        r.code = code;
        write_name(s.text, ValueSet{constant(r)}, s.site);
        break;
      }
      const ObjId closure = at_site(&s, ObjKind::Closure, "function " + nested.name, nested.site);
      objs_[closure].fn = code;
      for (const std::string& free : nested.free_vars) {
        ValueSet target;
        if (is_cell_var(free)) {
          target = ValueSet{cell(free)};
        } else if (is_free_var(free) && func_self_ != kNoObj) {
          target = load(ValueSet{func_self_}, intern_field("cell:" + free), nested.site);
        }
        store(ValueSet{closure}, intern_field("cell:" + free), target,
              {site_ref(nested.site, "function " + nested.name + " captures " + free)}, EdgeRole::Capture);
      }
      // Default values are evaluated now and kept by the function object.
      for (const Param& p : nested.params) {
        if (p.has_default) {
          const ValueSet defaults = eval(p.default_value);
          if (!defaults.empty()) {
            store(ValueSet{closure}, intern_field("__defaults__"), defaults,
                  {site_ref(p.site, "default of " + p.name)}, EdgeRole::Capture);
          }
        }
      }
      write_name(s.text, ValueSet{closure}, s.site);
      break;
    }
    case StmtKind::ClassDef: {
      StaticRef r;
      r.kind = StaticRef::Kind::ProjectClass;
      r.code = CodeRef{ref_.module, s.class_index};
      write_name(s.text, ValueSet{constant(r)}, s.site);
      break;
    }
    case StmtKind::Import:
      for (const ImportBinding& b : s.imports) {
        const ObjId id = constant(program_.resolve_import(ref_.module, b));
        if (id != kNoObj) write_name(b.local_name, ValueSet{id}, s.site);
      }
      break;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      break;
  }
}

void Context::raise_chained(const ValueSet& raised, const Site& site) {
  const ObjId handled = handler_exceptions_.back();  // an ObjKind::Exception
  ValueSet chained;
  for (ObjId v : raised) {
    const ObjKind kind = objs_[v].kind;
    // A new exception object; re-raising the handled one (`raise`, `raise err`, or it with another traceback)
    // or one caught from a call chains nothing.
    if ((kind == ObjKind::Instance || kind == ObjKind::LibInstance || kind == ObjKind::Unknown) &&
        !objs_[v].raised)
      chained.insert(v);
  }
  if (chained.empty()) return;
  for (ObjId v : chained) objs_[v].raised = true;
  store(chained, intern_field("__context__"), ValueSet{handled},
        {site_ref(site,
                  "raised while handling " + objs_[handled].label.str() + ", which it keeps as __context__")},
        EdgeRole::Frame);
  note_raised(chained);
}

bool Context::handler_catches(const Expr& type, ObjId raised) const {
  std::vector<const Expr*> names;
  if (type.kind == ExprKind::Container) {
    for (const Expr& element : type.children) names.push_back(&element);
  } else if (type.kind == ExprKind::Name || type.kind == ExprKind::Attribute) {
    names.push_back(&type);
  } else {
    return true;  // a bare `except:`
  }
  const Obj& o = objs_[raised];
  for (const Expr* name : names) {
    if (name->kind != ExprKind::Name && name->kind != ExprKind::Attribute) continue;
    if (name->text == "Exception" || name->text == "BaseException") return true;
    if (o.cls.valid()) {
      const StaticRef handled = program_.resolve_dotted(ref_.module, describe_target(*name));
      if (handled.kind == StaticRef::Kind::ProjectClass) {
        if (program_.is_subclass_of(o.cls, handled.code)) return true;
        continue;
      }
      for (const std::string& base : program_.class_info(o.cls).external_bases) {
        if (last_component(base) == name->text) return true;
      }
    } else if (o.kind == ObjKind::LibInstance && last_component(o.qualified.str()) == name->text) {
      return true;
    }
  }
  return false;
}

void Context::note_raised(const ValueSet& raised) {
  if (raised.empty()) return;
  (try_raised_.empty() ? raised_ : try_raised_.back()).merge(raised);
}

ValueSet Context::without_traceback(const ValueSet& receivers, const Expr& node) {
  const FieldId context = intern_field("__context__");
  ValueSet contexts;
  for (ObjId r : receivers) {
    auto it = st_.fields.find(field_key(r, context));
    if (it == st_.fields.end()) continue;
    // What the field held before the raise set it (a library exception's placeholder) is not a context.
    for (ObjId v : it->second) {
      if (!is_placeholder(v)) contexts.insert(v);
    }
  }
  const bool none = node.children[1].kind == ExprKind::Literal && node.children[1].text == "None";
  const ObjId bare =
      at_site(&node, ObjKind::Exception,
              none ? "exception without its traceback" : "exception with another traceback", node.site);
  if (!contexts.empty()) {
    store(ValueSet{bare}, context, contexts,
          {site_ref(node.site, "with_traceback() keeps the exception's __context__")}, EdgeRole::Frame);
  }
  return ValueSet{bare};
}

void Context::exec_try(const Stmt& s) {
  HeapState before = st_;
  try_raised_.emplace_back();
  exec_block(s.body);
  const ValueSet raised_in_body = std::move(try_raised_.back());
  try_raised_.pop_back();
  // The exceptions raised in the body that each handler names; those no handler names leave the `try`, for
  // an enclosing one or the caller.
  std::vector<ValueSet> caught_by(s.handlers.size());
  ValueSet uncaught;
  for (ObjId v : raised_in_body) {
    bool caught = false;
    for (size_t i = 0; i < s.handlers.size(); ++i) {
      if (!handler_catches(s.handlers[i].type, v)) continue;
      caught_by[i].insert(v);
      caught = true;
    }
    if (!caught) uncaught.insert(v);
  }
  note_raised(uncaught);
  HeapState after_body = st_;
  exec_block(s.orelse);
  HeapState merged = st_;
  for (size_t handler_index = 0; handler_index < s.handlers.size(); ++handler_index) {
    const Handler& h = s.handlers[handler_index];
    const ValueSet& caught_from_body = caught_by[handler_index];
    st_ = before;
    join_into(st_, after_body);
    eval(h.type);
    // The caught exception keeps its traceback, which keeps this frame and so every local of it.
    std::string type = describe_target(h.type);
    const ObjId exception = at_site(&h, ObjKind::Exception, type.empty() ? "exception" : type, h.site);
    const ObjId tb = at_site(&h, ObjKind::Traceback, "traceback", h.site, 1);
    store(ValueSet{exception}, intern_field("__traceback__"), ValueSet{tb},
          {site_ref(h.site, "the exception keeps its traceback")}, EdgeRole::Frame);
    store(ValueSet{tb}, intern_field("tb_frame"), ValueSet{frame()},
          {site_ref(h.site, "the traceback keeps the frame of " + fn_.name + "()")}, EdgeRole::Frame);
    handler_exceptions_.push_back(exception);
    ValueSet caught{exception};
    if (!caught_from_body.empty()) {
      // Python adds this frame to the traceback of an exception that reaches this handler.
      store(caught_from_body, intern_field("__traceback__"), ValueSet{tb},
            {site_ref(h.site, "the exception keeps its traceback")}, EdgeRole::Frame);
      caught.merge(caught_from_body);
    }
    if (!h.name.empty()) write_name(h.name, caught, h.site);
    exec_block(h.body);
    // Python deletes the `as` name when the handler ends.
    if (!h.name.empty() && !is_cell_var(h.name)) {
      st_.env.erase(h.name);
    }
    handler_exceptions_.pop_back();
    join_into(merged, st_);
  }
  st_ = std::move(merged);
  exec_block(s.finalbody);
}

bool Context::made_by(ObjId id, const std::vector<std::string>& functions) const {
  auto listed = [&functions](const std::string& qualified) {
    return !qualified.empty() && std::find(functions.begin(), functions.end(), qualified) != functions.end();
  };
  const Obj& o = objs_[id];
  if (o.kind == ObjKind::Unknown || o.kind == ObjKind::LibInstance) return listed(o.qualified.str());
  // A module-level variable, as a function names it (or reads it under `global x`: its "value").
  const Obj* variable = &o;
  if (o.kind == ObjKind::Field && o.base != kNoObj && field_name(o.field) == "value")
    variable = &objs_[o.base];
  return variable->kind == ObjKind::Global && variable->module_index >= 0 &&
         listed(program_.global_call_qualified(variable->module_index, variable->name.str()));
}

CodeRef Context::annotated_project_class(const std::string& dotted) const {
  const StaticRef ref = program_.resolve_dotted(ref_.module, dotted);
  // Only plain project classes: a subclass of a library class (the project's own `Tensor` when torch is
  // checked) may do anything through methods the analysis cannot see.
  if (ref.kind != StaticRef::Kind::ProjectClass || !program_.class_info(ref.code).external_bases.empty())
    return {};
  return ref.code;
}

bool Context::removes_handles() {
  if (!removes_handles_) {
    removes_handles_ =
        calls_handle_remove(fn_.body) ||
        (fn_.owner_class >= 0 && program_.class_info(CodeRef{ref_.module, fn_.owner_class}).calls_remove);
  }
  return *removes_handles_;
}

// `def drop_path(x, p, training): if p == 0.0 or not training: return x ... return x * mask / keep`: the
// indexes of the parameters such a top-level guard returns as they came, when a later statement returns
// something else.
static std::vector<uint32_t> guard_returned_params(const Function& f) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < f.body.size(); ++i) {
    const Stmt& s = f.body[i];
    if (s.kind != StmtKind::If || s.body.size() != 1 || s.body[0].kind != StmtKind::Return ||
        s.body[0].value.kind != ExprKind::Name)
      continue;
    const std::string& name = s.body[0].value.text;
    const auto param =
        std::find_if(f.params.begin(), f.params.end(), [&](const Param& p) { return p.name == name; });
    if (param == f.params.end()) continue;
    const bool returns_other = std::any_of(
        f.body.begin() + static_cast<std::ptrdiff_t>(i) + 1, f.body.end(), [&](const Stmt& later) {
          return later.kind == StmtKind::Return &&
                 !(later.value.kind == ExprKind::Name && later.value.text == name) &&
                 later.value.kind != ExprKind::Literal;
        });
    if (returns_other) out.push_back(static_cast<uint32_t>(param - f.params.begin()));
  }
  return out;
}

void Context::run() {
  const Function& f = fn_;
  guard_returned_params_ = guard_returned_params(f);
  // Most functions make a few dozen objects: growing from empty relocated them several times (about a
  // tenth of the solve). The slack goes when the summary is compacted.
  objs_.reserve(64);
  // `@torch.no_grad()` / `@torch.inference_mode()`: the body runs without autograd.
  for (const Decorator& d : f.decorators) {
    if (grad_switch(d.dotted) == GradSwitch::Off) {
      no_grad_depth_ = 1;
      solver_.note_names_called(f.body);
    }
  }
  // Parameters: placeholders for whatever callers pass.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    Obj o;
    o.kind = ObjKind::Param;
    o.param = static_cast<int32_t>(i);
    o.name = p.name;
    o.label = o.name;
    o.site = site_ref(p.site);
    if (i == 0 && f.owner_class >= 0) {
      const CodeRef cls{ref_.module, f.owner_class};
      const ClassInfo& info = program_.class_info(cls);
      auto kind_it = info.method_kinds.find(f.name);
      const MethodKind kind = kind_it == info.method_kinds.end() ? MethodKind::Instance : kind_it->second;
      if (kind == MethodKind::Instance || is_property(kind)) {
        const CodeRef actual = receiver_cls_.valid() ? receiver_cls_ : cls;
        const ClassInfo& actual_info = program_.class_info(actual);
        o.cls = actual;
        o.receiver = true;
        o.module = actual_info.is_nn_module;
        o.has_del = actual_info.defines_del;
        o.label = program_.class_def(actual).name;
      } else if (kind == MethodKind::Static && info.is_autograd_function &&
                 (f.name == "forward" || f.name == "backward" || f.name == "setup_context")) {
        o.ctx = true;
        o.label = "ctx of " + program_.class_def(cls).name;
      }
    }
    if (!o.receiver && !o.ctx && !p.annotation.empty()) {
      // The annotation's class lets method calls on the parameter resolve (`cb: Callback; cb.attach(self)`).
      const CodeRef hinted = annotated_project_class(p.annotation);
      (p.annotation_elements ? o.element_cls : o.cls) = hinted;
    }
    if (p.kind == ParamKind::Positional || p.kind == ParamKind::KeywordOnly) {
      if (p.has_default &&
          (p.default_value.kind == ExprKind::Container ||
           (p.default_value.kind == ExprKind::Call && !p.default_value.children.empty() &&
            p.default_value.children[0].kind == ExprKind::Name &&
            (p.default_value.children[0].text == "dict" || p.default_value.children[0].text == "list" ||
             p.default_value.children[0].text == "set")))) {
        o.mutable_default = true;
        o.label = "default of " + p.name;
      }
    }
    if (program_.uses_torch() && is_model_like_name(p.name)) o.tensor = true;
    params_.push_back(add(std::move(o)));
  }
  if (!f.free_vars.empty() || ref_.index != 0) {
    Obj self;
    self.kind = ObjKind::FuncSelf;
    self.label = f.is_lambda ? "<lambda>" : "function " + f.name;
    self.fn = ref_;
    self.site = site_ref(f.site);
    func_self_ = add(std::move(self));
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    const std::string& name = f.params[i].name;
    ValueSet values{params_[i]};
    // A default instance made once, when the def ran: what callers pass, or that shared object.
    if (f.params[i].has_default && f.params[i].default_value.kind == ExprKind::Call) {
      const std::string shared = program_.default_instance_name(ref_, i);
      if (!shared.empty()) values.insert(global(ref_.module, shared));
    }
    if (is_cell_var(name)) {
      const ObjId c = cell(name);
      set_field(c, intern_field("contents"), values, true);
      for (ObjId v : values)
        add_edge(c, intern_field("contents"), v,
                 EdgeInfo{{site_ref(f.params[i].site, "parameter " + name)}, values.size() == 1});
    } else {
      st_.env[name] = Binding{std::move(values), site_module(), f.params[i].site};
    }
  }
  exec_block(f.body);
  finish();
}

// ---- state helpers ---------------------------------------------------------------------------------

void Context::join_into(HeapState& into, const HeapState& from) {
  for (const auto& [name, binding] : from.env) {
    auto [it, added] = into.env.try_emplace(name, binding);
    if (added) continue;
    // Keeps the binding site of `into`, unless only `from` bound something tracked there
    // (`details = None` before, `details = sys.exc_info()` in a handler: the frame keeps the latter).
    if (it->second.values.empty() && !binding.values.empty()) {
      it->second.module = binding.module;
      it->second.site = binding.site;
    }
    it->second.values.merge(binding.values);
  }
  // A field written on one path only may still hold its earlier content on the other.
  auto initial = [this](uint64_t key) -> ValueSet {
    const auto base = static_cast<ObjId>(key >> 32);
    if (!placeholder_capable(base)) return {};
    return ValueSet{placeholder(base, static_cast<FieldId>(key & 0xffffffffu), objs_[base].site.site)};
  };
  for (auto& [key, values] : into.fields) {
    if (from.fields.find(key) == from.fields.end()) values.merge(initial(key));
  }
  for (const auto& [key, values] : from.fields) {
    auto it = into.fields.find(key);
    if (it == into.fields.end()) {
      ValueSet merged = values;
      merged.merge(initial(key));
      into.fields.emplace(key, std::move(merged));
    } else {
      it->second.merge(values);
    }
  }
}

// Rooted at a module-level variable, or at an attribute of a project class (`Model.instances`): either lives
// as long as the process.
bool Context::root_is_global(ObjId id) const {
  if (id == kNoObj) return false;
  id = field_root(id);
  return objs_[id].kind == ObjKind::Global ||
         (objs_[id].kind == ObjKind::ClassConst && objs_[id].cls.valid());
}

// What a call to a builtin drains its first argument, a generator expression, into, keeping every element:
// "list" for `list(...)` and `sorted(...)`, "tuple", "sum"; null for any other call.
const char* Context::drains_generator(const Expr& call) {
  // The generator is the first argument; `sorted(..., key=...)` and `sum(..., start)` take more.
  if (call.children.size() < 2 || call.children[0].kind != ExprKind::Name) return nullptr;
  const Expr& argument = call.children[1];
  if (argument.kind != ExprKind::Container || argument.container != ContainerKind::Generator ||
      argument.text != "comprehension" || (call.arg_names.size() > 1 && !call.arg_names[1].empty()))
    return nullptr;
  const std::string& callee = call.children[0].text;
  if (callee == "list" || callee == "sorted") return "list";
  if (callee == "tuple") return "tuple";
  return callee == "sum" ? "sum" : nullptr;
}

// `value` itself, or the branch of a conditional `value`, that adds to or joins onto `target` (`x + v`,
// `torch.cat((x, v))` for `x`); null when none does.
const Expr* Context::self_accumulation(const Expr& value, const Expr& target) {
  if (value.kind == ExprKind::Choice) {
    for (const Expr& branch : value.children) {
      if (branch.kind == ExprKind::Choice) continue;  // one level: the branches are evaluated one by one
      if (const Expr* found = self_accumulation(branch, target)) return found;
    }
    return nullptr;
  }
  const Expr* operands = value.kind == ExprKind::Arith ? &value : concatenated_display(value);
  if (operands == nullptr) return nullptr;
  const std::string target_text = describe_target(target);  // only now: most assignments get no further
  if (target_text.empty()) return nullptr;
  // The old value may sit inside nested arithmetic: `avg = 0.9 * avg + 0.1 * loss`.
  auto mentions_target = [&target_text](const Expr& operand, int depth, auto& self) -> bool {
    if (describe_target(operand) == target_text) return true;
    if (operand.kind != ExprKind::Arith || depth >= 3) return false;
    return std::any_of(operand.children.begin(), operand.children.end(),
                       [&](const Expr& inner) { return self(inner, depth + 1, self); });
  };
  const bool self_referencing =
      std::any_of(operands->children.begin(), operands->children.end(),
                  [&](const Expr& operand) { return mentions_target(operand, 0, mentions_target); });
  return self_referencing ? &value : nullptr;
}

std::string Context::describe_target(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return e.text;
    case ExprKind::Attribute:
      return e.children.empty() ? e.text : describe_target(e.children[0]) + "." + e.text;
    case ExprKind::Subscript:
      return e.children.empty() ? "" : describe_target(e.children[0]) + "[" + e.text + "]";
    case ExprKind::Call:
      return e.children.empty() ? "" : describe_target(e.children[0]) + "()";
    default:
      return "";
  }
}

std::string Context::describe(ObjId id, int depth) const {
  const Obj& o = objs_[id];
  if (depth > 6) return "...";
  switch (o.kind) {
    case ObjKind::Param:
      return o.name;
    case ObjKind::Global:
      return o.name;
    case ObjKind::Field:
      return describe_field(o.base, o.field, depth);
    default:
      return o.label;
  }
}

std::string Context::describe_field(ObjId base, FieldId field, int depth) const {
  const std::string& name = field_name(field);
  // A closure's cell and what it holds read as the variable ("root"), not as the solver's fields
  // ("function wrapper.cell:root.contents").
  const Obj& base_obj = objs_[base];
  if (name == "contents" && base_obj.kind == ObjKind::Field &&
      field_name(base_obj.field).rfind("cell:", 0) == 0)
    return field_name(base_obj.field).substr(5);
  if (name.rfind("cell:", 0) == 0) return "cell " + name.substr(5) + " of " + describe(base, depth + 1);
  return describe(base, depth + 1) + (name.rfind("[", 0) == 0 ? name : "." + name);
}

std::string Context::node_label(ObjId id) const {
  const Obj& o = objs_[id];
  switch (o.kind) {
    case ObjKind::Param:
      if (o.receiver || o.ctx || o.mutable_default) return o.label;
      return "argument " + o.name.str();
    case ObjKind::Field:
      return describe(id);
    case ObjKind::FuncSelf:
      return o.label;
    default:
      return o.label;
  }
}

WitnessNode Context::witness_node(ObjId id) const {
  const Obj& o = objs_[id];
  WitnessNode n;
  switch (o.kind) {
    case ObjKind::Param:
      n.kind = o.receiver ? NodeKind::Instance : NodeKind::Parameter;
      break;
    case ObjKind::FuncSelf:
    case ObjKind::Closure:
      n.kind = NodeKind::Function;
      break;
    case ObjKind::Global:
      n.kind = NodeKind::Global;
      break;
    case ObjKind::Field:
      n.kind = NodeKind::FieldValue;
      break;
    case ObjKind::Instance:
      n.kind = NodeKind::Instance;
      break;
    case ObjKind::Container:
      n.kind = NodeKind::Container;
      break;
    case ObjKind::BoundMethod:
      n.kind = NodeKind::BoundMethod;
      break;
    case ObjKind::Partial:
      n.kind = NodeKind::Partial;
      break;
    case ObjKind::Cell:
      n.kind = NodeKind::Cell;
      break;
    case ObjKind::Frame:
      n.kind = NodeKind::Frame;
      break;
    case ObjKind::Generator:
      n.kind = NodeKind::Generator;
      break;
    case ObjKind::Traceback:
      n.kind = NodeKind::Traceback;
      break;
    case ObjKind::Exception:
      n.kind = NodeKind::Exception;
      break;
    case ObjKind::LibInstance:
      n.kind = NodeKind::LibraryObject;
      break;
    default:
      n.kind = NodeKind::Unknown;
      break;
  }
  if (o.raised) n.kind = NodeKind::Exception;  // an instance, library object or call result raised here
  n.label = node_label(id);
  n.site = o.site.to_ref();
  n.cls = o.cls;
  n.has_del = o.has_del;
  n.is_ctx = o.ctx;
  n.is_receiver = o.receiver;
  n.holds_module = o.module;
  n.holds_tensors = o.tensor || o.graph || o.module ||
                    ((o.kind == ObjKind::Frame || o.kind == ObjKind::Generator) && program_.uses_torch());
  // What it holds directly counts too: self.model = model makes self hold a module.
  if (id < held_flags_.size()) {
    n.holds_tensors |= (held_flags_[id] & 1) != 0;
    n.holds_module |= (held_flags_[id] & 2) != 0;
  }
  switch (o.kind) {
    case ObjKind::Param:
      n.detail = o.receiver ? "self in " + fn_.qualname + "()" : "argument of " + fn_.qualname + "()";
      break;
    case ObjKind::Field:
      n.detail = "the object in " + describe(id);
      break;
    case ObjKind::Global:
      n.detail = "module-level variable";
      break;
    default:
      n.detail = "created in " + fn_.qualname + "()";
      break;
  }
  return n;
}

const Expr* Context::exception_test_subject(const Expr& condition) {
  if (condition.kind != ExprKind::Call || condition.children.size() != 3 ||
      condition.children[0].kind != ExprKind::Name || condition.children[0].text != "isinstance" ||
      condition.children[1].kind != ExprKind::Name) {
    return nullptr;
  }
  auto names_exception = [](const Expr& e) {
    if (e.kind != ExprKind::Name && e.kind != ExprKind::Attribute) return false;
    const std::string& name = e.text;
    return name.ends_with("Exception") || name.ends_with("Error");
  };
  const Expr& tested = condition.children[2];
  const bool all_exceptions =
      tested.kind == ExprKind::Container
          ? !tested.children.empty() &&
                std::all_of(tested.children.begin(), tested.children.end(), names_exception)
          : names_exception(tested);
  return all_exceptions ? &condition.children[1] : nullptr;
}

const Expr* Context::tensor_test_subject(const Expr& condition) {
  if (condition.kind != ExprKind::Call || condition.children.size() < 2) return nullptr;
  const Expr& callee = condition.children[0];
  const Expr& subject = condition.children[1];
  if (subject.kind != ExprKind::Name || condition.arg_names.size() < 2 || !condition.arg_names[1].empty())
    return nullptr;
  if (callee.kind == ExprKind::Attribute && callee.text == "is_tensor" && condition.children.size() == 2)
    return &subject;
  if (callee.kind != ExprKind::Name || condition.children.size() != 3) return nullptr;
  const Expr& tested = condition.children[2];
  if (callee.text == "hasattr") {
    // Attributes every tensor has, that a number, a string or a container has not.
    static const char* const kTensorAttributes[] = {"'item'",   "'detach'",  "'cpu'",           "'numpy'",
                                                    "'tolist'", "'grad_fn'", "'requires_grad'", "'backward'"};
    for (const char* attribute : kTensorAttributes) {
      if (tested.kind == ExprKind::Literal && tested.text == attribute) return &subject;
    }
    return nullptr;
  }
  if (callee.text != "isinstance") return nullptr;
  auto names_tensor = [](const Expr& type) {
    return (type.kind == ExprKind::Attribute || type.kind == ExprKind::Name) && type.text == "Tensor";
  };
  if (names_tensor(tested)) return &subject;
  // `isinstance(v, (torch.Tensor, np.ndarray))`: failing it, `v` is no tensor either.
  if (tested.kind == ExprKind::Container && tested.container == ContainerKind::Tuple &&
      std::any_of(tested.children.begin(), tested.children.end(), names_tensor))
    return &subject;
  return nullptr;
}

void Context::narrow_to_non_tensor(const std::string& name, const Site& site) {
  if (!is_local(name) || is_cell_var(name) || is_free_var(name)) return;
  auto it = st_.env.find(name);
  if (it == st_.env.end()) return;
  ValueSet narrowed;
  for (ObjId v : it->second.values) {
    switch (objs_[v].kind) {
      case ObjKind::Param:
      case ObjKind::Global:
      case ObjKind::Field:
      case ObjKind::Default:
      case ObjKind::LibInstance:
      case ObjKind::Value:
      case ObjKind::Unknown: {
        // May be a tensor: seen as a value computed from it with autograd off, which no graph reaches.
        const ObjId value = at_site(&site, ObjKind::Value, "value", site, 12);
        add_operand(value, v);
        objs_[value].no_grad = true;
        narrowed.insert(value);
        break;
      }
      default:  // an instance, container or callable made here: no tensor, kept as it is
        narrowed.insert(v);
    }
  }
  it->second.values = std::move(narrowed);
}

WeakContainer Context::weak_container(ObjId id) const {
  if (id == kNoObj) return WeakContainer::None;
  const Obj& o = objs_[id];
  if (o.kind == ObjKind::Global && o.module_index >= 0)
    return program_.global_weak_container(o.module_index, o.name.str());
  // `Registry._stats[key] = value` on a class attribute.
  if (o.kind == ObjKind::Field && o.base != kNoObj && objs_[o.base].kind == ObjKind::ClassConst)
    return program_.class_attribute_weak_container(objs_[o.base].cls, field_name(o.field));
  return WeakContainer::None;
}

void Context::record_weak_key_store(const ValueSet& bases, const ValueSet& keys, const ValueSet& values,
                                    const Site& site, const Expr& target) {
  if (keys.empty() || values.empty()) return;
  const auto dict = std::find_if(bases.begin(), bases.end(),
                                 [&](ObjId b) { return weak_container(b) == WeakContainer::KeyDictionary; });
  if (dict == bases.end()) return;
  // A key standing for many objects (the elements of one list) may be another element than the one the
  // value refers to, unless the value is made from the key's own variable (`_STATS[m] = Stats(m)` in a loop
  // over modules).
  bool value_names_key = false;
  if (assigned_value_ != nullptr && target.children.size() > 1 && target.children[1].kind == ExprKind::Name) {
    for_each_expr(*assigned_value_, [&](const Expr& read) {
      value_names_key |= read.kind == ExprKind::Name && read.text == target.children[1].text;
    });
  }
  ValueSet usable_keys;
  for (ObjId k : keys) {
    if (value_names_key || !objs_[k].summary) usable_keys.insert(k);
  }
  auto path = path_between(values, usable_keys, 3);
  if (!path) return;
  Event* event = record_event(EventKind::WeakKeyHeldByValue, *dict, objs_[*dict].label, values, site,
                              describe_target(target) + " = ...");
  if (event != nullptr) event->held_through = std::move(*path);
}

// Asked only for instances and closures stored into module-level state, so the field table is scanned.
bool Context::holds_module(ObjId id, int depth) const {
  for (const auto& [key, values] : st_.fields) {
    if (static_cast<ObjId>(key >> 32) != id) continue;
    for (ObjId v : values) {
      if (v == id) continue;
      if (objs_[v].module || (depth > 1 && holds_module(v, depth - 1))) return true;
    }
  }
  return false;
}

std::optional<std::vector<SiteNote>> Context::path_between(const ValueSet& from, const ValueSet& to,
                                                           size_t max_edges) const {
  if (to.empty()) return std::nullopt;
  for (ObjId v : from) {
    if (to.contains(v)) return std::vector<SiteNote>{};
  }
  // Rare (a store into a weak-keyed dictionary): the out-edges are collected from the whole edge table.
  std::unordered_map<ObjId, std::vector<const EdgeMap::value_type*>> out_edges;
  for (const auto& entry : edges_) {
    if (!entry.second.implicit) out_edges[entry.first.from].push_back(&entry);
  }
  std::unordered_map<ObjId, const EdgeMap::value_type*> reached_by;
  std::vector<ObjId> frontier(from.begin(), from.end());
  for (ObjId v : frontier) reached_by.emplace(v, nullptr);
  for (size_t depth = 0; depth < max_edges && !frontier.empty(); ++depth) {
    std::vector<ObjId> next;
    for (ObjId node : frontier) {
      auto it = out_edges.find(node);
      if (it == out_edges.end()) continue;
      for (const EdgeMap::value_type* edge : it->second) {
        const ObjId target_obj = edge->first.to;
        if (!reached_by.emplace(target_obj, edge).second) continue;
        if (to.contains(target_obj)) {
          std::vector<SiteNote> path;
          for (ObjId at = target_obj; reached_by.at(at) != nullptr; at = reached_by.at(at)->first.from) {
            const std::vector<SiteNote>& chain = reached_by.at(at)->second.chain;
            if (!chain.empty()) path.push_back(chain.back());
          }
          std::reverse(path.begin(), path.end());
          return path;
        }
        next.push_back(target_obj);
      }
    }
    frontier = std::move(next);
  }
  return std::nullopt;
}

Event* Context::record_event(EventKind kind, ObjId base, const std::string& base_label,
                             const ValueSet& values, const Site& site, const std::string& note) {
  if ((values.empty() && kind != EventKind::MutableDefaultStore) || events_.size() > 256) return nullptr;
  Event ev;
  ev.kind = kind;
  ev.base = base;
  ev.base_label = base_label;
  ev.values = values;
  ev.chain.push_back(site_ref(site, note));
  ev.in_loop = loop_depth_ > 0;
  ev.under_no_grad = autograd_maybe_off();
  ev.origin = ref_;
  ev.augmented = note.find(" = ") != std::string::npos || note.find("=") != std::string::npos;
  events_.push_back(std::move(ev));
  return &events_.back();
}

// ---- exit: frame locals, cycles, events -----------------------------------------------------------

void Context::finish() {
  if (frame_ != kNoObj) {
    // A frame outliving its function (held by a traceback or a variable) keeps its locals.
    std::vector<std::string> names;
    for (const auto& [name, binding] : st_.env) names.push_back(name);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      const Binding& binding = st_.env.at(name);
      if (binding.values.empty()) continue;
      store(ValueSet{frame_}, intern_field("local:" + name), binding.values,
            {SiteNote{binding.module, binding.site, name + " = ..."}}, EdgeRole::Frame);
    }
    for (const std::string& name : fn_.cell_vars) {
      store(ValueSet{frame_}, intern_field("local:" + name), ValueSet{cell(name)},
            {site_ref(fn_.site, "cell " + name)}, EdgeRole::Frame);
    }
  }
  static const bool debug_heap = std::getenv("CYCLECHECK_DEBUG_HEAP") != nullptr;
  if (debug_heap) dump_heap();
  // Only the range that owns a function reports what it sees; another range analyses it for its
  // summary alone (its reports would be dropped).
  if (solver_.owns(ref_)) {
    detect_cycles();
    emit_events();
  }
  compact_summary();
}

// Keeps only what a caller can observe: objects reachable from the parameters, globals, the result and
// pending events and calls. Everything local to this invocation is dropped, so summaries stay small
// however deep the call graph is.
void Context::compact_summary() {
  std::vector<ObjId> roots(params_.begin(), params_.end());
  if (func_self_ != kNoObj) roots.push_back(func_self_);
  // Module-level state is not carried up the call graph (every caller would re-apply every registry
  // write below it); retention through globals is reported from events instead.
  for (ObjId r : ret_) roots.push_back(r);
  for (ObjId r : raised_) roots.push_back(r);
  for (const Event& ev : events_) {
    if (ev.base != kNoObj) roots.push_back(ev.base);
    for (ObjId v : ev.values) roots.push_back(v);
  }
  for (const DeferredCall& d : deferred_) {
    for (ObjId id : {d.receiver, d.callee, d.result}) {
      if (id != kNoObj) roots.push_back(id);
    }
    for (const auto& [name, values] : d.args) {
      for (ObjId v : values) roots.push_back(v);
    }
  }
  // The field contents of each object, grouped by object in one flat array (offsets per object).
  std::vector<uint32_t> first_field(objs_.size() + 1, 0);
  for (const auto& [key, values] : st_.fields) ++first_field[(key >> 32) + 1];
  for (size_t id = 0; id < objs_.size(); ++id) first_field[id + 1] += first_field[id];
  std::vector<const ValueSet*> field_values(st_.fields.size());
  {
    std::vector<uint32_t> filled(first_field.begin(), first_field.end() - 1);
    for (const auto& [key, values] : st_.fields) field_values[filled[key >> 32]++] = &values;
  }
  std::vector<ObjId> remap(objs_.size(), kNoObj);
  std::vector<ObjId> stack = roots;
  std::vector<bool> reached(objs_.size(), false);
  while (!stack.empty()) {
    const ObjId id = stack.back();
    stack.pop_back();
    if (id == kNoObj || reached[id]) continue;
    reached[id] = true;
    const Obj& o = objs_[id];
    if (o.base != kNoObj) stack.push_back(o.base);
    if (o.default_obj != kNoObj) stack.push_back(o.default_obj);
    for (ObjId op : o.operands) stack.push_back(op);
    for (uint32_t f = first_field[id]; f < first_field[id + 1]; ++f) {
      for (ObjId v : *field_values[f]) stack.push_back(v);
    }
  }
  std::vector<Obj> kept;
  // Exactly sized: every summary lives to the end of the solve, and growth slack was a tenth of the peak.
  kept.reserve(static_cast<size_t>(std::count(reached.begin(), reached.end(), true)));
  for (ObjId id = 0; id < objs_.size(); ++id) {
    if (!reached[id]) continue;
    remap[id] = static_cast<ObjId>(kept.size());
    kept.push_back(std::move(objs_[id]));
  }
  auto map_id = [&remap](ObjId id) { return id == kNoObj ? kNoObj : remap[id]; };
  auto map_set = [&remap](const ValueSet& values) {
    ValueSet out;
    for (ObjId v : values) {
      if (remap[v] != kNoObj) out.insert(remap[v]);
    }
    return out;
  };
  for (Obj& o : kept) {
    o.base = map_id(o.base);
    o.default_obj = map_id(o.default_obj);
    for (ObjId& op : o.operands) op = map_id(op);
    o.operands.erase(std::remove(o.operands.begin(), o.operands.end(), kNoObj), o.operands.end());
  }
  FieldMap fields;
  FlatSet<uint64_t, std::hash<uint64_t>> dirty;
  EdgeMap edges;
  for (uint64_t key : dirty_) {
    const auto base = static_cast<ObjId>(key >> 32);
    const auto field = static_cast<FieldId>(key & 0xffffffffu);
    auto it = st_.fields.find(key);
    if (!reached[base] || it == st_.fields.end()) continue;
    const uint64_t new_key = field_key(remap[base], field);
    fields[new_key] = map_set(it->second);
    dirty.insert(new_key);
    for (ObjId v : it->second) {
      auto edge = edges_.find(EdgeKey{base, field, v});
      if (edge == edges_.end() || remap[v] == kNoObj) continue;
      EdgeInfo info = std::move(edge->second);
      // Long call chains add little: keep the outermost call and the innermost sites.
      if (info.chain.size() > 4) info.chain.erase(info.chain.begin() + 1, info.chain.end() - 3);
      edges.emplace(EdgeKey{remap[base], field, remap[v]}, std::move(info));
    }
  }
  for (Event& ev : events_) {
    ev.base = map_id(ev.base);
    ev.values = map_set(ev.values);
    if (ev.chain.size() > 4) ev.chain.erase(ev.chain.begin() + 1, ev.chain.end() - 3);
  }
  for (DeferredCall& d : deferred_) {
    d.receiver = map_id(d.receiver);
    d.callee = map_id(d.callee);
    d.result = map_id(d.result);
    for (auto& [name, values] : d.args) values = map_set(values);
  }
  ret_ = map_set(ret_);
  raised_ = map_set(raised_);
  for (ObjId& p : params_) p = map_id(p);
  func_self_ = map_id(func_self_);
  frame_ = map_id(frame_);
  objs_ = std::move(kept);
  st_ = HeapState{};
  st_.fields = std::move(fields);
  dirty_ = std::move(dirty);
  edges_ = std::move(edges);
  // Assigned, not cleared: clear() keeps the bucket arrays, and every summary stays alive to the end.
  project_constants_ = {};
  external_constants_ = {};
  placeholders_ = {};
  globals_ = {};
  cells_ = {};
  site_objects_ = {};
  instantiated_ = {};
  held_flags_ = {};
  walk_marks_ = {};
}

// Debugging aid (CYCLECHECK_DEBUG_HEAP=1): the exit heap of every analysed function, on stderr.
void Context::dump_heap() const {
  std::fprintf(stderr, "== %s\n", fn_.qualname.c_str());
  std::vector<uint64_t> keys;
  for (const auto& [key, values] : st_.fields) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  for (uint64_t key : keys) {
    const auto from = static_cast<ObjId>(key >> 32);
    std::string line = "  #" + std::to_string(from) + " " + objs_[from].label.str() + " ." +
                       field_name(static_cast<FieldId>(key & 0xffffffffu)) + " ->";
    for (ObjId to : st_.fields.at(key)) {
      auto info = edges_.find(EdgeKey{from, static_cast<FieldId>(key & 0xffffffffu), to});
      line += " #" + std::to_string(to) + " " + objs_[to].label.str() +
              (info == edges_.end() ? "(no edge)"
               : info->second.must  ? ""
                                    : "(may)");
    }
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

bool Context::edge_is_must(ObjId from, FieldId field, ObjId to, const std::vector<uint32_t>& component,
                           uint32_t cycle_component) const {
  auto info = edges_.find(EdgeKey{from, field, to});
  if (info == edges_.end()) return false;
  if (info->second.must) return true;
  if (!info->second.alternatives || info->second.distinct) return false;
  auto current = st_.fields.find(field_key(from, field));
  if (current == st_.fields.end()) return true;
  for (ObjId v : current->second) {
    if (component[v] != cycle_component && !passed_through_.contains(v)) return false;
  }
  return true;
}

void Context::detect_cycles() {
  const auto n = static_cast<uint32_t>(objs_.size());
  auto traversable = [this](ObjId id) {
    switch (objs_[id].kind) {
      case ObjKind::ExternalConst:
      case ObjKind::ModuleConst:
      case ObjKind::FunctionConst:
      case ObjKind::ClassConst:
      case ObjKind::Handle:
      case ObjKind::Weak:
      case ObjKind::Super:
        return false;
      default:
        return true;
    }
  };
  Adjacency graph(n);
  std::vector<std::vector<std::pair<uint32_t, FieldId>>> labelled(n);
  held_flags_.assign(n, 0);
  std::vector<uint64_t> keys;
  keys.reserve(st_.fields.size());
  for (const auto& [key, values] : st_.fields) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  for (uint64_t key : keys) {
    const auto from = static_cast<ObjId>(key >> 32);
    const auto field = static_cast<FieldId>(key & 0xffffffffu);
    if (!traversable(from)) continue;
    for (ObjId to : st_.fields[key]) {
      const Obj& held = objs_[to];
      if (held.tensor || held.graph || held.module) held_flags_[from] |= 1;
      if (held.module) held_flags_[from] |= 2;
      if (!traversable(to)) continue;
      graph[from].push_back(to);
      labelled[from].emplace_back(to, field);
    }
  }
  uint32_t components = 0;
  const std::vector<uint32_t> component = strongly_connected_components(graph, components);
  std::vector<uint32_t> size(components, 0);
  for (uint32_t v = 0; v < n; ++v) ++size[component[v]];
  auto priority = [this](ObjId id) {
    const Obj& o = objs_[id];
    if (o.receiver) return 0;
    if (o.ctx) return 1;
    if (o.kind == ObjKind::Param) return 2;
    if (o.kind == ObjKind::FuncSelf || o.kind == ObjKind::Closure) return 3;
    if (o.kind == ObjKind::Global) return 4;
    if (o.kind == ObjKind::Instance) return 5;
    if (o.kind == ObjKind::Frame || o.kind == ObjKind::Generator) return 6;
    if (o.kind == ObjKind::Cell || o.kind == ObjKind::Container) return 9;
    return 7;
  };
  std::vector<std::vector<ObjId>> members(components);
  for (uint32_t v = 0; v < n; ++v) {
    const bool self_loop = std::find(graph[v].begin(), graph[v].end(), v) != graph[v].end();
    if (size[component[v]] > 1 || self_loop) members[component[v]].push_back(v);
  }
  for (uint32_t c = 0; c < components; ++c) {
    auto& nodes = members[c];
    if (nodes.empty()) continue;
    std::stable_sort(nodes.begin(), nodes.end(), [&](ObjId a, ObjId b) {
      const int pa = priority(a), pb = priority(b);
      if (pa != pb) return pa < pb;
      return objs_[a].site.site.line < objs_[b].site.site.line;
    });
    std::set<std::pair<ObjId, ObjId>> covered;
    // An object that holds itself by two fields (`self._prev = self; self._next = self`) is two stores
    // to fix: self-loops are told apart by field.
    std::set<std::pair<ObjId, FieldId>> covered_self_loops;
    // Up to six new cycles per component, out of at most 24 looked at (a large component has many).
    int found = 0, attempts = 0;
    for (ObjId start : nodes) {
      if (found >= 6 || attempts >= 24) break;
      for (const auto& [next, field] : labelled[start]) {
        if (found >= 6 || attempts >= 24) break;
        if (component[next] != c) continue;
        if (next == start ? !covered_self_loops.insert({start, field}).second
                          : covered.count({start, next}) != 0)
          continue;
        std::vector<uint32_t> path;
        if (next != start) {
          path = shortest_path_within(graph, component, c, next, start);
          if (path.empty()) continue;
        }
        ++attempts;
        // Node sequence: start, next, ..., (back to start).
        std::vector<ObjId> cycle{start};
        if (next != start) {
          cycle.push_back(next);
          for (size_t i = 0; i + 1 < path.size(); ++i) cycle.push_back(path[i]);
        }
        CycleWitness witness;
        witness.module = ref_.module;
        witness.function = ref_;
        bool must = true, removable = false, released = false;
        for (size_t i = 0; i < cycle.size(); ++i) {
          const ObjId from = cycle[i];
          const ObjId to = cycle[(i + 1) % cycle.size()];
          // A self-loop keeps the field it was found by; otherwise the first field from -> to that surely
          // holds `to` (a tuple's "[1]", not its "[]" that may be any element), else the first.
          FieldId via = field;
          bool via_must = false;
          if (from != to) {
            bool first = true;
            for (const auto& [target, f] : labelled[from]) {
              if (target != to) continue;
              if (first) via = f;
              first = false;
              if (edge_is_must(from, f, to, component, c)) {
                via = f;
                via_must = true;
                break;
              }
            }
          } else {
            via_must = edge_is_must(from, via, to, component, c);
          }
          covered.insert({from, to});
          witness.nodes.push_back(witness_node(from));
          WitnessEdge edge;
          const std::string& fname = field_name(via);
          if (fname.rfind("cell:", 0) == 0) {
            edge.field = "cell " + fname.substr(5);
          } else if (fname.rfind("local:", 0) == 0) {
            edge.field = "local " + fname.substr(6);
          } else if (fname == "contents") {
            edge.field = "contents";
          } else if (fname.rfind("[", 0) == 0) {
            edge.field = fname;
          } else if (fname.ends_with(kRegisteredSuffix)) {
            edge.field = fname.substr(0, fname.size() - 2);  // "connect() callbacks"
          } else {
            edge.field = "." + fname;
            // `disarm()` sets `self._timer = None` and is called: the code breaks this cycle itself.
            released |= program_.attribute_released(objs_[from].cls, fname);
          }
          auto info = edges_.find(EdgeKey{from, via, to});
          if (info != edges_.end()) {
            edge.role = info->second.role;
            edge.chain = to_refs(info->second.chain);
            edge.removable = info->second.removable;
          }
          edge.must = via_must;
          if (edge.field == "contents") edge.role = EdgeRole::Capture;
          must &= edge.must;
          removable |= edge.removable;
          witness.edges.push_back(std::move(edge));
        }
        if (removable || released) continue;  // a hook's handle is removed, an attribute let go of
        witness.must = must;
        // Key on the innermost sites only, so callers re-discovering a callee's cycle match it.
        std::vector<std::string> parts;
        for (const WitnessEdge& e : witness.edges) {
          if (e.chain.empty()) continue;
          const SiteRef& site = e.chain.back();
          parts.push_back(std::to_string(site.module) + ":" + std::to_string(site.site.line) + ":" +
                          std::to_string(site.site.column) + e.field);
        }
        std::sort(parts.begin(), parts.end());
        std::string final_key;
        for (const auto& part : parts) final_key += part + "|";
        // Only a cycle not reported before counts towards the limit: a caller re-discovers its callees'
        // cycles first (they go through `self`), and those must not crowd out the ones its own calls close.
        if (!solver_.knows_cycle(final_key)) ++found;
        solver_.report_cycle(std::move(witness), final_key);
      }
    }
  }
}

void Context::emit_events() {
  for (const Event& ev : events_) {
    RetentionEvent out;
    out.kind = ev.kind;
    out.chain = to_refs(ev.chain);
    out.base_label = ev.base_label;
    out.in_loop = ev.in_loop;
    out.augmented = ev.augmented;
    out.carried_into_next_step = ev.carried_into_next_step;
    out.under_no_grad = ev.under_no_grad;
    out.comprehension = ev.comprehension;
    out.base_made_in_callee = ev.base_made_in_callee;
    out.function = ref_;
    out.origin = ev.origin;
    out.cached_function = ev.cached_function;
    out.held_through = to_refs(ev.held_through);
    out.base_is_global =
        ev.base != kNoObj && (objs_[ev.base].kind == ObjKind::Global || root_is_global(ev.base));
    bool project_registry = false;  // a module-level variable of the analysed code
    if (out.base_is_global) {
      ObjId root = ev.base, attribute = kNoObj;
      while (objs_[root].kind == ObjKind::Field && objs_[root].base != kNoObj) {
        attribute = root;
        root = objs_[root].base;
      }
      const Obj& g = objs_[root];
      if (g.kind == ObjKind::ClassConst) {
        // A class attribute: `instances = weakref.WeakSet()` in the class body, or removed somewhere.
        const std::string name = attribute == kNoObj ? std::string() : field_name(objs_[attribute].field);
        if (weak_container(attribute) != WeakContainer::None && ev.kind != EventKind::WeakKeyHeldByValue)
          continue;
        out.registry_cleared = program_.class_attribute_has_removal(g.cls, name);
        out.base_is_class_attribute = true;
        project_registry = true;
      } else if (g.module_index >= 0) {
        project_registry = true;
        // WeakSet & co.: no retention, unless a value refers to its key.
        if (weak_container(root) != WeakContainer::None && ev.kind != EventKind::WeakKeyHeldByValue) continue;
        out.registry_cleared = program_.global_has_removal(g.module_index, g.name);
        out.base_is_context_variable =
            root == ev.base &&
            program_.global_call_qualified(g.module_index, g.name) == "contextvars.ContextVar";
        out.base_is_default_instance = is_default_instance_name(g.name.str());
      } else if (g.name.str() == kProcessRoots) {
        // One slot (signal.signal, sys.settrace): the next registration replaces this one.
        out.registry_cleared = true;
        out.base_is_process_slot = true;
      } else if (g.name.str() == kProcessRegistry) {
        project_registry = true;
        out.base_is_process_registry = true;
      }
    }
    if (ev.base != kNoObj) {
      out.base_site = objs_[ev.base].site.to_ref();
      // `self`, or state reached from it that was there before the call (not a list made here).
      out.base_is_receiver_state = objs_[field_root(ev.base)].receiver;
      out.accumulator_backpropagated |= objs_[ev.base].backpropagated;
      if (out.base_is_receiver_state && ev.kind == EventKind::Accumulate && !ev.under_no_grad)
        out.accumulates_per_forward = kept_by_forward(ev.base, ev.attribute);
    }
    // `x = d * x + (1 - d) * p` into state that outlives the call (see
    // RetentionEvent::value_from_parameters); on `self`, only state no method starts again (`self.norm = 0`
    // before a loop that sums into it keeps one call's values, not every call's).
    const bool averages_parameters =
        ev.kind == EventKind::Accumulate && ev.augmented &&
        (out.base_is_global || (out.base_is_receiver_state && !state_restarted(ev.base, ev.attribute)));
    out.value_is_frame_like = holds_frame_like(ev.values);
    for (ObjId v : ev.values) {
      const Obj& o = objs_[v];
      if (out.value_label.empty()) out.value_label = node_label(v);
      out.value_is_receiver |= o.receiver;
      out.value_is_module |= o.module;
      // An instance's fields, or a closure's cells (`def show(...): print(model)`), holding a module, or
      // holding something that does (the `*args` tuple a wrapper's closure reads).
      if (ev.kind == EventKind::StoreIntoGlobal && !o.module &&
          (o.kind == ObjKind::Instance || o.kind == ObjKind::Closure))
        out.value_holds_module |= holds_module(v, o.kind == ObjKind::Closure ? 3 : 2);  // a cell is a hop
      // Registries of the project and a library's that keeps every registration (atexit), and one slot
      // (signal.signal, sys.settrace: reported apart, as the last instance only is kept).
      out.value_holds_receiver |= (project_registry || out.base_is_process_slot) &&
                                  callable_holds_receiver(v, out.base_is_process_registry);
      if (o.kind == ObjKind::Container) {
        auto it = st_.fields.find(field_key(v, elements_field()));
        if (it != st_.fields.end()) {
          for (ObjId e : it->second) {
            // `history.append({"loss": loss, "step": step})`, `pairs.append((step, loss))`: the record
            // keeps the loss, and so its graph, as much as appending the loss itself would.
            if (is_graph(e)) {
              out.value_carries_graph = true;
              out.value_backpropagated |= was_backpropagated(e);
            }
          }
        }
      }
      out.value_carries_graph |= is_graph(v);
      out.value_from_parameters |=
          averages_parameters && o.kind == ObjKind::Value &&
          any_within_operands(v, 8, true, [](const Obj& op) { return op.parameter; });
      // `total += loss; total.backward()`: the accumulated value itself was back-propagated.
      if (ev.augmented) out.accumulator_backpropagated |= o.backpropagated;
      out.value_backpropagated |= was_backpropagated(v);
    }
    const bool interesting =
        (ev.kind == EventKind::Accumulate && (out.value_carries_graph || out.value_from_parameters) &&
         out.accumulates_across_steps()) ||
        (ev.kind == EventKind::StoreIntoGlobal && out.base_is_global &&
         (out.value_is_receiver || out.value_holds_receiver || out.value_is_frame_like ||
          out.value_is_module || out.value_holds_module || (out.value_carries_graph && !ev.under_no_grad))) ||
        (ev.kind == EventKind::MutableDefaultStore && ev.base != kNoObj && objs_[ev.base].mutable_default) ||
        (ev.kind == EventKind::CachedArgument && (out.value_is_module || out.value_carries_graph)) ||
        (ev.kind == EventKind::WeakKeyHeldByValue && out.base_is_global) ||
        (ev.kind == EventKind::GraphIntoGrad && !ev.under_no_grad);
    if (interesting) solver_.report_event(ref_, std::move(out));
  }
}

// ---- field names ---------------------------------------------------------------------------------

namespace {
struct FieldTable {
  StringInterner names;
  // Interned on first use like any other field: ids follow first use, and findings depend on their order.
  std::optional<FieldId> elements;
  std::optional<FieldId> forward_hooks[kForwardHookKinds];  // set by the first registration of each kind
};
thread_local FieldTable* current_fields = nullptr;
}  // namespace

FieldId intern_field(const std::string& name) { return current_fields->names.intern(name); }

const std::string& field_name(FieldId id) { return current_fields->names.text(id); }

FieldId elements_field() {
  if (!current_fields->elements) current_fields->elements = intern_field("[]");
  return *current_fields->elements;
}

FieldId forward_hooks_field(ForwardHookKind kind) {
  static const char* const kNames[kForwardHookKinds] = {"<forward hooks>", "<forward hooks with kwargs>",
                                                        "<forward pre-hooks>",
                                                        "<forward pre-hooks with kwargs>"};
  std::optional<FieldId>& id = current_fields->forward_hooks[static_cast<size_t>(kind)];
  if (!id) id = intern_field(kNames[static_cast<size_t>(kind)]);
  return *id;
}

std::optional<ForwardHookKind> forward_hooks_kind(FieldId field) {
  for (size_t k = 0; k < kForwardHookKinds; ++k) {
    if (current_fields->forward_hooks[k] == field) return static_cast<ForwardHookKind>(k);
  }
  return std::nullopt;
}

namespace {

// How many independent solvers share the modules. Fixed, not taken from the machine: which callee is
// cut off by recursion depends on where a solver starts, so the findings must not depend on the number
// of cores. Each solver re-analyses the callees it needs from other parts and reports only its own
// modules. Four ranges on two cores balance better than two (one range of the torch tree took a
// quarter longer than the other), and with each finished range freed before the next starts the peak
// holds two quarter-size sets of summaries instead of two halves (386 MB instead of 475 on torch).
constexpr size_t kSolverParts = 4;
// Below this many functions one solver is faster than starting threads and repeating callees.
constexpr size_t kMinFunctionsPerPart = 2000;
// Past four ranges, one per this many lines: a thread holds one range's summaries at a time, so memory
// follows the size of a range, not of the project (all of a Debian dist-packages, 2.25M lines, peaks at
// 2.0 GB instead of 2.7 GB in about the same time), and more cores find ranges to take.
constexpr size_t kLinesPerPart = 100000;

// Contiguous module ranges with about the same number of lines each: modules next to each other call
// each other most, and lines were as good a guess at the cost as counting statements or calls.
std::vector<std::pair<size_t, size_t>> partition_modules(const Program& program, size_t requested_parts) {
  const size_t modules = program.modules().size();
  size_t functions = 0, lines = 0;
  for (size_t m = 0; m < modules; ++m) {
    functions += program.module(static_cast<int32_t>(m)).functions.size();
    lines += program.module(static_cast<int32_t>(m)).line_count;
  }
  const size_t wanted =
      requested_parts != 0
          ? requested_parts
          : std::max(std::min(kSolverParts, functions / kMinFunctionsPerPart), lines / kLinesPerPart);
  const size_t parts = std::clamp<size_t>(wanted, 1, std::max<size_t>(1, modules));
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t begin = 0, seen = 0;
  for (size_t m = 0; m < modules && ranges.size() + 1 < parts; ++m) {
    seen += program.module(static_cast<int32_t>(m)).line_count;
    if (seen * parts >= lines * (ranges.size() + 1)) {
      ranges.emplace_back(begin, m + 1);
      begin = m + 1;
    }
  }
  ranges.emplace_back(begin, modules);
  return ranges;
}

// The objects a cycle goes through and the fields that link them, in a canonical order. A slot's index is
// left out ("[2]" and "[]" are one field here: each part numbers fields in its own order), a name is kept
// (`self._prev = self` and `self._next = self` are two cycles through one object).
std::string object_signature(const CycleWitness& witness) {
  std::vector<std::string> parts;
  for (const WitnessNode& node : witness.nodes) {
    parts.push_back(std::to_string(node.site.module) + ":" + std::to_string(node.site.site.line) + ":" +
                    std::to_string(node.site.site.column) + ":" + node.label);
  }
  for (const WitnessEdge& edge : witness.edges) {
    const size_t slot = edge.field.find('[');
    parts.push_back("->" + (slot == std::string::npos ? edge.field : edge.field.substr(0, slot) + "[]"));
  }
  std::sort(parts.begin(), parts.end());
  std::string signature;
  for (const std::string& part : parts) signature += part + "|";
  return signature;
}

size_t chain_length(const CycleWitness& witness) {
  size_t length = 0;
  for (const WitnessEdge& edge : witness.edges) length += edge.chain.size();
  return length;
}

// Solves one range. The solver is handed back so that the caller decides when its summaries go.
std::shared_ptr<Solver> solve_part(const Program& program, const LibraryModels& models, bool include_possible,
                                   std::pair<size_t, size_t> range, Solver::Output& out) {
  FieldTable table;
  FieldTable* saved = current_fields;
  current_fields = &table;
  intern_field("");  // id 0: no field
  const auto started = std::chrono::steady_clock::now();
  auto solver = std::make_shared<Solver>(program, models, include_possible, range.first, range.second);
  {
    const TextPoolScope texts(solver->texts());
    out = solver->run();
  }
  if (std::getenv("CYCLECHECK_DEBUG_TIMES") != nullptr) {
    std::fprintf(stderr, "[times] solver on modules %zu-%zu: %zu functions analysed in %.3f s\n", range.first,
                 range.second, out.result.functions_analyzed,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  current_fields = saved;
  return solver;
}

}  // namespace

SolveResult solve(const Program& program, const LibraryModels& models, bool include_possible, size_t parts,
                  bool free_state) {
  const auto ranges = partition_modules(program, parts);
  std::vector<Solver::Output> outputs(ranges.size());
  std::atomic<size_t> next{0};
  const size_t thread_count =
      std::min<size_t>(ranges.size(), std::max(1u, std::thread::hardware_concurrency()));
  BusyAnalysisThreads busy(thread_count);
  auto worker = [&] {
    // A thread that goes on to another range frees the summaries of the last one first, so the next
    // range reuses their memory: only one range per thread is alive at a time. The last range's
    // summaries stay until exit unless the caller asks for them to be freed.
    std::shared_ptr<Solver> previous;
    for (size_t i = next++; i < ranges.size(); i = next++) {
      previous.reset();
      previous = solve_part(program, models, include_possible, ranges[i], outputs[i]);
    }
    if (!free_state && previous) retain_until_exit(std::move(previous));
    previous.reset();
    busy.leave();  // its core is free for background work while the other ranges finish
  };
  std::vector<std::thread> threads;
  for (size_t t = 1; t < thread_count; ++t) threads.emplace_back(worker);
  worker();
  for (auto& thread : threads) thread.join();

  // Merge. A cycle seen from two parts (in a callee, and again through it in a caller) is kept once:
  // it is recognised by the sites of its innermost edges (the solver's own key) or, across parts, by
  // its objects (each part numbers fields in its own order, so equivalent edges may be named "[0]" or
  // "[]"; within one part, two cycles through the same objects are two stores to fix). Of two reports
  // the proven one wins, then the innermost (shortest call chains), as when one solver sees both.
  SolveResult result;
  std::vector<size_t> origin;  // the part each kept cycle came from
  std::unordered_map<std::string, size_t> by_key;
  std::unordered_map<std::string, std::vector<size_t>> by_objects;
  for (size_t p = 0; p < outputs.size(); ++p) {
    auto& part = outputs[p];
    result.functions_analyzed += part.result.functions_analyzed;
    for (size_t c = 0; c < part.result.cycles.size(); ++c) {
      CycleWitness& witness = part.result.cycles[c];
      std::optional<size_t> existing;
      if (auto it = by_key.find(part.cycle_keys[c]); it != by_key.end()) existing = it->second;
      std::vector<size_t>& same_objects = by_objects[object_signature(witness)];
      for (size_t index : same_objects) {
        if (!existing && origin[index] != p) existing = index;
      }
      if (!existing) {
        const size_t index = result.cycles.size();
        by_key.emplace(std::move(part.cycle_keys[c]), index);
        same_objects.push_back(index);
        origin.push_back(p);
        result.cycles.push_back(std::move(witness));
        continue;
      }
      by_key.emplace(std::move(part.cycle_keys[c]), *existing);
      CycleWitness& kept = result.cycles[*existing];
      if (std::make_pair(!witness.must, chain_length(witness)) <
          std::make_pair(!kept.must, chain_length(kept))) {
        kept = std::move(witness);
      }
    }
    std::move(part.result.events.begin(), part.result.events.end(), std::back_inserter(result.events));
    result.calls.insert(result.calls.end(), part.result.calls.begin(), part.result.calls.end());
    std::move(part.result.names_called_under_no_grad.begin(), part.result.names_called_under_no_grad.end(),
              std::back_inserter(result.names_called_under_no_grad));
  }
  sort_unique(result.calls);
  sort_unique(result.names_called_under_no_grad);
  if (!include_possible) {
    result.cycles.erase(std::remove_if(result.cycles.begin(), result.cycles.end(),
                                       [](const CycleWitness& w) { return !w.must; }),
                        result.cycles.end());
  }
  return result;
}

}  // namespace cyclecheck
