// The solver's abstract heap: objects, field contents, and the sites that create each edge.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/findings_model.hpp"
#include "analyzer/flat_map.hpp"
#include "analyzer/pooled_text.hpp"
#include "analyzer/program.hpp"

namespace cyclecheck {

using ObjId = uint32_t;
using FieldId = uint32_t;
constexpr ObjId kNoObj = std::numeric_limits<ObjId>::max();
constexpr uint8_t kMaxPlaceholderDepth = 4;  // self.a.b.c.d: deeper paths are not followed

// A small sorted set of object ids. Most sets hold one or two ids and are copied often (every load,
// store and call argument), so up to kInline ids live in the set itself, without an allocation.
class ValueSet {
 public:
  ValueSet() = default;
  ValueSet(std::initializer_list<ObjId> ids) {
    for (ObjId id : ids) insert(id);
  }
  ValueSet(const ValueSet& other) { copy_from(other); }
  ValueSet(ValueSet&& other) noexcept { steal_from(other); }
  ValueSet& operator=(const ValueSet& other) {
    if (this != &other) {
      release();
      copy_from(other);
    }
    return *this;
  }
  ValueSet& operator=(ValueSet&& other) noexcept {
    if (this != &other) {
      release();
      steal_from(other);
    }
    return *this;
  }
  ~ValueSet() { release(); }

