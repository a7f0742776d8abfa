// What the solver hands to the rules: cycles in the heap graph (with every edge's creating sites) and
// retention events. Rules read only these, never syntax trees or solver internals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/program.hpp"

namespace cyclecheck {

enum class NodeKind : uint8_t {
  Instance,    // of a project class (or the receiver `self`)
  Parameter,   // an argument of unknown type
  Global,      // a module-level variable
  FieldValue,  // whatever an attribute/element holds
  Container,   // list, dict, set, tuple
  Function,    // closure or lambda
  BoundMethod,
  Partial,
  Cell,  // a closure cell (shown collapsed)
  Frame,
  Generator,  // its suspended frame keeps the arguments; unlike a frame, it can be weakly referenced
  Traceback,
  Exception,
  LibraryObject,  // instance of a library class
  Unknown,
};

enum class EdgeRole : uint8_t {
  Plain,
  Capture,     // closure cell, bound method __self__, partial argument
  ModuleHook,  // a hook kept by an nn.Module
  TensorHook,  // a hook kept by a tensor or an autograd node
  Callback,    // a callable kept by a library object (scheduler lambda, thread target)
  Frame,       // exception -> traceback -> frame -> locals
  GradFn,      // an autograd Function's output -> its ctx
  Generator,   // a generator's suspended frame -> the arguments it was called with (self)
  TensorBase,  // a view -> its base tensor, or a graph -> the leaf tensor it was computed from (C++
               // references)
};

struct WitnessNode {
  NodeKind kind = NodeKind::Unknown;
  std::string label;   // "Trainer", "list", "<lambda>", "bound method Trainer.on_step"
  std::string detail;  // "created at train.py:12", "self of Trainer.__init__"
  SiteRef site;
  CodeRef cls;  // Instance: its class
  bool holds_tensors = false;
  bool holds_module = false;
  bool has_del = false;
  bool is_ctx = false;       // the ctx of a custom autograd Function's forward
  bool is_receiver = false;  // `self` of the method the cycle was found in
};

struct WitnessEdge {
  std::string field;  // ".model", "[]", "cell self", "__self__", "local frame"
  EdgeRole role = EdgeRole::Plain;
  std::vector<SiteRef> chain;  // outermost call site first, innermost store last
  bool must = true;
  bool removable = false;  // a hook whose handle is kept and removed somewhere
};

// edges[i] goes from nodes[i] to nodes[(i + 1) % nodes.size()].
struct CycleWitness {
  std::vector<WitnessNode> nodes;
  std::vector<WitnessEdge> edges;
  bool must = true;
  int32_t module = -1;  // where it was found
  CodeRef function;     // the function whose heap shows it
  // The code lets go of the cycle, but an early exit skips that: "the `return` at train.py:97 skips its
  // release on line 102".
  std::string skipped_release;
};

enum class EventKind : uint8_t {
  Accumulate,           // acc += value / acc = acc + value / acc.append(value) across loop iterations
  StoreIntoGlobal,      // a value stored into something reachable from a module-level variable
  MutableDefaultStore,  // a store into a parameter's mutable default
  CachedArgument,       // a value passed to a function wrapped by functools.cache / lru_cache
  WeakKeyHeldByValue,   // `d[key] = value` into a weakref.WeakKeyDictionary, the value referring to the key
  GraphIntoGrad,        // `p.grad = g` with autograd on, `g` carrying a graph
  LibraryCycle,         // a library call that makes an object in a reference cycle of its own
  LibraryKeepsObject,   // a library call that makes an object the library keeps until it is closed
};

struct RetentionEvent {
  EventKind kind = EventKind::Accumulate;
  std::vector<SiteRef> chain;  // outermost call site first, innermost statement last
  std::string base_label;      // the accumulator / registry / default
  std::string value_label;
  SiteRef base_site;                  // where the registry or default is defined
  bool value_is_receiver = false;     // `self` of a method: an instance adding itself
  bool value_holds_receiver = false;  // a bound method, closure or partial holding `self`
  bool value_is_frame_like = false;   // traceback, frame or exception
  bool value_carries_graph = false;   // a tensor with autograd history
  bool value_is_module = false;       // an nn.Module
  bool value_holds_module = false;    // an instance of a project class that holds an nn.Module in a field
  bool value_is_parameter = false;    // a module's parameter (from `model.parameters()`), as a value or a key
  bool value_is_optimizer = false;    // a torch.optim optimizer, which keeps its parameters and their state
  // The value is an instance holding a tensor with autograd history in this attribute (`node.kv`); "" when it
  // is the tensor or a container of them.
  std::string graph_attribute;
  bool base_is_global = false;
  bool base_is_class_attribute = false;  // the registry is held by a class (`Model.instances`)
  bool in_loop = false;
  // The accumulator is held by `self` (`self.history`, `self.total`): it outlives the call, so a method
  // a framework calls once per step accumulates as a loop would.
  bool base_is_receiver_state = false;
  // Kept on the module by its own `forward` (`self.total = self.total + out.sum()`,
  // `self.maps.append(attn)`) with autograd on, and never started again by another method: a module runs
  // forward once per batch, so this accumulates across steps wherever the loop is.
  bool accumulates_per_forward = false;
  // `out, hidden = model(x, hidden)` in a loop that back-propagates every step, `hidden` never detached
  // there: each step's graph links to the one before (see analyzer/carried_state.hpp).
  bool carried_into_next_step = false;
  // The object holding the accumulator was made before the loop that runs the accumulation (`rm =
  // RunningMean()` before `for ...: rm.update(out)`): it keeps every iteration's update.
  bool accumulator_outlives_loop = false;
  bool accumulator_bounded = false;  // Accumulate into a `deque(maxlen=n)`: only the last n entries are kept
  // An augmented accumulation into state that outlives the call (`self.shadow[name]` that no method starts
  // again, a module-level dict) of a value computed with autograd on from a module's parameters
  // (`0.9 * shadow + 0.1 * p` for `p` in `model.parameters()`): it has a graph although no loss went
  // through it, and every update links to the one before.
  bool value_from_parameters = false;
  // The accumulator as SolveResult::backpropagated_accumulators names it ("" when it is neither a global nor
  // an attribute): `.saved_log_probs` for `policy.saved_log_probs.append(...)`, `3:history` for a global.
  std::string accumulator_key;
  bool accumulator_backpropagated = false;  // backward() called on the accumulator: intended
  bool value_backpropagated = false;        // backward() called on the value: it is a loss
  bool augmented = false;                   // `acc += v` / `acc = acc + v` rather than `acc.append(v)`
  bool registry_cleared = false;  // the module removes entries from this registry, or it holds one entry
  // The code taking entries out of the registry runs only from `__del__` (or nothing calls it): see
  // Program::removed_only_by_finalizers.
  bool removed_only_in_finalizers = false;
  // A registration released by a later statement that an early exit skips: "the `return` at main.py:66 skips
  // its release on line 67"; empty when not.
  std::string skipped_release;
  bool base_is_process_registry = false;  // a library's process-wide registry (atexit.register)
  // One process-wide slot (signal.signal, sys.settrace): the next registration replaces this one.
  bool base_is_process_slot = false;
  // A library call that sets one attribute of a module-level object (`CONSOLE.setFormatter(f)`): the next
  // call replaces the value, as an assignment would.
  bool replaces_slot = false;
  // A module-level contextvars.ContextVar: it keeps the value set last until reset(token) or the next set().
  bool base_is_context_variable = false;
  // In a parameter's default instance (`def fit(..., stopper=EarlyStopping())`, a dataclass field's).
  bool base_is_default_instance = false;
  // Some statement on the chain ran under `torch.no_grad()` / `inference_mode()` (a `with` block or a
  // decorator), or under `set_grad_enabled(...)`, which may turn autograd off.
  bool under_no_grad = false;
  bool comprehension = false;  // `[model(x) for x in loader]`: the base is the list it makes
  // The accumulator was made in a function on the chain below the first (a new one on every call), not
  // handed down from the function that reports the event.
  bool base_made_in_callee = false;
  CodeRef function;            // whose analysis reports it: the function of the chain's first site
  CodeRef origin;              // where the innermost statement is
  CodeRef cached_function;     // CachedArgument: the function whose cache keeps the value
  bool cached_result = false;  // CachedArgument: the value is what the function returned, not an argument
  // A container kept that holds a tensor with autograd history: where such a tensor was put into it
  // (`self.log_likelihoods.append(log_p[...])`), when that is known; line 0 when not.
  SiteRef graph_added_at;
  // WeakKeyHeldByValue: the stores through which the value refers to the key, from the value on (none when
  // the value is the key itself).
  std::vector<SiteRef> held_through;

  // Accumulated once per step: in a loop, or by `self` in the method that back-propagates the value (a
  // training step a framework calls once per batch).
  bool accumulates_across_steps() const {
    return in_loop || (base_is_receiver_state && value_backpropagated) || accumulates_per_forward;
  }
};

// A call from one project function to another, as the solver resolved it.
struct CallEdge {
  CodeRef caller, callee;
  // Inside `with torch.no_grad():` or `inference_mode()` (or a function decorated with one of them), or
  // `with torch.set_grad_enabled(...)`.
  bool under_no_grad = false;
  auto operator<=>(const CallEdge&) const = default;
};

}  // namespace cyclecheck
