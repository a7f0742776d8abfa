// Internal to the solver: the declarations its files share (analyzer/solver.cpp and
// analyzer/solver_*.cpp). Nothing else includes this header; the public interface is analyzer/solver.hpp.
// Context is one function's abstract execution, whose exit state is the function's summary; its members
// are defined by topic in solver_heap.cpp (objects, loads, stores, names), solver_eval.cpp (expressions),
// solver_calls.cpp, solver_library_calls.cpp and solver_summary_apply.cpp (calls), solver_statements.cpp
// (statements), solver_summary.cpp (the run and its summary) and solver_report.cpp (cycles and events).
// Solver keeps the summaries of one range of modules; solver.cpp solves the ranges and merges them.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analyzer/carried_state.hpp"
#include "analyzer/early_exit.hpp"
#include "analyzer/heap.hpp"
#include "analyzer/solver.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

template <typename T>
void sort_unique(std::vector<T>& items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
}

// ---------------------------------------------------------------------------------------------------
// One function's abstract execution. Its exit state doubles as the function's summary.
// ---------------------------------------------------------------------------------------------------
class Solver;

// A function whose abstract heap grows past this stops applying callee summaries (generated code).
constexpr size_t kMaxObjects = 20000;
// Loops nested deeper than this inside others run their body once only: each level's second turn runs
// the levels inside it again.
constexpr int kMaxLoopTurnsDepth = 3;
// Nor do loop bodies longer than this (an interpreter's dispatch loop): the loops that link what one turn
// made to the next turn's objects are short, and a second turn costs as much as the first.
constexpr size_t kMaxSecondTurnStatements = 40;
// A store that may write many objects into many bases: its edges cannot prove a must-cycle.
constexpr size_t kMaxEdgeFanout = 16;
// A store into more bases than this leaves its edges uncertain (see EdgeInfo::base_group).
constexpr size_t kMaxBaseGroup = 8;
// Summaries with more objects than this are not applied at call sites.
constexpr size_t kMaxSummaryObjects = 200;
// The field of an object that keeps what `obj.connect(f)` or `obj.add_done_callback(f)` registers:
// "connect() callbacks[]".
constexpr std::string_view kRegisteredSuffix = "() callbacks[]";
// What atexit.register and the like keep: every registration, until an unregister call in the module.
const std::string kProcessRegistry = "<process registry>";
// What signal.signal and the like keep: one handler, replaced by the next registration.
const std::string kProcessRoots = "<process roots>";
// The decorator `@f.register(cls)` makes on a functools.singledispatch function `f`.
const std::string kDispatchRegisterDecorator = "functools.singledispatch register decorator";
// What a caches_calls model makes (`functools.lru_cache(maxsize=64)(fn)`): see LibraryModels::caches_calls.
const std::string kCachingWrapper = "functools._lru_cache_wrapper";