  // Sets stop growing at kMaxValues: past that the analysis only loses recall, never precision,
  // because edges to many possible objects are not must-edges anyway.
  static constexpr size_t kMaxValues = 48;
  void insert(ObjId id) {
    ObjId* first = data();
    ObjId* at = std::lower_bound(first, first + size_, id);
    if ((at != first + size_ && *at == id) || size_ >= kMaxValues) return;
    const auto position = static_cast<size_t>(at - first);
    if (size_ == capacity_) grow();
    first = data();
    std::copy_backward(first + position, first + size_, first + size_ + 1);
    first[position] = id;
    ++size_;
  }
  void merge(const ValueSet& other) {
    for (ObjId id : other) insert(id);
  }
  void clear() { size_ = 0; }
  bool contains(ObjId id) const { return std::binary_search(begin(), end(), id); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  ObjId operator[](size_t i) const { return data()[i]; }
  const ObjId* begin() const { return data(); }
  const ObjId* end() const { return data() + size_; }
  bool operator==(const ValueSet& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }

 private:
  static constexpr uint32_t kInline = 4;
  bool on_heap() const { return capacity_ > kInline; }
  ObjId* data() { return on_heap() ? heap_ : inline_; }
  const ObjId* data() const { return on_heap() ? heap_ : inline_; }
  void grow() {
    const uint32_t capacity = std::min<uint32_t>(static_cast<uint32_t>(kMaxValues), capacity_ * 2);
    auto* grown = new ObjId[capacity];
    std::copy(begin(), end(), grown);
    release();
    heap_ = grown;
    capacity_ = capacity;
  }
  void release() {
    if (on_heap()) delete[] heap_;
    capacity_ = kInline;
  }
  // Expects an empty inline set.
  void copy_from(const ValueSet& other) {
    if (other.size_ > kInline) {
      heap_ = new ObjId[other.size_];
      capacity_ = other.size_;
    }
    std::copy(other.begin(), other.end(), data());
    size_ = other.size_;
  }
  void steal_from(ValueSet& other) {
    if (other.on_heap()) {
      heap_ = other.heap_;
      capacity_ = other.capacity_;
    } else {
      std::copy(other.begin(), other.end(), inline_);
    }
    size_ = other.size_;
    other.capacity_ = kInline;
    other.size_ = 0;
  }

  uint32_t size_ = 0;
  uint32_t capacity_ = kInline;  // more than kInline: the ids are on the heap
  union {
    ObjId inline_[kInline];
    ObjId* heap_;
  };
};

enum class ObjKind : uint8_t {
  Param,
  FuncSelf,
  Global,
  Field,
  Default,  // placeholders: stand for what callers provide
  Instance,
  LibInstance,
  Container,
  Closure,
  BoundMethod,
  Partial,
  Cell,
  Frame,
  Generator,  // a generator object: its suspended frame keeps the arguments
  Traceback,
  Exception,
  Handle,
  Weak,
  Value,
  Unknown,
  Super,  // objects created here
  FunctionConst,
  ClassConst,
  ModuleConst,
  ExternalConst,  // named things: no edges of interest
};

// A SiteRef inside the solver, its note pooled (see pooled_text.hpp).
struct SiteNote {
  int32_t module = -1;
  Site site;
  PooledText note;
  SiteRef to_ref() const { return SiteRef{module, site, note.str()}; }
};

inline std::vector<SiteRef> to_refs(const std::vector<SiteNote>& chain) {
  std::vector<SiteRef> refs;
  refs.reserve(chain.size());
  for (const SiteNote& site : chain) refs.push_back(site.to_ref());
  return refs;
}

struct Obj {
  ObjKind kind = ObjKind::Unknown;
  PooledText label;
  PooledText name;       // parameter / global / cell name
  PooledText qualified;  // library name for ExternalConst, LibInstance, Unknown results
  CodeRef cls;           // the project class of an instance, receiver or class constant
  CodeRef fn;            // function of a closure, bound method, frame, function constant
  CodeRef element_cls;   // a parameter annotated `List[C]` and the like: the project class of its elements
  SiteNote site;
  ObjId base = kNoObj;  // Field: whose field
  FieldId field = 0;
  ObjId default_obj = kNoObj;
  int32_t param = -1;
  int32_t module_index = -1;
  uint8_t depth = 0;
  uint8_t frames_up = 0;  // Frame: a caller's, this many calls up (`sys._getframe(2)`); 0 when unknown
  bool summary = false;   // stands for many objects (allocated in a loop, container elements)
  bool graph = false;     // a tensor carrying autograd history
  bool tensor = false;    // may hold tensors
  bool module = false;    // an nn.Module
  bool has_del = false;
  bool receiver = false;  // `self` of the method being analysed
  bool ctx = false;       // ctx of a custom autograd Function
  bool no_grad = false;   // computed under torch.no_grad()
  bool mutable_default = false;
  bool receiver_for_super = false;
  bool backpropagated = false;
  bool parameter = false;  // a module's parameter: a leaf tensor that requires grad
  // A leaf tensor made to require grad (`torch.zeros(n, requires_grad=True)`, `delta.requires_grad_()`): what
  // autograd computes from it has a graph, as from a parameter, though it belongs to no module.
  bool requires_grad = false;
  bool raised = false;           // an exception raised while handling another: it keeps a __context__
  bool deferred_result = false;  // the result of a deferred `submit()`: calls on it are deferred too
  bool bounded = false;          // `deque(maxlen=n)`: keeps its last n entries only
  // Stored into something a module-level variable holds (`child = Child(); REGISTRY._children[k] = child`,
  // then handed back): what is stored into it later is held for good too.
  bool held_by_global = false;
  // Made by `super().__new__(cls)` in a project `__new__`: the instance a call of the class is making (see
  // Context::construct).
  bool made_by_new = false;
  // Returned by a call of a function with a cache decorator (`@functools.cache def get_writer(run)`): the
  // cache keeps it, and hands the same object to every call with the same arguments.
  bool cached_result = false;
  // A view of the tensor that is its first operand (`buf.unbind(0)`): it keeps that base tensor from C++.
  bool view = false;
  // Made by a function a thread pool runs (Context::worker_thread_depth_): its autograd mode is the worker
  // thread's, not that of a caller's `no_grad()`.
  bool worker_made = false;
  std::vector<ObjId> operands;  // Value: what it was computed from
};

// A leaf that requires grad: a module's parameter, or a tensor made to require grad.
inline bool requires_grad(const Obj& o) { return o.parameter || o.requires_grad; }

struct EdgeInfo {
  std::vector<SiteNote> chain;  // outermost call site first, the creating statement last
  bool must = true;
  bool alternatives = false;  // the store could store one of several objects
  EdgeRole role = EdgeRole::Plain;
  bool removable = false;
  bool implicit = false;  // the field's prior content, observed at a read
  bool distinct = false;  // links two objects a guard tells apart: never a self-loop, whatever it stores
  // The edge is uncertain only because its base (choice_is_base) or its value is one of the objects a local
  // variable may name (an id of the variable and its binding; 0 when not). A cycle that leaves an object by a
  // store whose bases came from the variable and enters it by one whose values came from the same variable
  // holds whichever object that is (`parent.x = new` and `new.undo = partial(setattr, parent, ...)`).
  uint32_t choice = 0;
  bool choice_is_base = false;
  // An element store whose every value is surely an element (a display written as one object per
  // element), though it stored several: a copy of every element surely holds each.
  bool surely_element = false;
  // Stored on an object of unknown class, under a name some project class defines a property setter for: a
  // sure edge where the caller knows a class without that setter (one with it runs the setter instead).
  bool unless_setter = false;
  // Stored into one of several bases (`modules[name].register_forward_hook(hook)`): 1 + the index of those
  // bases in the function's Context::base_groups_, 0 when not. A cycle through the edge is sure when the
  // value surely reaches every one of them again.
  uint32_t base_group = 0;
  // `src.outputs.append(node)` with `src` and `node` two variables naming elements of one container (one
  // abstract object): the bindings of the base's root variable and of the value's (0 when not such a store).
  // Not sure alone (the two may be the same element), but with `node.inputs.append(src)` in the same run the
  // two stores link whichever two objects the variables name both ways (see Context::crossed_pair).
  uint32_t pair_base = 0, pair_value = 0;
  // `a.next = b` in `for a, b in zip(xs, xs[1:] + xs[:1])`: every element of the list gets a link to one of
  // the list, so the links always close a ring, though both ends are one abstract object (see
  // Context::ring_closing_values_). Shown as a ring of three of them.
  bool closes_ring = false;
  // Made on a loop's second turn only, from what the first turn left (Context::turn_carries_objects): it
  // may link an object of one turn to one of the turn before, which is a chain, not a cycle. Never sure
  // except through a crossed pair.
  bool across_turns = false;
};

struct EdgeKey {
  ObjId from;
  FieldId field;
  ObjId to;
  bool operator==(const EdgeKey&) const = default;
};
struct EdgeKeyHash {
  size_t operator()(const EdgeKey& k) const {
    uint64_t h = (static_cast<uint64_t>(k.from) << 32 | k.to) * 0x9E3779B97F4A7C15ULL;
    h ^= (h >> 29) + static_cast<uint64_t>(k.field) * 0xBF58476D1CE4E5B9ULL;
    return static_cast<size_t>(h ^ (h >> 32));
  }
};
using EdgeMap = FlatMap<EdgeKey, EdgeInfo, EdgeKeyHash>;

// A local variable: what it may name, and where it was bound (a frame that outlives its function keeps it).
struct Binding {
  ValueSet values;
  int32_t module = -1;
  Site site;
};

// Field contents keyed by field_key(object, field).
using FieldMap = FlatMap<uint64_t, ValueSet, std::hash<uint64_t>>;

struct HeapState {
  FlatMap<std::string, Binding, std::hash<std::string>> env;
  FieldMap fields;
  // The element and key fields (field_key) of placeholders emptied on every path so far
  // (`self.seen.clear()`), sorted: a caller empties what it knows of them before the callee's later
  // stores land, as element stores alone only ever add.
  std::vector<uint64_t> cleared;
};

struct Event {
  EventKind kind = EventKind::Accumulate;
  ObjId base = kNoObj;
  PooledText base_label;
  ValueSet values;
  std::vector<SiteNote> chain;
  bool in_loop = false;
  bool augmented = false;
  bool under_no_grad = false;
  bool comprehension = false;        // the elements of a list, set or dict comprehension
  bool base_made_in_callee = false;  // see RetentionEvent
  bool replaces_slot = false;        // see RetentionEvent
  // Project functions registered here with weakref.finalize on an object the stored values hold: they run
  // only once that object dies, which the store prevents (see Context::note_dead_finalizers).
  std::vector<CodeRef> dead_finalizers;
  // The attribute written when the event is on the object that holds it (`self.total += v` is on `self`);
  // 0 when `base` is the accumulator itself.
  FieldId attribute = 0;
  bool carried_into_next_step = false;     // see RetentionEvent
  bool accumulator_outlives_loop = false;  // see RetentionEvent
  // A registration the module takes out again (`logger.removeHandler(h)` somewhere): reported only where a
  // caller binds what the call registered and an early exit skips its release (see analyzer/early_exit.hpp).
  bool release_pending = false;
  CodeRef origin;                      // the function of the innermost statement
  CodeRef cached_function;             // see RetentionEvent
  bool cached_result = false;          // see RetentionEvent
  std::vector<SiteNote> held_through;  // see RetentionEvent
  // A store under a key made from a loop's variable (`stats[id(p)] = v`): what the loop iterates. Over a
  // model's parameters or modules (known here or in a caller), one entry per part, no accumulation.
  ValueSet keyed_by;
  // A weak key held by a value only through the value's autograd graph, seen where neither was known to
  // carry one (a forward hook's `output`): reported only where the values carry a graph.
  bool needs_graph = false;
  // A class a factory makes per call and returns (see Context::note_class_made_per_call): garbage only where
  // a caller drops the result, which decides when the event is copied into it.
  bool pending_result_drop = false;
};

inline uint64_t field_key(ObjId base, FieldId field) { return (static_cast<uint64_t>(base) << 32) | field; }

// Field names are interned per solve.
FieldId intern_field(const std::string& name);
// The hooks a module runs on each call, by how they are called: after forward with (module, inputs,
// output), or before it with (module, inputs); `with_kwargs=True` adds the keyword arguments after inputs.
enum class ForwardHookKind : uint8_t { Post, PostWithKwargs, Pre, PreWithKwargs };
inline constexpr size_t kForwardHookKinds = 4;
// Where `register_forward_hook` and `register_forward_pre_hook` put those hooks (no edge: it is no
// reference of its own); the second says which kind a field holds, if any, without interning it.
FieldId forward_hooks_field(ForwardHookKind kind);
std::optional<ForwardHookKind> forward_hooks_kind(FieldId field);
// "[]", any element of a container: the hottest field, remembered after its first lookup.
FieldId elements_field();
// What a weak reference names: a field with no edge (see ObjKind::Weak).
inline FieldId referent_field() { return intern_field("<referent>"); }
// The label of a `weakref.proxy`, which forwards attribute reads and calls to its referent.
inline constexpr const char* kWeakProxy = "weak proxy";
const std::string& field_name(FieldId id);

}  // namespace cyclecheck