// The calls Python makes without their being written (see Solver::implicit_method_call).
enum class ImplicitCall : uint8_t { Enter, Exit, DescriptorGet, DescriptorSet };

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
  // What a generator function yields (`yield Attempt(state)`): the elements a loop over a call of it takes.
  ValueSet yielded_;
  // Set by instantiate: the callee's yielded values mapped here (see generator()).
  ValueSet instantiated_yields_;
  // Parameters returned unchanged by an early guard (`if not training or p == 0: return x`) before the
  // function returns something else: the disabled path, see guard_returned_params().
  std::vector<uint32_t> guard_returned_params_;
  // Values a call here may give back only through such a guard, next to what it makes: a field that holds
  // one of them and a value in a cycle is taken to hold the cycle's value (see edge_is_must).
  ValueSet passed_through_;
  std::vector<Event> events_;
  // `weakref.finalize(obj, callback, ...)` calls made here with a project function as the callback.
  struct Finalizer {
    ValueSet referents;
    CodeRef callback;
  };
  std::vector<Finalizer> finalizers_;
  // Marks the store events whose values hold a finalizer's object (see Event::dead_finalizers).
  void note_dead_finalizers();
  std::vector<ObjId> params_;
  ObjId func_self_ = kNoObj;
  ObjId frame_ = kNoObj;
  bool uses_frame_ = false;  // currentframe()/exception handlers: frame locals become edges at exit
  // The frame is reached otherwise than through an `except` handler's traceback (currentframe(), a with
  // block's __exit__, a tracer): every local it has at exit counts.
  bool frame_beyond_handlers_ = false;
  // Whether this function, or the class whose method it is, calls `<handle>.remove()`: a hook registered here
  // whose handle is kept is then taken to be removed on purpose. Found on first need: most functions
  // register nothing.
  bool removes_handles();
  std::optional<bool> removes_handles_;
  // The line of a removal that does not count, being skipped when an exception comes in at a yield before
  // it (see handle_removal); 0 when none. Known once removes_handles() has run.
  uint32_t removal_skipped_line_ = 0;
  bool removal_skipped_in_exit_ = false;  // that removal is in an `__exit__`, not after a `yield`
  // `note` for a hook registered here, telling of such a skipped removal when there is one and the
  // registration's handle is kept.
  std::string registration_note(std::string note, bool handle_kept);
  // Whether `id` was made by a call to one of the library `functions` (qualified names, or "pkg.*" for any
  // name under pkg): the call's result here, or what a module-level variable assigned once from one holds.
  bool made_by(ObjId id, const std::vector<std::string>& functions) const;
  // The qualified name of the library function whose call made `id` (see made_by); "" when not known.
  std::string maker(ObjId id) const;
  // The project class a parameter annotation names, as seen from this function's module, when its instances
  // can be followed (see followable_project_class); invalid otherwise.
  CodeRef annotated_project_class(const std::string& dotted) const;
  bool makes_builtin_container_subclass(const Expr& value) const;
  // Whether the annotation `dotted` names a module class of torch.nn (`nn.Embedding`), not a Parameter.
  bool names_torch_module_class(const std::string& dotted) const;
  // See solver_statements.cpp: forward marks its input `name` dirty.
  bool marked_dirty(const std::string& name) const;
  // The names a custom Function's forward passes to `ctx.<method>(...)` (mark_dirty,
  // mark_non_differentiable).
  std::vector<std::string> names_marked_on_ctx(std::string_view method) const;
  // `left <op> right` where every object `left` may be is an instance of a project class defining `method`:
  // what those methods return; nullopt otherwise.
  std::optional<ValueSet> call_operator_method(const char* method, const ValueSet& left,
                                               const ValueSet& right, const Expr& e);
  // A callee's accumulation into a local it starts again on every call (see the definition).
  static bool restarts_per_call(const Context& callee, const Event& ev);
  // Whether `function` calls `name.remove()` on a variable of an enclosing function (a one-shot hook).
  static bool calls_remove_on(const Function& function, const std::string& name);
  static std::vector<std::string> names_passed_to_ctx(const Function& f, std::string_view method);
  static bool returns_name(const Function& f, const std::string& name);
  // backward's `ctx.saved_tensors` as the outputs forward saved (see the definition).
  void seed_saved_outputs(ObjId ctx);
  // `instance.<attr>` for a property or cached_property `getter` of its class: the getter's result, stored on
  // the instance by a cached_property.
  ValueSet read_property(ObjId instance, CodeRef getter, MethodKind kind, const std::string& attr,
                         const Expr& node);
  // A torch.optim optimizer made by the library (not a scheduler): it keeps the parameters and their state.
  bool is_optimizer(ObjId id) const {
    return objs_[id].kind == ObjKind::LibInstance && is_torch_optimizer_class(objs_[id].qualified.str());
  }

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

  // Running a function submitted to a thread pool (Context::submit_to_thread_pool), or replaying a call
  // deferred there: the worker thread's grad mode is its own.
  int worker_thread_depth_ = 0;
  // Calls of an nn.Sequential running the project's modules it holds (see call()), nested this deep.
  int sequential_depth_ = 0;
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
    bool in_loop = false;                          // made in a loop of the callee: it runs many times
    // Made in a function a thread pool runs (see worker_thread_depth_): autograd is on there whatever the
    // mode of the code that replays it.
    bool on_worker_thread = false;
    // `getattr(receiver, name)(...)` with `name` this parameter of the callee (by index): the method its
    // caller's argument names (`self._call_hooks("on_fit_start")`); -1 for a method named in `method`.
    int32_t name_param = -1;
    // The library model of `method` was applied where the call was made (`self.tracker.update(loss)` as a
    // dict's update): a caller runs it only for a receiver whose class defines the method, and defers it
    // again for one it does not know either.
    bool project_methods_only = false;
    // `matrix.per_class` read on a parameter whose class is not known here, some project class having a
    // cached_property of that name: a caller that knows the class reads the property (runs its getter).
    bool property_read = false;
  };
  std::vector<DeferredCall> deferred_;
  // `fn = getattr(cb, hook, None)` with `hook` a parameter: the stand-in for that method, the objects it
  // was read from and the parameter (by index). Calling it is deferred as `getattr(cb, hook)(...)` is.
  struct MethodNamedByParameter {
    ValueSet receivers;
    int32_t param = -1;
  };
  std::unordered_map<ObjId, MethodNamedByParameter> methods_named_by_parameter_;
  // The parameter of this function named `variable` (not *args or **kwargs), by index; -1 for none.
  int32_t name_parameter(const std::string& variable) const {
    if (!is_local(variable) || is_cell_var(variable)) return -1;
    for (size_t i = 0; i < fn_.params.size(); ++i) {
      if (fn_.params[i].name == variable && fn_.params[i].kind != ParamKind::VarArgs &&
          fn_.params[i].kind != ParamKind::VarKeywords)
        return static_cast<int32_t>(i);
    }
    return -1;
  }
  // Set by invoke for the instantiate it calls: whether the callee's first parameter was bound to a receiver.
  bool receiver_bound_ = false;
  // While a callee's deferred call is resolved here: the function that makes it (for call edges).
  CodeRef deferred_caller_;
  // While a callee's deferred call is resolved here: the call of that callee here. The unknown results of
  // what the deferred call runs are one object per call here (`model(train_x)` and, under no_grad,
  // `model(val_x)`, running the callee's `self.out(h)`), as what the callee itself makes is.
  const void* replayed_call_site_ = nullptr;
  // While a callee's deferred call is resolved here: that callee's frame, when it has one (a caller's frame
  // that the resolved call asks for, `sys._getframe(1)` in an `__enter__`, is that one, not this function's).
  ObjId deferred_caller_frame_ = kNoObj;
  // This function's frame stays in its summary for the deferred calls that may ask for it (see
  // enter_contexts).
  bool frame_kept_for_deferred_ = false;
  bool same_identity_store_ = false;
  // Root variables of the base and the value of the store being executed ("parent" for parent.children),
  // "" when unknown: a summary object linked to itself through two different variables is two objects.
  std::string store_base_root_, store_value_root_;
  const Expr* assigned_value_ = nullptr;  // the right-hand side of the assignment being executed  // `x.f =
                                          // x`: base and value are the same variable
  // The assignment whose right-hand side is being evaluated (`self._handle = m.register_forward_hook(h)`).
  const Stmt* evaluating_assignment_ = nullptr;
  int32_t site_module_override_ = -1;  // sites of a callee's deferred call belong to the callee's module
  std::vector<const Context*> instantiating_;  // summaries being applied here: recursion stops at a repeat
  // Decorated functions whose wrapper is being applied here: the wrapper's own call of the function runs it.
  std::vector<CodeRef> unwrapping_;
  // The `*args` tuples calls here made, each with the positional arguments it packed in order: a wrapper's
  // `fn(*args)` hands them on one by one, not every argument to every parameter.
  // Null once two calls at one site packed different numbers of them (or a `*` of unknown length).
  std::unordered_map<ObjId, std::optional<std::vector<ValueSet>>> packed_arguments_;

  // The instance whose `__init__` construct() is running: its writes are strong (see instantiate).
  ObjId constructing_ = kNoObj;
  int loop_depth_ = 0;
  // Custom autograd Functions' forwards being run (each counted in no_grad_depth_ too).
  int function_forward_depth_ = 0;
  std::vector<const Stmt*> loops_;  // the `for` and `while` statements being executed, innermost last
  // For each of loops_, the first object made after it started: those before were there before the loop.
  std::vector<ObjId> loop_first_obj_;
  // For each of loops_: the state it started in, and the local names and fields (by field_key) its body
  // read while they still held what they held then. Only through these can one turn hand the next the
  // objects it made (`prev.next = node; node.prev = prev` after `prev = node` on the turn before).
  struct LoopEntry {
    const HeapState* before = nullptr;
    ObjId first_obj = kNoObj;
    std::vector<std::string> names;
    std::vector<uint64_t> fields;
  };
  std::vector<LoopEntry> loop_entries_;
  int later_turns_ = 0;  // loops running their second turn
  void note_loop_read(const std::string& name, const ValueSet& values);
  void note_loop_read(uint64_t key, const ValueSet* values);
  // Whether the turn just run left, in something the body read as it was before, an object it made that
  // can link back (an instance of the project, a container, a closure, a bound method, a partial): the
  // next turn would store it where this one could not.
  bool turn_carries_objects(const LoopEntry& entry) const;
  // The right-hand sides of the stores that link every element of a list to one of the same list, in the
  // loops being executed (see note_ring_stores and EdgeInfo::closes_ring).
  std::vector<const Expr*> ring_closing_values_;
  // For a loop `for a, b in zip(xs, xs[k:] + xs[:k])` (either order), whose body has no break or continue:
  // adds to ring_closing_values_ the stores `a.f = b` (or `b.f = a`) its body makes on every turn. Returns
  // how many it added.
  size_t note_ring_stores(const Stmt& loop);
  // `d.update(loss=loss)`, or `self.postfix.update(values)` with `values` this function's `**` parameter:
  // the keys are keyword names written at the call sites, the same on every turn, so the entries are
  // replaced, not added.
  bool updates_keyword_keys(const Expr& call) const;
  // For a loop `for x in xs:` that always runs its whole body: the stores of one element of `xs` into `x`
  // (`x.next = xs[(i + 1) % n]`, `x.peers.append(xs[k])`) its body makes on every turn, in it or in loops
  // nested in it. Every element then links to one of the list, and a finite set of objects each linking to
  // one of the set always holds a ring.
  size_t note_element_ring_stores(const Stmt& loop);
  // The argument expression a library call's model stores (`xs[k]` in `x.peers.append(xs[k])`), while that
  // store runs: a ring-closing value as assigned_value_ is for assignments.
  const Expr* stored_argument_ = nullptr;
  // `raise STOP_TRAINING` of an exception instance a module-level variable holds (made by a call at import):
  // raising it sets its `__traceback__`, which keeps this frame, and the callers' up to the handler, for as
  // long as the variable (a StoreIntoGlobal event).
  void keep_traceback_on_module_level_exception(const ValueSet& raised, const Stmt& statement);
  std::vector<ValueSet> loop_elements_;  // parallel to loops_: what a `for` iterates (none for `while`)
  // Whether `elements` (what a `for` iterates) include a module's parameters or modules, or pairs of them.
  bool any_model_part(const ValueSet& elements) const;
  // A generator a `for` loop without `break` or `return` runs to its end lets go of its frame (see the
  // definition).
  void finish_exhausted_generators(const Stmt& loop, const ValueSet& iterable);
  // A tensor's attribute holding a view of it or a value whose graph ends in it (see the definition).
  void link_values_back_to_tensor(const ValueSet& bases, const ValueSet& values, const Site& site);
  // Whether `value` is a view of `tensor`, or a view of a view of it.
  bool is_view_of(ObjId value, ObjId tensor) const;
  // Whether one of `values`, or an element of one, carries an autograd graph.
  bool holds_graph(const ValueSet& values) const;
  // Whether `e` reads a name the `for` statement `loop` binds.
  bool names_loop_target(const Expr& e, const Stmt& loop) const;
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
  // `choice`: the binding of the variable the raised value was read from (see choice_of), 0 when none.
  void raise_chained(const ValueSet& raised, const Site& site, uint32_t choice);
  void note_raised(const ValueSet& raised);
  // `err.with_traceback(tb)`: the exception without its own traceback (tb is None, or taken to be another
  // frame's), still keeping its `__context__`.
  ValueSet without_traceback(const ValueSet& receivers, const Expr& node);
  // Whether `except <type>` catches `raised`: a bare `except`, `Exception` and `BaseException` catch all;
  // otherwise one of the names must be the raised object's class or one of its bases (library exception
  // hierarchies are not known: `except OSError` is not taken to catch a ConnectionError).
  bool handler_catches(const Expr& type, ObjId raised) const;

  // ---- objects ----
  // What a callee read by index from values computed here (`first(x * 2)` returning `verts[0]`): one view
  // computed from them, which has their graph where they have one (they hold no slots to read).
  ValueSet views_of_values(const ValueSet& bases, const Expr& node) {
    ValueSet views;
    for (ObjId b : bases) {
      if (objs_[b].kind != ObjKind::Value) continue;
      const ObjId view = at_site(&node, ObjKind::Value, "view", node.site, 60);
      add_operand(view, b);
      views.insert(view);
    }
    return views;
  }
  // `value` was computed from `operand` (a few dozen at most: values built in a loop have many).
  void add_operand(ObjId value, ObjId operand) {
    auto& operands = objs_[value].operands;
    if (operands.size() < 16 && std::find(operands.begin(), operands.end(), operand) == operands.end())
      operands.push_back(operand);
  }
  ObjId add(Obj obj) {
    if (worker_thread_depth_ > 0) obj.worker_made = true;
    objs_.push_back(std::move(obj));
    return static_cast<ObjId>(objs_.size() - 1);
  }
  int32_t site_module() const { return site_module_override_ >= 0 ? site_module_override_ : ref_.module; }
  SiteNote site_ref(const Site& site, std::string_view note = {}) const {
    return SiteNote{site_module(), site, PooledText(note)};
  }
  // An object this function's code made (an instance, a container, a value...), not a placeholder for
  // what callers give nor a named constant, which are made when first read.
  bool made_here(ObjId id) const {
    const ObjKind k = objs_[id].kind;
    return k >= ObjKind::Instance && k < ObjKind::FunctionConst;
  }
  // Whether `id` is an instance or container made on the current turn of the innermost loop that nothing
  // there before the turn holds (a few steps back, not through what a removed handle held): a cached or
  // registered object is older than it looks.
  bool only_this_turn_holds(ObjId id) const;
  bool is_placeholder(ObjId id) const {
    const ObjKind k = objs_[id].kind;
    return k == ObjKind::Param || k == ObjKind::Field || k == ObjKind::FuncSelf ||
           (k == ObjKind::Global && !objs_[id].cls.valid());
  }
  void defer(ObjId receiver, ObjId callee, const std::string& method, const std::vector<Arg>& args,
             const Expr& node, ObjId result, bool result_used, int32_t name_param = -1) {
    if (deferred_.size() >= 128) return;
    DeferredCall d;
    d.name_param = name_param;
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
    d.in_loop = loop_depth_ > 0;
    d.on_worker_thread = worker_thread_depth_ > 0;
    deferred_.push_back(std::move(d));
  }
  // What a call deferred here returns (`out = draft(x)` for a parameter `draft`): a caller that knows the
  // callee may find it a tensor with a graph, and so what is computed from it here.
  bool is_deferred_result(ObjId id) const {
    return std::any_of(deferred_.begin(), deferred_.end(),
                       [id](const DeferredCall& d) { return d.result == id && !d.property_read; });
  }
  // See DeferredCall::property_read: what the read gives here, the field's earlier content.
  ValueSet defer_property_read(ObjId receiver, const std::string& attr, const Expr& node) {
    const ValueSet value = load_one(receiver, intern_field(attr), node.site);
    const size_t before = deferred_.size();
    if (value.size() == 1) defer(receiver, kNoObj, attr, {}, node, value[0], true);
    if (deferred_.size() > before) deferred_.back().property_read = true;
    return value;
  }
  // A call the library model of `method` was applied to here, made again where a caller knows the receiver
  // to be of a project class defining `method` (see DeferredCall::project_methods_only).
  void defer_project_method(ObjId receiver, const std::string& method, const std::vector<Arg>& args,
                            const Expr& node, bool result_used) {
    const size_t before = deferred_.size();
    defer(receiver, kNoObj, method, args, node, kNoObj, result_used);
    if (deferred_.size() > before) deferred_.back().project_methods_only = true;
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
  // The running frame; `for_handler` when only an exception caught by `except` keeps it (its traceback).
  ObjId frame(bool for_handler = false);
  // `locals()` in a function, or its frame's `f_locals` (`sys._getframe(1).f_locals` read by a callee): in
  // CPython 3.11 one dict per frame, refreshed with every local's current value at each such read.
  ValueSet frame_locals(const Site& site);
  ObjId frame_locals_ = kNoObj;
  // The object made at `node` (with `salt`, one of several made there): the same object each time.
  ObjId at_site(const void* node, ObjKind kind, const std::string& label, const Site& site,
                uint32_t salt = 0);
  // The unknown result of `call`: one object per call of the callee making it where a deferred call is
  // made again (see replayed_call_site_).
  ObjId call_result_at_site(const Expr& call, const std::string& label);
  ObjId at_key(const SiteKey& key, ObjKind kind, const std::string& label, const Site& site);
  // Salts computed from an object id live above the small constant salts, so that an id never makes its
  // object one with another made at the same node (a bound method of `self % 997 == 11` was the ctx, salt 11,
  // of the custom autograd Function applied there).
  static uint32_t bound_method_salt(ObjId self) { return 0x40000000u + self % 997; }
  static uint32_t task_exception_salt(ObjId coroutine) { return 0x50000000u + 2 * (coroutine % 997); }
  // `torch.autograd.grad(outputs, inputs, ...)`: a tuple of gradients, which carry a graph only with a
  // literal `create_graph=True` (or a flag); without it they are plain tensors, whatever graph the outputs
  // had.
  ValueSet gradients_of(const Expr& node);
  // A torch optimizer made from `params`: its param_groups (see the definition).
  void keep_param_groups(ObjId optimizer, const ValueSet& params, const Expr& node);
  // contextvars.copy_context(): a Context holding the values the project's ContextVars are set to now.
  ValueSet copy_of_running_context(const Expr& node);
  bool names_a_class(ObjId id) const;
  // torch.nn.Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict.
  static bool is_torch_module_container(const std::string& qualified);
  void keep_container_modules(ObjId container, const std::string& qualified, const std::vector<Arg>& args,
                              const Expr& node);
  ObjId placeholder(ObjId base, FieldId field, Site site);
  // `self.avg.mul_(0.9).add_(loss)`, `RUNNING.add_(loss)` (`call`, of `method`), with autograd on: the tensor
  // updated is computed from what it was and what is added, as by `self.avg = self.avg * 0.9 + loss`, and
  // gets the graph of a value carrying one; an accumulation like that one (not for a gradient:
  // GraphIntoGrad's).
  void update_in_place(const Expr& call, const std::string& method, const std::vector<Arg>& args);
  // `container.clear()`: its elements and keys are gone (a container made here or one named by a parameter,
  // global or field; not one standing for several).
  void empty_container(ObjId container);
  // One field of it (see HeapState::cleared).
  void empty_field(ObjId container, FieldId field);

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
  // The variable a store's bases or values come from (see EdgeInfo::choice), set around the store.
  uint32_t store_base_choice_ = 0, store_value_choice_ = 0;
  // The store is `obj.name = v` where a project class has a setter `name` (see EdgeInfo::unless_setter).
  bool store_maybe_setter_ = false;
  // Set by keep_defaults: each default is added to what the new function object keeps, none replaces another.
  bool store_adds_ = false;
  // A placeholder for what a caller passes or holds, whose class is not known here.
  bool of_unknown_class(ObjId id) const {
    const Obj& o = objs_[id];
    return !o.cls.valid() &&
           (o.kind == ObjKind::Param || o.kind == ObjKind::Field || o.kind == ObjKind::Global ||
            o.kind == ObjKind::Default || o.kind == ObjKind::Unknown);
  }
  // The bases of each store into one of several objects (see EdgeInfo::base_group).
  std::vector<ValueSet> base_groups_;
  // Nonzero for a plain local variable: its name and where it was last bound, so that a variable bound
  // again between two stores is another choice.
  uint32_t choice_of(const Expr& e) const;
  // For `a if isinstance(x, C) else b` (or issubclass): 0 when every value of `x` is an instance (a class)
  // of the project that passes the test, 1 when none does, -1 when unknown or mixed (both branches).
  int class_test_branch(const Expr& choice);
  uint32_t binding_of(const std::string& name) const;
  // Local variables bound from an expression rooted at another local (`for child in parent.children`,
  // `for name, p in module.named_parameters()`): the source variable and its binding then. A store of the
  // source variable itself into what was reached from it (`child.parent = parent`, not `child.x =
  // parent[k]`) links the very object it came from, even where both stand for many (elements of a list, loop
  // variables over summaries).
  std::unordered_map<std::string, std::pair<std::string, uint32_t>> derived_names_;
  void note_derived_names(const Expr& target, const Expr& value);
  bool derived_from_variable(const std::string& name, const std::string& source) const;
  // Whether the uncertain edges of a cycle (its objects, and the field of each edge) all pick the object of
  // one variable (EdgeInfo::choice): then the cycle holds whichever object that is, and they become sure.
  // Whether the one uncertain edge of `witness` went into one of several bases, each of which the stored
  // value surely reaches again through `labelled` (sure edges within `component`): a cycle whichever
  // base the store took. Marks that edge sure.
  bool every_base_closes(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                         const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                         const std::vector<uint32_t>& component, uint32_t cycle_component,
                         CycleWitness& witness) const;
  bool one_choice(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                  CycleWitness& witness) const;
  // Whether a two-edge cycle's one uncertain edge stores one of several callables into the owner's field
  // (`return self._route_switch` or `return self._route_topk` in a cached property), each of which surely
  // holds the owner back through the same field (`__self__`, a cell): a cycle whichever is stored. Marks
  // that edge sure.
  bool every_value_closes(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                          const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                          CycleWitness& witness) const;
  // A cycle element -> list -> element through a crossed-pair store, made element -> list -> element ->
  // other list -> element through the store that links the other way.
  void extend_to_crossed_pair(std::vector<ObjId>& cycle,
                              const std::vector<std::vector<std::pair<uint32_t, FieldId>>>& labelled,
                              const std::vector<uint32_t>& component, uint32_t cycle_component) const;
  // The edge info of the witness cycle's edge i (cycle[i] -> cycle[i + 1] by fields[i]), or null.
  const EdgeInfo* cycle_edge(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                             size_t i) const;
  // Marks the witness's edges i and j sure when every other edge is, and says whether it did.
  static bool mark_two_sure(CycleWitness& witness, size_t i, size_t j);
  // Two stores linking the objects two variables name both ways (EdgeInfo::pair_base): marks them sure.
  bool crossed_pair(const std::vector<ObjId>& cycle, const std::vector<FieldId>& fields,
                    CycleWitness& witness) const;
  // The element edge `from[] -> to`, recorded as one of several values stored, is one `from` surely has
  // (every element of a display written as one object each). Not a sure edge itself: a cycle through the
  // display names the element's own slot (`[1]`), which is; a copy of every element reads this.
  void surely_holds(ObjId from, FieldId field, ObjId to) {
    auto it = edges_.find(EdgeKey{from, field, to});
    if (it != edges_.end()) it->second.surely_element = true;
  }
  bool edge_wanted(ObjId from, FieldId field, ObjId to, bool must) const {
    auto it = edges_.find(EdgeKey{from, field, to});
    return it == edges_.end() || (must && !it->second.must);
  }
  bool placeholder_capable(ObjId id) const;
  // The container whose element the placeholder `id` stands for (`peers` for `peers[]`, `peers[0]` or
  // `peers[][]`), or kNoObj.
  ObjId element_container(ObjId id) const;
  // Whether the placeholder `element` stands for an element of `container`, or of an element of it.
  bool element_of(ObjId element, ObjId container) const;
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
  // The methods of `module` (this function's when -1).
  bool state_restarted(ObjId base, FieldId attribute, int32_t module = -1) const {
    for (ObjId id = base; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj; id = objs_[id].base) {
      attribute = objs_[id].field;
    }
    return attribute == 0 ||
           program_.attribute_is_reset(module >= 0 ? module : ref_.module, field_name(attribute));
  }
  // The object a field placeholder is read from, through placeholders (`self` for `self.a.b`).
  ObjId field_root(ObjId id) const {
    for (int hops = 0; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj && hops < 16; ++hops) {
      id = objs_[id].base;
    }
    return id;
  }
  // Whether the object holding `attribute`, accumulated (`rm` of `rm.mean = rm.mean + x`, through its
  // fields), was there before the innermost loop started, so that it keeps every iteration's update rather
  // than one. Not a tensor's (`out[sel] = out[sel] + y`), nor in a loop over a model's parts (`for block in
  // self.blocks: self.out = self.out + block(x)`).
  bool accumulator_outlives_loop(ObjId base, FieldId attribute) const {
    if (base == kNoObj || loop_first_obj_.empty() || any_model_part(loop_elements_.back())) return false;
    const ObjId root = field_root(base);
    // A tensor's, or a parameter's `.grad` (`p.grad = p.grad * coeff`: CC207's); or state a method of its
    // class starts again (`self.merged = 0` before summing into it).
    if (objs_[base].tensor || objs_[root].tensor || field_name(attribute) == "grad" ||
        state_restarted(base, attribute, objs_[root].cls.valid() ? objs_[root].cls.module : -1))
      return false;
    const ObjKind kind = objs_[root].kind;
    return kind == ObjKind::Param || kind == ObjKind::FuncSelf || kind == ObjKind::Global ||
           kind == ObjKind::Field || kind == ObjKind::Default || root < loop_first_obj_.back();
  }
  // A placeholder under an attribute of its root (`self.pending[]`) whose every store in the root's class
  // sets a plain container (see Program::attribute_is_plain_container).
  bool in_plain_container_attribute(ObjId id) const {
    ObjId attribute = kNoObj;
    for (int hops = 0; objs_[id].kind == ObjKind::Field && objs_[id].base != kNoObj && hops < 16; ++hops) {
      attribute = id;
      id = objs_[id].base;
    }
    return attribute != kNoObj && attribute != id &&
           program_.attribute_is_plain_container(objs_[id].cls, field_name(objs_[attribute].field));
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
  // `DataLoader(ds, **kwargs)` with `kwargs` a dict made here (a display, or `kwargs["worker_init_fn"] =
  // fn`): what it holds under a literal key is passed by that name, as the call receives it, so that a model
  // or a callee sees `worker_init_fn=fn` rather than one of the dict's values. The `**` argument stays for
  // what the dict may hold under other keys.
  void expand_keyword_dicts(std::vector<Arg>& args);
  ValueSet eval_attribute(const ValueSet& bases, const std::string& attr, const Expr& node);
  // Methods whose names match `prefix*suffix`, bound to the instances among `bases` (getattr with a built
  // name).
  ValueSet eval_attribute_pattern(const ValueSet& bases, const std::string& pattern, const Expr& node);
  // `(self,) + args`, `a + b` of lists: `operands` are what e's children evaluated to.
  ValueSet eval_sequence_operator(const Expr& e, const std::vector<ValueSet>& operands);
  // A list or tuple made here (a display, a slice, a concatenation), which `+` concatenates.
  bool is_sequence(ObjId id) const;
  // An instance of a known project class: made here, or a parameter or attribute whose class is known.
  static bool is_class_instance(const Obj& o);
  // Whether `receiver.method(...)` runs a method of the receiver's project class: the class defines it and
  // the object holds no attribute of that name in front of it.
  bool runs_project_method(ObjId receiver, const std::string& method) const {
    const CodeRef cls = objs_[receiver].cls;
    return cls.valid() && program_.find_method(cls, method).valid() &&
           st_.fields.find(field_key(receiver, intern_field(method))) == st_.fields.end();
  }
  bool rewraps_by_name(const Expr& read) const;
  ValueSet method_read_by_name(ObjId base, const Expr& node);
  ValueSet eval_dynamic_attribute(const ValueSet& bases, const Expr& node);
  ObjId autograd_apply(CodeRef cls, const Expr& node);
  void keep_endless_thread_target(const std::vector<Arg>& args, const Expr& node);
  // `worker.start()` of a project Thread subclass whose run() never ends (see the definition).
  void keep_endless_thread(const ValueSet& receivers, const Expr& node);
  // A callee's read of `field` on what is `base` here, when base is an instance of a project class with an
  // instance method of that name and no attribute of it: the bound method (one per call `node`, object and
  // method, made where the callee read it: `read`, reached through `call`); kNoObj otherwise.
  ObjId mapped_bound_method(ObjId base, FieldId field, const Expr& node, const SiteNote& call,
                            const SiteNote& read);
  // `with item as target:` calls `__enter__` of the context managers among `values` that are project objects
  // (or whose class a caller may know) and gives what `as` binds; `managers` gets them, for exit_contexts.
  ValueSet enter_contexts(const ValueSet& values, const Expr& item, ValueSet& managers);
  void exit_contexts(const ValueSet& managers, const Expr& item);
  // `pool.submit(fn, *args)` on a ThreadPoolExecutor: a Future holding what fn returns, computed on a worker
  // thread (see the definition).
  ValueSet submit_to_thread_pool(const std::vector<Arg>& args, const Expr& node);
  static inline const std::vector<std::string> kThreadPools{"concurrent.futures.ThreadPoolExecutor",
                                                            "concurrent.futures.thread.ThreadPoolExecutor"};
  static constexpr const char* kFuture = "concurrent.futures.Future";
  // `model.apply(fn)`: fn called on each module `modules` hold (fields, and elements of containers they
  // hold, a few levels down) and on the modules themselves, one call per module.
  void apply_to_submodules(const ValueSet& modules, const ValueSet& functions, const Expr& node);
  // `asyncio.create_task(coro)`, `ensure_future`, `loop.create_task`, `TaskGroup.create_task`: a task that,
  // once the coroutine is done, keeps the exception it ended with (see run_as_task's definition).
  ValueSet run_as_task(const std::vector<Arg>& args, const Expr& node);
  // What `signature.bind(*args)` makes: an inspect.BoundArguments whose `.arguments` dict holds the
  // arguments.
  ValueSet bound_arguments(const std::vector<Arg>& args, const Expr& node);
  static bool is_context_decorator(const ClassInfo& info);
  ValueSet context_decorator_wrapper(ObjId decorator, const ValueSet& function, const Expr& node);
  // `type(name, bases, namespace)` in a function: a class made on every call. A class refers to itself (its
  // __mro__ starts with it, its methods' descriptors point back), so once dropped it is cyclic garbage. Not
  // in the module body (made once) nor where the function returns the class (a class factory or decorator,
  // whose caller keeps it).
  ValueSet class_made_at_run_time(const std::vector<Arg>& args, const Expr& node);
  // `parametrize.register_parametrization(module, "weight", p)` (torch 1.13): the module's class is swapped
  // for a class made for it, whose injected property's getter closes over the module (module -> __class__
  // -> property -> module), and `module.parametrizations` keeps `p`. Not modelled where the project calls
  // remove_parametrizations, which puts the original class back.
  void parametrize(const std::vector<Arg>& args, const Expr& node);
  // Some statement of `f` (not in a nested function) raises an exception: `raise E(...)`, not a bare `raise`.
  static bool raises_directly(const Function& f);
  static bool makes_task(const std::string& qualified_or_method);
  // `log.warning(...)` and the other logging methods: logging passes a record to the logger's handlers.
  static bool is_logging_method(const std::string& method);
  void emit_log_record(const ValueSet& loggers, const std::string& method, const std::vector<Arg>& args,
                       const Expr& node);
  // sys.setprofile, sys.settrace and threading's: the interpreter calls the function they install.
  static bool is_trace_installer(const std::string& qualified);
  // Runs the trace function `sys.setprofile(fn)` installs as the interpreter will, with the frame of a call
  // made while it is installed (see the definition).
  void run_trace_function(const std::vector<Arg>& args, const Expr& node);
  void fill_with_default(const ValueSet& dicts, const std::vector<Arg>& args, const Expr& node);
  void assign(const Expr& target, const ValueSet& values, const Site& site);
  // `obj.name = value`; `runs_setattr` false for a write into `obj.__dict__`, which no `__setattr__` sees.
  void assign_attribute(const Expr& target, const ValueSet& values, const Site& site, bool runs_setattr);
  void run_setattr_overrides(const ValueSet& bases, const Expr& target, const ValueSet& values);
  // Some class of the project runs code for a store: a data descriptor's `__set__` or a property setter.
  bool runs_setters() const { return program_.has_descriptors() || program_.has_property_setters(); }
  // `obj.lr = v` where the class holds a data descriptor `lr`: runs `__set__(descriptor, obj, v)` instead
  // of the store, and gives the bases that store as usual. A property with a setter runs the setter.
  // `setattr(obj, name, v)` with a computed name may reach any data descriptor of the class: each one's
  // `__set__` runs, and every base stores too.
  ValueSet run_descriptor_setters(const ValueSet& bases, const Expr& target, const ValueSet& values);
  // The same for attribute `name`, the setters' calls made at `anchor` (a callee's store applied at a call).
  ValueSet run_descriptor_setters(const ValueSet& bases, const std::string& name, const Site& site,
                                  const ValueSet& values, const Expr& anchor);
  // The object the class body holds as descriptor `d` (named `attribute`): what `d.owner.<attribute>` is.
  ValueSet descriptor_object(const Program::Descriptor& d, const std::string& attribute, const Site& site);
  bool applying_setattr_override_ = false;  // the next summary applied is a __setattr__ run for a store
  void exec_block(const std::vector<Stmt>& body);
  void exec(const Stmt& s);
  void exec_try(const Stmt& s);

  // ---- calls ----
  ValueSet call(const ValueSet& callees, const std::vector<Arg>& args, const Expr& node, bool result_used);
  ValueSet reduce(const std::vector<Arg>& args, const Expr& node);
  // `getattr(receiver, name)(...)` with `name` a parameter: made again where a caller passes the name.
  ValueSet call_method_named_by_parameter(const Expr& callee, const std::vector<Arg>& args, const Expr& node,
                                          bool result_used);
  // What a call `node` of the function `callee` passes for its parameter `param` (positional or by
  // keyword); null when it passes nothing there. `bound`: the call binds the first parameter to a receiver
  // (`self._call_hooks(...)`).
  static const Expr* argument_passed(const Function& callee, int32_t param, const Expr& node, bool bound);
  // Resolves a deferred call `d` of a method named by the callee's parameter, at the call `node` of `callee`:
  // the method the string passed names, or deferred again when a parameter of this function is passed on.
  void call_method_named_by_argument(const DeferredCall& d, const Function& callee, const Expr& node,
                                     bool bound, const ValueSet& receivers, const std::vector<Arg>& args,
                                     ValueSet& results);
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
  // A LibraryCycle event for a call of `model` when the object it makes is cyclic in the library's own code.
  void record_library_cycle(const CallModel& model, const std::vector<Arg>& args, const Expr& node);
  // A LibraryKeepsObject event for a call of `model` when the library keeps what it makes (kept_by) and this
  // module never names a call that takes anything out of that table (closed_by).
  void record_library_keep(const CallModel& model, const Expr& node);
  // Whether this module names one of the calls that close what `model`'s call makes (`plt.close`,
  // `conn.close()`): a cycle or table entry it breaks or empties is not reported.
  bool module_closes(const CallModel& model) const {
    return std::any_of(model.closed_by.begin(), model.closed_by.end(), [this](const std::string& name) {
      return program_.module_references(ref_.module, name);
    });
  }
  // `decorating`: the call of the decorator a decorator_factory call made, which applies the model.
  ValueSet apply_model(const CallModel& model, const ValueSet& receiver, const std::vector<Arg>& args,
                       const Expr& node, bool result_used, ObjId constructed = kNoObj,
                       bool decorating = false);
  // The module-level functools.singledispatch functions among `receivers` of a `register` call.
  ValueSet dispatch_functions(const ValueSet& receivers) const;
  // Whether a return statement of `body` returns an entry of something (`return cache[key]`).
  static bool returns_an_entry(const std::vector<Stmt>& body);
  // Whether a project base of `cls` (not `cls` itself) defines `method`.
  bool project_base_defines(CodeRef cls, const std::string& method) const {
    for (const CodeRef& base : program_.class_info(cls).project_bases) {
      if (program_.find_method(base, method).valid()) return true;
    }
    return false;
  }
  // Whether this function is a method of a metaclass (a class deriving from `type`).
  bool in_metaclass() const {
    if (fn_.owner_class < 0) return false;
    const auto& bases = program_.class_info(CodeRef{ref_.module, fn_.owner_class}).external_bases;
    return std::any_of(bases.begin(), bases.end(),
                       [](const std::string& base) { return base == "type" || base == "builtins.type"; });
  }
  // `f.register(cls, impl)`, `f.register(impl)` and `@f.register(cls)` on a module-level
  // functools.singledispatch function `f` (one of `dispatchers`).
  ValueSet register_dispatch_implementation(const ValueSet& dispatchers, const std::vector<Arg>& args,
                                            const Expr& node);
  // Keeps `implementations` in the registry named `registry`, one per class, for the life of the process.
  void keep_dispatch_implementation(const std::string& registry, const ValueSet& implementations,
                                    const Expr& node);
  // Whether `id` is a dict: a dict made here (a display, `dict()`, a call's `**kwargs`) or this function's
  // own `**kwargs` parameter. Iterating one gives its keys.
  bool is_dict(ObjId id) const {
    const Obj& o = objs_[id];
    if (o.kind == ObjKind::Container) return o.label.str() == "dict";
    return o.kind == ObjKind::Param && o.param >= 0 && static_cast<size_t>(o.param) < fn_.params.size() &&
           fn_.params[static_cast<size_t>(o.param)].kind == ParamKind::VarKeywords;
  }
  // What a loop over `iterables` (or a copy of them, `tuple(named)`) takes: a dict's keys, any other
  // object's elements.
  ValueSet iterated(const ValueSet& iterables, const Site& site) {
    ValueSet out;
    for (ObjId it : iterables) {
      if (is_dict(it)) {
        auto keys = st_.fields.find(field_key(it, keys_field()));
        if (keys != st_.fields.end()) out.merge(keys->second);
      } else {
        out.merge(load_one(it, elements_field(), site));
      }
    }
    return out;
  }
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
    ValueSet keys;
    for (ObjId r : receiver) {
      if (auto it = st_.fields.find(field_key(r, keys_field())); it != st_.fields.end())
        keys.merge(it->second);
    }
    const std::vector<SiteNote> chain{site_ref(node.site, "element")};
    const ObjId pair = pair_tuple("(key, value) tuple", keys, values, node, 1, chain);
    store(ValueSet{sequence}, elements_field(), ValueSet{pair}, chain, EdgeRole::Plain);
  }
  // `sequence` (a yields_receiver model's result) yields the receiver first: kept in its "[0]", apart from
  // the "[]" a loop reads, as the second slot of a (name, receiver) tuple when it yields pairs.
  void yield_receiver_first(ObjId sequence, const ValueSet& receiver, bool as_pair, const Expr& node) {
    const std::vector<SiteNote> chain{site_ref(node.site, "the first element is the receiver")};
    const ValueSet first =
        as_pair ? ValueSet{pair_tuple("(name, module) tuple", {}, receiver, node, 4, chain)} : receiver;
    store(ValueSet{sequence}, intern_field("[0]"), first, chain, EdgeRole::Plain);
  }
  // A (key, value) tuple made at `node` (objects `salt` and `salt + 1` there): `keys` in its first slot, or a
  // name that holds nothing, `values` in its second, both among its elements.
  ObjId pair_tuple(const char* label, ValueSet keys, const ValueSet& values, const Expr& node, uint32_t salt,
                   const std::vector<SiteNote>& chain) {
    const ObjId pair = at_site(&node, ObjKind::Container, label, node.site, salt);
    if (keys.empty()) keys.insert(at_site(&node, ObjKind::Unknown, "name", node.site, salt + 1));
    store(ValueSet{pair}, intern_field("[0]"), keys, chain, EdgeRole::Plain);
    store(ValueSet{pair}, intern_field("[1]"), values, chain, EdgeRole::Plain);
    ValueSet both = values;
    both.merge(keys);
    store(ValueSet{pair}, elements_field(), both, chain, EdgeRole::Plain);
    return pair;
  }
  // What the first slots of `sequences` hold (see yield_receiver_first).
  ValueSet first_elements(const ValueSet& sequences) const {
    ValueSet firsts;
    for (ObjId s : sequences) {
      if (auto it = st_.fields.find(field_key(s, intern_field("[0]"))); it != st_.fields.end())
        firsts.merge(it->second);
    }
    return firsts;
  }
  bool is_weak_proxy(ObjId id) const {
    return objs_[id].kind == ObjKind::Weak && objs_[id].label.str() == kWeakProxy;
  }
  // `values` with each weak proxy replaced by what it names: reading an attribute of a proxy, or calling a
  // method on it, reads or calls the referent's.
  ValueSet through_proxies(ValueSet values, const Site& site) {
    if (std::none_of(values.begin(), values.end(), [this](ObjId v) { return is_weak_proxy(v); }))
      return values;
    ValueSet out;
    for (ObjId v : values) {
      if (is_weak_proxy(v)) {
        out.merge(load_one(v, referent_field(), site));
      } else {
        out.insert(v);
      }
    }
    return out;
  }
  // The elements one sequence surely holds, though stored as one of several values (see surely_holds).
  ValueSet surely_held_elements(const ValueSet& sequences) const {
    ValueSet surely;
    if (sequences.size() != 1) return surely;
    if (auto it = st_.fields.find(field_key(sequences[0], elements_field())); it != st_.fields.end()) {
      for (ObjId element : it->second) {
        auto edge = edges_.find(EdgeKey{sequences[0], elements_field(), element});
        if (edge != edges_.end() && edge->second.surely_element) surely.insert(element);
      }
    }
    return surely;
  }
  // `qualified` by value: callers pass names held in objs_, which this call may reallocate.
  // A library class's instance probably keeps the callables it is given (callbacks, hooks, collate_fn).
  void keep_callable_arguments(ObjId instance, const std::string& qualified, const std::vector<Arg>& args,
                               const Expr& node);
  // A torch distribution keeps what it is made from: its parameters (with their graphs), and a
  // TransformedDistribution its base distribution and transforms, which may hold their owner (a flow caching
  // `TransformedDistribution(self.base, [FlowTransform(self)])`).
  void keep_distribution_arguments(ObjId instance, const std::string& qualified, const std::vector<Arg>& args,
                                   const Expr& node);
  ValueSet unknown_call(std::string qualified, const std::vector<Arg>& args, const Expr& node, bool graph,
                        bool tensor);
  ValueSet arg_values(const std::vector<Arg>& args, int position, const std::string& keyword,
                      const Site& site);
  ValueSet bound_method(ObjId self, CodeRef function, const Expr& node);
  // A `threading.Thread` subclass `cls` whose own run() calls the target: Thread.run deletes its target when
  // it returns, an override does not unless it deletes `self._target` too, so `thread` keeps the target.
  void keep_thread_target(CodeRef cls, ObjId thread, const std::vector<Arg>& args, const Expr& node);
  // Stores what `definition`'s parameter defaults evaluate to on the function object made from it.
  void keep_defaults(ObjId function, const Function& definition);
  // A tensor hook closing over a value computed from the tensor it is registered on (`p.register_hook(lambda
  // g: g * torch.exp(-p))` with `p` requiring grad, as hooks need): the value's graph leads back to `p`
  // (grad_fn, then AccumulateGrad), an edge only autograd's C++ objects make, added here so that the cycle
  // through the hook is seen.
  void link_hook_captures_to_tensor(const ValueSet& tensors, const ValueSet& hooks, const Expr& node);
  // A class statement run in a function body (see the definition).
  void note_class_made_per_call(const Stmt& statement);
  // The class `made` by such a statement holds its methods, and a method closing over this function's
  // variables holds their cells: a class cached on the object one of them names is a cycle.
  void keep_method_closures(ObjId made, const Stmt& statement);
  // The container a parameter's mutable default (`store={}`) is, for the calls here that leave it out: one
  // object per function and parameter, flagged mutable_default.
  ObjId shared_default(const Context& callee, const Obj& param);
  // How a value leaves this function: not at all, only through what it returns, or otherwise (stored, handed
  // to a call, raised, seen by a nested function).
  enum class LocalEscape : uint8_t { Stays, Returned, Kept };
  // For what the local `name` holds; the methods of the class statement `own_class` (-1: none) do not count
  // as nested functions reading it.
  LocalEscape how_local_escapes(const std::string& name, int32_t own_class) const;
  // For the result of `call`, a call in this function's body: dropped (`make(...)(x)`, an expression
  // statement, a local that stays), returned, or kept.
  LocalEscape how_result_escapes(const Expr& call) const;
  // Whether `e`'s value may be the result of `call` or hold it (`call`, `(call, 1)`, `call.apply`).
  static bool value_names_call(const Expr& e, const Expr& call);
  // A self-referencing assignment that steps a state through a model rather than accumulating (see the
  // definition).
  bool evolves_state(const Expr& accumulation, const Expr& target) const;
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
    if (objs_[id].kind == ObjKind::Field && objs_[id].field == elements_field())
      note_backpropagated_elements(id);
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
  // `id`, an element of an accumulator (`for log_prob in policy.saved_log_probs`), is back-propagated: the
  // accumulator is noted when this module also empties it (SolveResult::backpropagated_accumulators).
  void note_backpropagated_elements(ObjId element);
  // See RetentionEvent::accumulator_key.
  std::string accumulator_key(ObjId accumulator) const;
  // A field of a module-level variable as its access path (`_REGISTRY[].__kwdefaults__`, every key as
  // "[]"), or "" for anything else.
  std::string access_path(ObjId id) const;
  bool was_backpropagated(ObjId id) const {
    return any_within_operands(id, 6, false, [](const Obj& o) { return o.backpropagated; });
  }
  bool any_backpropagated(const ValueSet& values) const {
    return std::any_of(values.begin(), values.end(), [this](ObjId v) { return was_backpropagated(v); });
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
  // The values among `values` that are functions the analysis can run: closures, bound methods, partials
  // and project functions.
  ValueSet project_callables(const ValueSet& values) const;
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
          // `lookup = self.current` read by a nested function: the cell holds a callable holding self.
          if (objs_[inside].receiver || callable_holds_receiver(inside, instances, depth + 1)) return true;
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
  // `id` is in a field of an object rooted at a module-level variable (one step: `EMA.shadow`'s dict).
  bool held_by_global(ObjId id) const;
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
  // An exception, traceback or frame, or a container holding one (`{"error": err}`), or a log record
  // holding one as its exc_info.
  bool holds_frame_like(const ValueSet& values, int depth = 0) const {
    for (ObjId v : values) {
      if (is_frame_like(objs_[v].kind)) return true;
      if (objs_[v].kind == ObjKind::LibInstance && depth == 0) {
        auto info = st_.fields.find(field_key(v, intern_field("exc_info")));
        if (info != st_.fields.end() && holds_frame_like(info->second, depth + 1)) return true;
        continue;
      }
      // `partial(_raise_error, err)` kept in a cache: the bound exception, with its traceback.
      if (objs_[v].kind == ObjKind::Partial && depth == 0) {
        auto bound = st_.fields.find(field_key(v, intern_field("args[]")));
        if (bound != st_.fields.end() && holds_frame_like(bound->second, depth + 1)) return true;
        continue;
      }
      if (objs_[v].kind != ObjKind::Container) continue;
      auto it = st_.fields.find(field_key(v, elements_field()));
      if (it == st_.fields.end()) continue;
      for (ObjId e : it->second)
        if (is_frame_like(objs_[e].kind)) return true;
    }
    return false;
  }
  // `self._rows` where a method of the class stores a parameter's mutable default there: a store into it is a
  // MutableDefaultStore event that counts where a caller maps it to the default itself (see instantiate).
  bool holds_receivers_mutable_default(ObjId id) const {
    const Obj& o = objs_[id];
    if (o.kind != ObjKind::Field || o.base == kNoObj) return false;
    const Obj& base = objs_[o.base];
    return base.kind == ObjKind::Param && base.receiver && base.cls.valid() &&
           program_.attribute_from_mutable_default(base.cls, field_name(o.field));
  }
  // A store of an exception into a container the caller passed in (`self.records.append(err)` in a method
  // of a module-level log): a StoreIntoGlobal event once a caller maps the container to a global.
  bool stored_for_callers(ObjId base, const ValueSet& values) const {
    return outlives_call(base) && holds_frame_like(values);
  }
  void note_held_by_global(const ValueSet& values) {
    for (ObjId v : values) objs_[v].held_by_global = true;
  }
  // The module-level variable that keeps the instance whose attribute `base` is (a field of `self` in a
  // method of a class the project makes only at import, not an nn.Module, whose own rules read what it
  // caches), or null.
  const ImportTimeHolder* import_time_holder_of(ObjId base) const {
    if (objs_[base].kind != ObjKind::Field) return nullptr;
    const Obj& root = objs_[field_root(base)];
    if (!root.receiver || root.kind != ObjKind::Param || !root.cls.valid() || root.module) return nullptr;
    if (program_.class_info(root.cls).is_nn_module) return nullptr;
    return program_.import_time_holder(root.cls);
  }
  // `FLEET[].residual[]` for `self.residual[...]` (a Field rooted at `self`) of an instance `holder` keeps.
  std::string import_time_label(const ImportTimeHolder& holder, ObjId field) const {
    std::string path;
    for (ObjId at = field; objs_[at].kind == ObjKind::Field && objs_[at].base != kNoObj;
         at = objs_[at].base) {
      const std::string& name = field_name(objs_[at].field);
      path.insert(0, name.starts_with('[') ? name : "." + name);
    }
    return holder.name + (holder.element ? "[]" : "") + path;
  }
  // A store into an object a module-level container holds that the container's own event does not show:
  // that event reports an instance adding itself, or one holding a module, with what it holds; not a bound
  // method or a closure stored into a registry's entry (`GAUGE.labels(k).set_function(self.depth)`).
  bool held_apart_from_its_holder(ObjId base, const ValueSet& values) const {
    return objs_[base].held_by_global && !objs_[base].receiver && !any_module(values);
  }
  // The module-level container that holds `id` (see Obj::held_by_global), or `id` where none is found.
  ObjId global_holder(ObjId id) const {
    for (const auto& [key, held] : st_.fields) {
      const auto base = static_cast<ObjId>(key >> 32);
      if (held.contains(id) && base != id &&
          (objs_[base].kind == ObjKind::Global ||
           (objs_[base].kind == ObjKind::Field && root_is_global(base))))
        return base;
    }
    return id;
  }
  // A store into something module-level, or into a parameter's mutable default: a retention event.
  void record_store_events(const ValueSet& bases, const ValueSet& values, const Site& site,
                           const Expr& target) {
    // Recorded after the loop: global() may add an object, which would move the one `o` refers to.
    std::vector<std::pair<ObjId, const ImportTimeHolder*>> import_time_stores;
    for (ObjId b : bases) {
      const Obj& o = objs_[b];
      // A project function's attribute (`evaluate.last_model = model`) lives as long as its module, and so
      // does a project class's (`Tracked._last_report = rows`); set up in the module body, either is the
      // module's own state, as a global assigned there is. (A class attribute set to the instance itself
      // or to what holds it, `Cls._active = self`, is CC203's.)
      // (Named: `type(self).x = v` may set a class made for that instance, as unittest.mock makes them.)
      const bool class_attribute =
          o.kind == ObjKind::ClassConst && o.cls.valid() && target.kind == ExprKind::Attribute &&
          !target.children.empty() && target.children[0].kind == ExprKind::Name &&
          std::none_of(values.begin(), values.end(),
                       [this](ObjId v) { return objs_[v].receiver || callable_holds_receiver(v, false); });
      const bool global_base =
          o.kind == ObjKind::Global || (o.kind == ObjKind::Field && root_is_global(b)) ||
          ((class_attribute || (o.kind == ObjKind::FunctionConst && o.fn.valid())) && ref_.index != 0);
      if (global_base) note_held_by_global(values);
      if (global_base || stored_for_callers(b, values)) {
        // Named with the attribute where the base is a function or class (`evaluate.last_model`).
        const bool named_attribute = (o.kind == ObjKind::FunctionConst || o.kind == ObjKind::ClassConst) &&
                                     target.kind == ExprKind::Attribute;
        record_event(EventKind::StoreIntoGlobal, b,
                     named_attribute ? o.label.str() + "." + target.text : o.label.str(), values, site,
                     describe_target(target) + " = ...");
      } else if (held_apart_from_its_holder(b, values)) {
        const ObjId holder = global_holder(b);
        record_event(EventKind::StoreIntoGlobal, holder, objs_[holder].label, values, site,
                     describe_target(target) + " = ...");
      } else if (const ImportTimeHolder* holder = import_time_holder_of(b);
                 holder != nullptr && no_grad_depth_ == 0 && holds_graph(values)) {
        import_time_stores.emplace_back(b, holder);
      }
      if ((o.kind == ObjKind::Param && o.mutable_default) || holds_receivers_mutable_default(b)) {
        record_event(EventKind::MutableDefaultStore, b, o.label, values, site,
                     describe_target(target) + " = ...");
      }
      // `type(self).last_failure = err`: a project class lives as long as its module, and keeps the frames
      // an exception's traceback holds.
      if (o.kind == ObjKind::ClassConst && o.cls.valid() && target.kind == ExprKind::Attribute &&
          holds_frame_like(values)) {
        record_event(EventKind::StoreIntoGlobal, b,
                     "class " + program_.class_def(o.cls).name + "." + target.text, values, site,
                     describe_target(target) + " = ...");
      }
      // `sys.excepthook = hook`, `warnings.showwarning = show`: a library module's or class's attribute is
      // one process-wide slot, like what signal.signal() installs; so is an entry of a library's
      // module-level table (`default_collate_fn_map[TokenSeq] = self.collate`, `copyreg.dispatch_table[C]
      // = f`), one per key.
      if (o.kind == ObjKind::ExternalConst && !o.qualified.empty() && !values.empty() &&
          (target.kind == ExprKind::Attribute || target.kind == ExprKind::Subscript)) {
        std::string slot = o.qualified.str();
        if (target.kind == ExprKind::Attribute) {
          slot += "." + target.text;
        } else {
          const bool named_key = target.children.size() > 1 && target.children[1].kind == ExprKind::Name;
          slot += "[" +
                  (named_key             ? target.children[1].text
                   : target.text.empty() ? "..."
                                         : target.text) +
                  "]";
        }
        record_event(EventKind::StoreIntoGlobal, global(-1, kProcessRoots), slot, values, site,
                     describe_target(target) + " = ...");
      }
    }
    // `self.residual[name] = corrected - sparse` on a Device that only `FLEET = [Device(i) ...]` makes.
    for (const auto& [b, holder] : import_time_stores) {
      const std::string label = import_time_label(*holder, b);
      record_event(EventKind::StoreIntoGlobal, global(holder->module, holder->name), label, values, site,
                   describe_target(target) + " = ...");
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
  // `if isinstance(m, Conv):` (alone or in an `and`): in the body, a value of `m` of unknown class is seen as
  // a Conv, so that reads of its methods resolve (`m.forward = m.forward_fuse`). An object from a library
  // (`for m in nn.Sequential(...).modules()`) is replaced by an instance of each tested class; a placeholder
  // for what a caller provides keeps its identity (what the body stores into it reaches the caller's
  // object) and is given the class for the body's time only: restore_narrowed takes it back. Values of a
  // known class are kept as they are.
  struct ClassNarrowing {
    ObjId placeholder;
    bool module;
  };
  std::vector<ClassNarrowing> narrow_to_project_class(const Expr& condition);
  void narrow_to_project_class(const Expr& condition, std::vector<ClassNarrowing>& placeholders);
  void restore_narrowed(const std::vector<ClassNarrowing>& placeholders);
  // A project class whose instances the analysis can follow: no library base, or a torch module.
  CodeRef followable_project_class(const StaticRef& ref) const;
  // The weakref container `id` is, when it is a module-level global or a class attribute made by one.
  WeakContainer weak_container(ObjId id) const;
  // `d[key] = value` (`target` the subscript) or `d.setdefault(key, v)` (the call): a dict keeps its keys as
  // strongly as its values (`self._values[obj] = v` keeps obj), unless it is a WeakKeyDictionary. Bases that
  // may be tensors or arrays, which an index does not stay in, are left out.
  void store_dict_keys(const ValueSet& bases, const ValueSet& keys, const Expr& target, const Site& site);
  // `d[key] = value` into such a dictionary with a value that refers to its key: the entry never goes.
  void record_weak_key_store(const ValueSet& bases, const ValueSet& keys, const ValueSet& values,
                             const Site& site, const Expr& target);
  // Whether a field of `id`, or of what those fields hold (`depth` references deep), holds an nn.Module.
  // A record (an instance, a container) holding closures over a module, directly or in a dict or list it
  // holds (`Task(fields={"params": lambda: model.numel()})`): four steps down, the record's dict, a
  // closure, its cell, the cell's contents; not through bound methods, whose objects are their own findings.
  bool closure_in_record_holds_module(ObjId record) const;
  bool holds_module(ObjId id, int depth) const;
  // Whether a container holds a module's parameter, itself or in containers `depth` levels deep.
  bool holds_parameter(ObjId id, int depth) const;
  // The attribute of an instance that holds a tensor with autograd history, itself or in containers up to
  // three levels deep (`node.kv = ((k, v), ...)`); "" when none does. The first such attribute by name.
  std::string attribute_holding_graph(ObjId instance) const;
  // Whether a container holds a tensor with autograd history among its elements, `depth` levels deep.
  bool container_holds_graph(ObjId container, int depth) const;
  // `OPTIMIZERS[name]` on a module-level table of classes or functions (Program::global_display_entries):
  // what the entries name, when every base is such a table; else nothing.
  ValueSet table_entries(const ValueSet& bases);
  // What module-level `global_id` was assigned from a display holds (Program::global_display_entries), as
  // objects: classes and functions as constants, instances made there as globals of their own.
  ValueSet display_entries(ObjId global_id);
  // Whether the entries of module-level `name` are taken out only by the callbacks of weak references
  // among `values` that reach their referents, so never run (`weakref.ref(model, on_collect)`).
  bool removed_only_by_dead_callbacks(int32_t module, const std::string& name, const Event& ev) const;
  // "the `return` at train.py:66 skips its release on line 67" (see analyzer/early_exit.hpp).
  std::string skipped_release_note(const SkippedRelease& skipped) const;
  // The stores of the shortest path (at most `max_edges` long) from one of `from` to one of `to`; null when
  // there is none, empty when `from` and `to` share an object.
  std::optional<std::vector<SiteNote>> path_between(const ValueSet& from, const ValueSet& to,
                                                    size_t max_edges) const;
  // The event recorded, or null when there is nothing to record or too many events already.
  Event* record_event(EventKind kind, ObjId base, const std::string& base_label, const ValueSet& values,
                      const Site& site, const std::string& note);
  // `for batch in loader` with `loader = DataLoader(dataset)`: the loader calls the dataset's `__getitem__`
  // for every sample, with indices its sampler draws.
  void load_dataset_items(const ValueSet& loaders, const Expr& iterable);
  // See solver_statements.cpp.
  void empty_drained_container(const Stmt& loop);
  // `copy.copy(hyp)` of instances of project classes: new instances holding the same attribute values;
  // nothing for anything else.
  ValueSet shallow_copies_of_instances(const ValueSet& originals, const Expr& node);
  // `copy.deepcopy(model)`: a new object, a module where the original is one.
  ObjId deep_copy_of(const ValueSet& originals, const Expr& node);
  // See solver_calls.cpp.
  bool names_constants_only(const Expr& call) const;
  // "dict" for a project class deriving from dict (list, set, a collections container); "" for others.
  std::string builtin_container_base(CodeRef cls) const;
  // What `**x` spreads into a display: `x`'s elements, or the values of an object's attributes for
  // `**vars(obj)` and `**obj.__dict__` in a dict display (stored in `container`'s slots by name).
  ValueSet splat_values(const Expr& display, const Expr& splatted, ObjId container);
  // A method of those containers (`get`, `append`, `__setitem__`, ...).
  static bool is_container_method(std::string_view name);
  // An attribute name a library module keeps a parameter under (`weight`, `bias`, `weight_ih_l0`).
  static bool names_a_parameter(std::string_view attr);
  // A copy is a module where what it copies (its operands) is one.
  void take_flags_of_originals(ObjId copy);
  bool is_deep_copy(ObjId id) const {
    return objs_[id].kind == ObjKind::LibInstance && objs_[id].qualified.str() == "copy.deepcopy";
  }
  // `self._nearest(self, i)` with `self._nearest = functools.lru_cache(maxsize=64)(nearest)`: runs what the
  // wrapper wraps, and its cache keeps the arguments and the result.
  ValueSet call_caching_wrapper(ObjId wrapper, const std::vector<Arg>& args, const Expr& node);
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

// A found cycle's edges as keys: `parts[i]` names edge i by the site that stores it (by its field alone when
// it is a field's earlier content, seen where it was read: `read[i]`), `loose[i]` by its field alone when
// it is an attribute. `skeleton` joins the sorted loose parts.
struct CycleEdgeKeys {
  std::vector<std::string> parts, loose;
  std::vector<bool> read;
  std::string skeleton;

  size_t reads() const { return static_cast<size_t>(std::count(read.begin(), read.end(), true)); }
  // The same cycle seen from two functions: the same fields (`loose`), and for each field the edges both saw
  // stored are stored at the same sites, except as many as the other saw only where it was read; some edge
  // was read.
  bool same_cycle(const CycleEdgeKeys& other) const {
    if (other.loose.size() != loose.size() || skeleton != other.skeleton ||
        (reads() == 0 && other.reads() == 0))
      return false;
    struct Field {
      std::vector<std::string> mine, theirs;  // the sites of edges stored
      size_t my_reads = 0, their_reads = 0;
    };
    std::map<std::string, Field> fields;
    for (size_t i = 0; i < loose.size(); ++i) {
      Field& f = fields[loose[i]];
      if (read[i]) {
        ++f.my_reads;
      } else {
        f.mine.push_back(parts[i]);
      }
    }
    for (size_t i = 0; i < other.loose.size(); ++i) {
      Field& f = fields[other.loose[i]];
      if (other.read[i]) {
        ++f.their_reads;
      } else {
        f.theirs.push_back(other.parts[i]);
      }
    }
    for (auto& [name, f] : fields) {
      std::sort(f.mine.begin(), f.mine.end());
      std::sort(f.theirs.begin(), f.theirs.end());
      std::vector<std::string> common;
      std::set_intersection(f.mine.begin(), f.mine.end(), f.theirs.begin(), f.theirs.end(),
                            std::back_inserter(common));
      if (f.mine.size() - common.size() > f.their_reads || f.theirs.size() - common.size() > f.my_reads)
        return false;
    }
    return true;
  }
};

class Solver {
 public:
  // Reports only what is seen in functions of modules [first_module, end_module): callees elsewhere are
  // analysed for their effect on callers, and reported by the solver that owns them.
  Solver(const Program& program, const LibraryModels& models, bool include_possible, size_t first_module,
         size_t end_module, const std::vector<bool>& context_modules = {})
      : program_(program),
        models_(models),
        include_possible_(include_possible),
        first_module_(first_module),
        end_module_(end_module),
        context_modules_(context_modules) {}

  bool owns(CodeRef function) const {
    const auto module = static_cast<size_t>(function.module);
    return module >= first_module_ && module < end_module_;
  }

  static uint64_t code_key(CodeRef ref) { return ref.key(); }

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
    std::vector<std::string> cycle_keys;     // parallel to result.cycles
    std::vector<CycleEdgeKeys> cycle_edges;  // parallel to result.cycles (see report_cycle)
  };

  Output run() {
    for (size_t m = first_module_; m < end_module_; ++m) {
      if (m < context_modules_.size() && context_modules_[m]) continue;  // analysed where it is called
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
    sort_unique(backpropagated_accumulators_);
    out.result.calls = std::move(calls_);
    out.result.names_called_under_no_grad = std::move(names_called_under_no_grad_);
    out.result.backpropagated_accumulators = std::move(backpropagated_accumulators_);
    out.cycle_keys = std::move(first_keys_);
    out.cycle_edges = std::move(cycle_edges_);
    return out;
  }

  // The call `item.__enter__()` (or `__exit__`) that a `with` statement makes without writing it, or the
  // `__get__` / `__set__` call a descriptor's attribute makes, as an expression that calls can be made at
  // (and deferred to callers at): one per expression and method.
  const Expr& implicit_method_call(const Expr& item, ImplicitCall which) {
    static constexpr const char* kMethods[] = {"__enter__", "__exit__", "__get__", "__set__"};
    std::unique_ptr<Expr>& call =
        implicit_calls_[reinterpret_cast<uintptr_t>(&item) * 4 + static_cast<uintptr_t>(which)];
    if (!call) {
      call = std::make_unique<Expr>();
      call->kind = ExprKind::Call;
      call->site = item.site;
      Expr method;
      method.kind = ExprKind::Attribute;
      method.text = kMethods[static_cast<size_t>(which)];
      method.site = item.site;
      call->children.push_back(std::move(method));
    }
    return *call;
  }

  bool knows_cycle(const std::string& key) const { return cycle_index_.count(key) != 0; }

  // `edges`: the cycle's key parts, see CycleEdgeKeys. A cycle with an edge that is a field's earlier
  // content seen where a method read it (`self.hooks.on(self)` in fit()) is the one a caller finds with
  // that edge's store (`self.hooks = HookBus()` in __init__, run by main()): one cycle, reported once.
  void report_cycle(CycleWitness witness, const std::string& key, CycleEdgeKeys edges) {
    if (!owns(witness.function)) return;
    auto it = cycle_index_.find(key);
    if (it == cycle_index_.end()) {
      auto skeleton = skeleton_index_.find(edges.skeleton);
      if (skeleton != skeleton_index_.end()) {
        for (size_t index : skeleton->second) {
          if (edges.same_cycle(cycle_edges_[index])) {
            it = cycle_index_.emplace(key, index).first;
            break;
          }
        }
      }
    }
    if (it != cycle_index_.end()) {
      // Keep the first (innermost) report, unless a later context proves the cycle where the first could not,
      // or shows with the same certainty the stores the first saw only as reads.
      const size_t index = it->second;
      CycleWitness& existing = cycles_[index];
      if ((!existing.must && witness.must) ||
          (existing.must == witness.must && cycle_edges_[index].reads() > edges.reads())) {
        existing = std::move(witness);
        cycle_edges_[index] = std::move(edges);
      }
      return;
    }
    // Possible cycles are kept too: a caller may prove them later (solve() drops the rest).
    cycle_index_.emplace(key, cycles_.size());
    skeleton_index_[edges.skeleton].push_back(cycles_.size());
    first_keys_.push_back(key);
    cycle_edges_.push_back(std::move(edges));
    cycles_.push_back(std::move(witness));
  }

  void report_event(CodeRef function, RetentionEvent event) {
    if (owns(function)) events_.push_back(std::move(event));
  }
  // Noted by every range that sees it (the key holds no range's numbering): rules read the union.
  void note_backpropagated_accumulator(std::string key) {
    backpropagated_accumulators_.push_back(std::move(key));
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
  const std::vector<bool> context_modules_;  // see solve()
  // The labels and notes of this solver's objects and sites: declared before the summaries that point
  // into it, so it is destroyed after them.
  TextPool texts_;
  // See implicit_method_call: summaries keep pointers to these, so they go after them.
  std::unordered_map<uintptr_t, std::unique_ptr<Expr>> implicit_calls_;
  std::unordered_map<uint64_t, std::unique_ptr<Context>> summaries_;
  // Summaries of inherited methods made again for a subclass (see Context): by method, then by subclass.
  std::unordered_map<uint64_t, std::unordered_map<uint64_t, std::unique_ptr<Context>>> receiver_summaries_;
  static constexpr size_t kMaxReceiverClasses = 8;
  std::unordered_map<uint64_t, std::vector<std::string>> called_methods_;
  std::vector<CycleWitness> cycles_;
  std::unordered_map<std::string, size_t> cycle_index_;
  std::unordered_map<std::string, std::vector<size_t>> skeleton_index_;  // see report_cycle
  std::vector<std::string> first_keys_;                                  // parallel to cycles_
  std::vector<CycleEdgeKeys> cycle_edges_;                               // parallel to cycles_
  std::vector<RetentionEvent> events_;
  std::vector<CallEdge> calls_;
  std::vector<std::string> names_called_under_no_grad_;
  std::vector<std::string> backpropagated_accumulators_;
  int active_ = 0;
  size_t analyzed_ = 0;
  bool debug_slow_ = std::getenv("CYCLECHECK_DEBUG_SLOW") != nullptr;
};

}  // namespace cyclecheck
