// The linked project: modules by name, module-level bindings, classes with resolved bases and methods.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/ir.hpp"

namespace cyclecheck {

struct CodeRef {
  int32_t module = -1;
  int32_t index = -1;  // function or class index within the module
  bool valid() const { return module >= 0 && index >= 0; }
  // One number per function or class: module in the high half, index in the low half.
  uint64_t key() const {
    return (static_cast<uint64_t>(static_cast<uint32_t>(module)) << 32) | static_cast<uint32_t>(index);
  }
  bool operator==(const CodeRef&) const = default;
  auto operator<=>(const CodeRef&) const = default;
};

// The module-level variable that keeps every instance of a class (see analyzer/import_time_instances.hpp).
struct ImportTimeHolder {
  int32_t module = -1;
  std::string name;      // the module-level variable
  bool element = false;  // an element of it (`FLEET = [Device(i) for i in range(8)]`)
};

// A place in a module of the program, with what happens there.
struct SiteRef {
  int32_t module = -1;
  Site site;
  std::string note;  // what happens here: "self.cb = ...", "call to attach()"
};

// What a name or dotted expression denotes without running anything.
struct StaticRef {
  enum class Kind : uint8_t {
    Unknown,
    ProjectFunction,
    ProjectClass,
    ProjectModule,
    ProjectGlobal,
    External
  };
  Kind kind = Kind::Unknown;
  CodeRef code;  // ProjectFunction / ProjectClass; ProjectModule / ProjectGlobal: module in code.module
  std::string qualified;  // External: "torch.nn.Module"; ProjectGlobal: the global's name
};

// The weakref containers: a WeakSet and a WeakValueDictionary keep nothing alive; a WeakKeyDictionary keeps
// its values, and through a value that refers to its key, the key.
enum class WeakContainer : uint8_t { None, Set, ValueDictionary, KeyDictionary };

// CachedProperty: `functools.cached_property`, whose first read stores the getter's result on the instance.
enum class MethodKind : uint8_t { Instance, Static, Class, Property, CachedProperty };
// How a function binds as a method, from its decorators and name (`@staticmethod`, `@property`, Python's
// implicit classmethods `__init_subclass__` and `__class_getitem__`). `property_accessor`, when given, is
// set for a property's setter or deleter, which adds to the getter's property.
MethodKind method_kind_of(const Function& method, bool* property_accessor = nullptr);
inline bool is_property(MethodKind kind) {
  return kind == MethodKind::Property || kind == MethodKind::CachedProperty;
}

struct ClassInfo {
  std::vector<CodeRef> project_bases;                // resolved, in declaration order
  std::vector<std::string> external_bases;           // qualified names of library bases (own and inherited)
  std::unordered_map<std::string, int32_t> methods;  // own methods: name -> function index
  std::unordered_map<std::string, MethodKind> method_kinds;
  CodeRef metaclass;  // a project metaclass, the class's own or a base's
  // `@name.setter def name(self, value)`: what `obj.name = value` runs instead of storing.
  std::unordered_map<std::string, int32_t> property_setters;
  bool is_nn_module = false;
  bool is_autograd_function = false;
  // Derives from enum.Enum (or IntEnum, Flag...): its members are instances made once, as the class statement
  // runs, and held by the class for the life of the process (see instance_attributes).
  bool is_enum = false;
  bool defines_del = false;  // own or inherited
  // Some method calls `<x>.remove()` and may run (a dunder, one some code names, or any on a class the
  // project never makes): hook handles may be removed.
  bool calls_remove = false;
  // The line of a handle removal in this class's `__exit__` that the with block's exception skips (see
  // HandleRemoval), 0 if none.
  uint32_t exit_removal_skipped_line = 0;
  std::vector<std::string> handle_removing_methods;  // own methods calling `<x>.remove()`
  // The class or a project base defines `__setattr__`: `obj.name = value` runs it.
  bool overrides_setattr = false;
  // Own class attributes bound to a mutable container (`_observers = []`, `registry = defaultdict(list)`)
  // that no code of the module assigns as an attribute (`self._observers = []`): every instance shares them.
  std::vector<std::string> shared_containers;
  // The same for class attributes bound to an instance of a project class (`meter = AverageMeter()`).
  std::vector<std::string> shared_instances;
  bool inherits_shared_containers = false;  // this class or a project base has some of either
  // Own class attributes bound to a mutable container that some code also assigns as an attribute
  // (`outputs = []` in the class body, `self.outputs = []` in a method): an instance reads the class's
  // container until it gets one of its own.
  std::vector<std::string> shadowed_containers;
  bool inherits_shadowed_containers = false;  // this class or a project base has some
  // Own class attributes bound to an instance of a project class, shadowed or not: that class. An enum's
  // members are instances of the enum.
  std::vector<std::pair<std::string, CodeRef>> instance_attributes;
  // Own methods decorated with a project class (`@memoized_attribute def names(self)`): the class attribute
  // is an instance of that class, made once as the class body runs.
  std::vector<std::pair<std::string, CodeRef>> decorated_by_class;
  // This class or a project base holds a descriptor (see Program::descriptor).
  bool holds_descriptors = false;
  // Attributes own methods let go of (see attribute_release.hpp), each with the method's name.
  std::vector<std::pair<std::string, std::string>> releases;
  // Those of `releases` that some code calls the method for without setting the attribute again.
  std::vector<std::string> released_attributes;
  // Attributes an own method sets to a weakref container (`self._values = weakref.WeakKeyDictionary()`):
  // found by the callee's name with the call kept, then resolved once the imports are linked (entries that
  // are no weakref container are dropped). See Program::instance_attribute_weak_container.
  struct WeakAttribute {
    std::string name;
    const Expr* call = nullptr;
    WeakContainer weak = WeakContainer::None;
  };
  std::vector<WeakAttribute> weak_attributes;
  // Every `self.<name> = <value>` of own instance methods (`None` left out), with the call when the value is
  // one, or when it is a parameter whose default is a call (`tracker=EmaRangeTracker()`); null for any other
  // store of the name (a tuple target, an augmented assignment, another value).
  struct AttributeStore {
    std::string name;
    const Expr* call = nullptr;
    // The value is a list, dict or set display (`self.pending = []`) or a plain container made by a call
    // (`deque(maxlen=2)`, `OrderedDict()`).
    bool plain_container = false;
    // The value is a parameter of the method whose default is a list, dict or set display (`def
    // __init__(self, store={}): self._rows = store`): instances made without it share that one container.
    bool from_mutable_default = false;
  };
  std::vector<AttributeStore> attribute_stores;
  // Some entry of attribute_stores is from_mutable_default: the rare case, asked about on every store into
  // an attribute of `self`.
  bool stores_mutable_default = false;
  // Resolved from attribute_stores once the imports are linked: each attribute with the plain project class
  // (no library base) that every store of this class and of its project subclasses makes an instance of
  // (`self.tracker = Tracker()`), or an invalid class where some store sets something else.
  std::vector<std::pair<std::string, CodeRef>> attribute_classes;
  // The same for library calls: each attribute with the library function every store makes its value with
  // (`self.rng = random.Random(seed)`), or an empty name where some store sets something else.
  std::vector<std::pair<std::string, std::string>> attribute_makers;
};

// `[]`, `{}`, `set()`, `deque(maxlen=2)`, `collections.OrderedDict()`, `nn.ModuleDict()`: a new mutable
// container (a tuple is not one).
bool makes_mutable_container(const Expr& value);

// How `function`'s body (nested functions left out) removes hook handles: by `<anything>.remove()` with no
// argument, or by handing `<anything>.remove` to a call that runs it later (`stack.callback(h.remove)`). A
// removal that an exception skips does not count: in a generator, one after a bare `yield` (cleanup in a
// @contextmanager); in an `__exit__`, one after an early return for the with block's exception.
// `skipped_line` is the line of one, `skipped_in_exit` says which.
struct HandleRemoval {
  bool removes = false;
  uint32_t skipped_line = 0;
  bool skipped_in_exit = false;
};
HandleRemoval handle_removal(const Function& function);
// End the note of a registration whose removal is such a skipped one (read by the rules' advice).
inline constexpr const char* kRemovalSkippedAtYield =
    " is skipped when an exception comes in at the `yield` before it (no try/finally)";
inline constexpr const char* kRemovalSkippedInExit =
    " is skipped when the with block raises (`__exit__` returns before it)";

// What a call of a function under a wrapping decorator of the project runs instead (see
// decorator_wrapper.hpp): `wrapper`, whose cell `function_cell` (the decorator's parameter, or for a class
// decorator the local keeping the method it replaces) holds the decorated function. `name` names the closure
// the decorator made at import, a module-level object.
struct DecoratorWrapper {
  CodeRef wrapper;
  std::string function_cell;
  std::string name;  // "report_crashes()(evaluate)", which no global's name can be
};

// Whether a global's name is a default_instance_name (`fit(stopper=...)`), which no real global's can be.
inline bool is_default_instance_name(const std::string& name) { return name.ends_with("=...)"); }

class ModuleLinkCache;

class Program {
 public:
  // With `link_cache`, what linking finds in one module alone is taken from it for modules linked before
  // (by their facts' identity) and kept there for the others (see module_link_cache.hpp).
  explicit Program(std::vector<std::shared_ptr<const ModuleFacts>> modules,
                   ModuleLinkCache* link_cache = nullptr);

  const std::vector<std::shared_ptr<const ModuleFacts>>& modules() const { return modules_; }
  const ModuleFacts& module(int32_t index) const { return *modules_[static_cast<size_t>(index)]; }
  const Function& function(CodeRef ref) const;
  const ClassDef& class_def(CodeRef ref) const;
  const ClassInfo& class_info(CodeRef ref) const;
  // The module `dotted` names; with `importer`, the one relative to the importer's own directory when
  // several modules have that name. -1 when none.
  int32_t module_index(const std::string& dotted, int32_t importer = -1) const;
  // What `<qualified>.name` denotes for a library name (`torch.nn` -> `torch.nn.Module`, a builtin loses
  // its "builtins." prefix), or for a namespace package of the project (`models` of `models/layers.py`,
  // which has no module of its own) the project module.
  StaticRef external_attribute(const std::string& qualified, const std::string& name) const;

  // Resolves a module-level name of `module` (following imports into project modules).
  StaticRef resolve_global(int32_t module, const std::string& name, int depth = 0) const;
  // Resolves a Name/Attribute expression evaluated at module level of `module`.
  StaticRef resolve_expr(int32_t module, const Expr& expr, int depth = 0) const;
  // Resolves a dotted name (`pkg.mod.Class`) as an expression of that name at module level of `module`.
  StaticRef resolve_dotted(int32_t module, const std::string& dotted) const;
  // The decorator of `function` that is `functools.cache` or `functools.lru_cache` (under any name the
  // module imports it by), or null: such a cache keeps every argument the function was called with.
  // Resolved once while linking (calls ask it every time they invoke a decorated function).
  // Also a decorator of the project that applies one to the function it decorates (`def
  // memoized_property(fn): return property(functools.lru_cache(maxsize=None)(fn))`).
  const Decorator* cache_decorator(CodeRef function) const;
  // Where such a decorator of the project applies the cache; nullopt for functools' own decorators.
  std::optional<SiteRef> cache_site(CodeRef function) const;
  // Whether `function` is decorated with `functools.singledispatch` (under any name the module imports it
  // by): its `register` keeps each implementation for the life of the function, one per class.
  bool is_singledispatch(CodeRef function) const;
  // The wrapper a call of `function` runs when its outermost decorator is a function of the project that
  // returns a nested function (`@instrumented`, `@report_crashes()`); null otherwise. Resolved once while
  // linking.
  const DecoratorWrapper* decorator_wrapper(CodeRef function) const;
  // The names of the methods `cls` defines or inherits from project classes, sorted.
  std::vector<std::string> method_names(CodeRef cls) const;
  // Resolves `member` of a module given by its dotted name (project or external), as `importer` imports it.
  StaticRef resolve_member(const std::string& dotted_module, const std::string& member, int32_t importer,
                           int depth = 0) const;
  // What an import statement of `importer` binds its local name to.
  StaticRef resolve_import(int32_t importer, const ImportBinding& imp, int depth = 0) const;
  // Resolves `member` of a project module: a global of it, else a submodule of the package.
  StaticRef module_member(int32_t module, const std::string& member, int depth = 0) const;

  // Method lookup along the project MRO (depth-first, left to right). Invalid ref when not found.
  CodeRef find_method(CodeRef cls, const std::string& name, MethodKind* kind = nullptr) const;
  // The class a module-level global is bound to when it is assigned exactly once from `Cls(...)`.
  CodeRef global_instance_class(int32_t module, const std::string& name) const;
  // The name of the module-level object that the default of parameter `param` of `function` is, when that
  // default is an instance of a project class made once, as the def runs in the module body or in a
  // class body there (`def fit(..., stopper=EarlyStopping())`): every call that leaves the argument out
  // shares it. "" otherwise. The name reads `fit(stopper=...)`, which no global's name can be, and
  // global_instance_class gives its class.
  std::string default_instance_name(CodeRef function, size_t param) const;
  // The project function a module-level global is assigned from when it is assigned exactly once from a
  // call of it and the function returns a function it defines (`log_train = make_logger("train")`);
  // invalid otherwise.
  CodeRef global_factory(int32_t module, const std::string& name) const;
  // The library function a module-level global is assigned from when it is assigned exactly once from a
  // call (`logger = logging.getLogger(__name__)`: "logging.getLogger"); "" otherwise.
  std::string global_call_qualified(int32_t module, const std::string& name) const;
  // The module-level contextvars.ContextVar variables, (module, name) in project order: what a copy of the
  // running context (contextvars.copy_context()) holds the values of. Found on the first question.
  const std::vector<std::pair<int32_t, std::string>>& context_variables() const;
  // A module-level table assigned once from a display (`OPTIMIZERS = {"sgd": torch.optim.SGD, "adamw":
  // AdamW}`, `DEFAULT_CALLBACKS = (Printer(), Guard())`): what each entry is, a class or function it names,
  // or, for an instance of a project class made there, a ProjectGlobal named `NAME[i]` (see
  // global_instance_class); nothing when any entry is something else.
  std::vector<StaticRef> global_display_entries(int32_t module, const std::string& name) const;
  // The module-level objects that the module's body adds as handlers to module-level logger `logger`
  // (`log = logging.getLogger(...)`, then `log.addHandler(recent)` with `recent = RecentRecords()`): their
  // names, globals of the same module.
  const std::vector<std::string>& logger_handlers(int32_t module, const std::string& logger) const;
  // Some code of the module calls a method named `method` (one named remove* or unregister*) on anything.
  bool module_calls_removal(int32_t module, const std::string& method) const;
  // Such a call is in a context manager's `__exit__` (or `__aexit__`) of the module, which a `with` runs
  // whatever the block does.
  bool module_calls_removal_on_exit(int32_t module, const std::string& method) const;
  // Some code of the module names attribute `name` (`x.name`, read, called or written) or calls a function
  // `name`: lets a rule skip modules that cannot hold what it looks for without walking them.
  bool module_references(int32_t module, const std::string& name) const {
    return referenced_names_[static_cast<size_t>(module)].count(name) != 0;
  }
  // Whether `function` of `module` runs only when an object is finalized: it is `__del__`, or a method that
  // no other module names and that its own module calls only from `__del__` (`close()` called by `__del__`
  // alone). What holds the object (a handler installed with it, a thread running its method) keeps the
  // finalizer, and what that method would undo, from ever running.
  bool runs_only_from_finalizer(int32_t module, const Function& function) const;
  // Some module runs an asyncio event loop by hand (`loop.run_until_complete(...)`, `loop.run_forever()`)
  // and never calls `shutdown_asyncgens()`: an async generator left suspended on such a loop is never
  // closed. `asyncio.run()` and `asyncio.Runner` close every one when their loop ends.
  bool runs_event_loop_without_closing_async_generators() const {
    for (size_t m = 0; m < referenced_names_.size(); ++m) {
      const auto& names = referenced_names_[m];
      if ((names.count("run_until_complete") != 0 || names.count("run_forever") != 0) &&
          names.count("shutdown_asyncgens") == 0)
        return true;
    }
    return false;
  }
  // The dotted modules the import statements of `module` name, in any of its functions (`from a import b`
  // names "a" and "a.b"); each may be a project module or not.
  const std::vector<std::string>& imported_modules(int32_t module) const {
    return imported_modules_[static_cast<size_t>(module)];
  }
  bool is_subclass_of(CodeRef cls, CodeRef base) const;
  // The class along `cls`'s project MRO whose shared container `attribute` is (see
  // ClassInfo::shared_containers): `self.<attribute>` reads that class's attribute. Invalid when none.
  CodeRef shared_container_owner(CodeRef cls, const std::string& attribute) const;
  // The same for a container some code shadows on instances (see ClassInfo::shadowed_containers).
  CodeRef shadowed_container_owner(CodeRef cls, const std::string& attribute) const;
  // The same for a shared instance (see ClassInfo::shared_instances) of a project class.
  CodeRef shared_instance_owner(CodeRef cls, const std::string& attribute) const;
  // The project class whose instance the body of `cls` binds `attribute` to (`meter = AverageMeter()`);
  // invalid when none.
  CodeRef class_attribute_instance_class(CodeRef cls, const std::string& attribute) const;
  // The plain project class whose instance `self.<attribute>` is in the methods of `cls`, when every store
  // of it in `cls`, its project bases and subclasses makes one (see ClassInfo::attribute_classes); invalid
  // otherwise.
  CodeRef instance_attribute_class(CodeRef cls, const std::string& attribute) const;
  // The library function (qualified) that makes `self.<attribute>` in the methods of `cls`, when every store
  // of it in `cls`, its project bases and subclasses calls that one (see ClassInfo::attribute_makers);
  // empty otherwise.
  std::string instance_attribute_maker(CodeRef cls, const std::string& attribute) const;
  // The module-level variable that keeps every instance of `cls` and of its subclasses, all made at import
  // (`FLEET = [Device(cid) for cid in range(8)]`), or null: what their methods keep on `self` stays for good.
  const ImportTimeHolder* import_time_holder(CodeRef cls) const;
  // Class attribute `attribute` of `cls` (or of a project base) is a descriptor: an instance of a project
  // class defining `__get__` or `__set__`, made in the class body (`lr = HParam(1e-3)`) or by a decorator
  // (`@memoized_attribute`). Reading it on an instance runs `__get__(descriptor, instance, owner)`; storing
  // it runs `__set__(descriptor, instance, value)` when the descriptor's class defines one.
  struct Descriptor {
    CodeRef owner;         // the class whose body holds the descriptor
    CodeRef type;          // the descriptor's class
    bool has_get = false;  // `__get__`, own or inherited
    bool has_set = false;  // `__set__`: a data descriptor, which an instance's own attribute never hides
  };
  std::optional<Descriptor> descriptor(CodeRef cls, const std::string& attribute) const;
  // Every data descriptor of `cls` and its project bases (`setattr(self, key, value)` may run any of them),
  // each with its attribute's name.
  std::vector<std::pair<std::string, Descriptor>> data_descriptors(CodeRef cls) const;
  // Some class of the project holds a descriptor: reads of attributes are checked for them.
  bool has_descriptors() const { return has_descriptors_; }
  // Some class of the project has a `functools.cached_property` of this name: reading it on an object whose
  // class is not known may run its getter and store the value on the object (see Context::eval_attribute).
  bool is_cached_property_name(const std::string& name) const;
  // The setter `obj.name = value` runs on an instance of `cls` (`@name.setter` of the class or the project
  // base that defines `name`); invalid when a store stores.
  CodeRef property_setter(CodeRef cls, const std::string& name) const;
  // Some class of the project defines a property setter.
  bool has_property_setters() const { return !property_setter_names_.empty(); }
  // Some class of the project defines a property setter `name`: a store into an object of unknown class
  // may run it.
  bool has_property_setter_named(const std::string& name) const {
    return property_setter_names_.count(name) != 0;
  }
  // Some class of the project defines a method `name` (its own, not inherited from a library base).
  bool has_method_named(const std::string& name) const { return method_names_.count(name) != 0; }
  // Some module imports torch at module level: a frame's locals may then be tensors. In a project that
  // never does, saying so of every frame in a cycle would be noise.
  bool uses_torch() const { return uses_torch_; }
  // A module-level `X = weakref.WeakSet()` (or WeakValueDictionary / WeakKeyDictionary): which one.
  WeakContainer global_weak_container(int32_t module, const std::string& name) const;
  // Some code of the module removes entries from global `name` (remove, discard, pop, popleft, clear, del
  // x[k], or `get()` from a queue).
  bool global_has_removal(int32_t module, const std::string& name) const;
  // Whether entries of `name` are taken out only by `functions` (indices into the module's functions): a
  // weak reference's callback that can never run (`weakref.ref(model, on_collect)`, closing over model).
  bool global_removed_only_by(int32_t module, const std::string& name,
                              const std::vector<int32_t>& functions) const;
  // Whether no function of `module` that takes entries out of `name` (see global_has_removal) ever runs
  // while the registry holds its object: each is `__del__`, or no function of the project calls it by name,
  // or all that do are `__del__` or called only by such functions in turn (`unsubscribe` called by `close`,
  // called by `__del__` alone; a caller nothing calls is an entry point, which runs).
  // A finalizer never runs while the registry holds its object. Asked for a registry on a module-level
  // instance, which the project made: a remover nothing calls is not run (as a hook handle's `stop()`).
  bool removed_only_by_finalizers(int32_t module, const std::string& name) const;
  // Whether the module of `cls` or of one of its project bases takes entries out of the attribute
  // `attribute` of something (`self._observers.remove(o)`): what an instance of `cls` holds there may be
  // let go. `only_in_finalizers` tells whether all such code runs only from finalizers (see above).
  bool hierarchy_removes_from(CodeRef cls, const std::string& attribute, bool& only_in_finalizers) const;
  // The same for a class attribute (`instances = weakref.WeakSet()` in the class body;
  // `<x>.instances.remove(..)` anywhere in the class's module).
  WeakContainer class_attribute_weak_container(CodeRef cls, const std::string& attribute) const;
  bool class_attribute_has_removal(CodeRef cls, const std::string& attribute) const;
  // The same for an attribute an own method of `cls` or of a project base sets on the instance.
  WeakContainer instance_attribute_weak_container(CodeRef cls, const std::string& attribute) const;
  // The same for an object whose class is not known: what a class of `module` sets the attribute to.
  WeakContainer module_attribute_weak_container(int32_t module, const std::string& attribute) const;
  // Some method of the module other than `__init__` starts `self.<attribute>` again (assigns it a value
  // that does not read it) or takes entries out of it (`self.<attribute>.clear()`).
  bool attribute_is_reset(int32_t module, const std::string& attribute) const;
  // A method of `cls` or of a project base lets go of `self.<attribute>`, and some code of the project calls
  // it without setting the attribute again (`watchdog.disarm()` sets `self._timer = None`): a cycle through
  // the attribute is broken on purpose.
  bool attribute_released(CodeRef cls, const std::string& attribute, int depth = 0) const;
  // Whether every store of `attribute` in `cls` and its project bases (one at least) sets a plain container
  // (AttributeStore::plain_container): not a module container whose elements are submodules.
  bool attribute_is_plain_container(CodeRef cls, const std::string& attribute) const;
  // The attributes the methods of `cls` and of its project bases set on `self`, at most `limit` of them.
  std::vector<std::string> instance_attribute_names(CodeRef cls, size_t limit) const;
  // Whether some method of `cls` or of a project base stores a parameter's mutable default in `attribute`
  // (AttributeStore::from_mutable_default).
  bool attribute_from_mutable_default(CodeRef cls, const std::string& attribute) const;
  // The same for the store at `site` into an attribute of an object a method's `self` holds
  // (`self.model.forward = wrapper` in `__enter__`, popped again by `__exit__`): whether a method of that
  // class lets go of `self.model.forward`.
  bool nested_store_released(const SiteRef& site) const;
  // A plain function of module `store_module` deletes `attribute` of the object it is given, and code that
  // can name it calls it (`del module._old_forward` in a `remove_hook_from_module(module)` beside the
  // `add_hook_to_module` that stores it): the cycles through an attribute stored there are broken on purpose.
  bool attribute_released_by_a_function(const std::string& attribute, int32_t store_module) const {
    return released_by_functions_.count({attribute, store_module}) != 0;
  }

 private:
  friend class ModuleLinkCache;
  // Visits `cls` and then its project bases in the order attribute lookup searches them (depth first, left
  // to right) until `visit(class, info)` returns true; whether it did.
  template <typename Visit>
  bool search_hierarchy(CodeRef cls, Visit&& visit) const {
    std::vector<CodeRef> pending{cls};
    for (int guard = 0; !pending.empty() && ++guard < 64;) {
      const CodeRef current = pending.front();
      pending.erase(pending.begin());
      const ClassInfo& info = class_info(current);
      if (visit(current, info)) return true;
      pending.insert(pending.begin(), info.project_bases.begin(), info.project_bases.end());
    }
    return false;
  }
  // The value `attribute` has in the `entries` list of the first class of `cls`'s hierarchy that lists it
  // (ClassInfo::attribute_classes, ClassInfo::attribute_makers), or a default one.
  template <typename Value>
  Value first_attribute_entry(CodeRef cls, const std::string& attribute,
                              std::vector<std::pair<std::string, Value>> ClassInfo::*entries) const {
    Value found{};
    search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
      for (const auto& [name, value] : info.*entries) {
        if (name != attribute) continue;
        found = value;
        return true;
      }
      return false;
    });
    return found;
  }
  // Records that one store of `attribute` makes `value`: a first entry, or a default value where another
  // store made something else.
  template <typename Value>
  static void note_attribute_entry(std::vector<std::pair<std::string, Value>>& entries,
                                   const std::string& attribute, Value value) {
    auto known = std::find_if(entries.begin(), entries.end(),
                              [&](const auto& entry) { return entry.first == attribute; });
    if (known == entries.end()) {
      entries.emplace_back(attribute, std::move(value));
    } else if (!(known->second == value)) {
      known->second = Value{};
    }
  }
  // A subclass of `info`'s storing something else under an attribute its ancestors list in `entries`: in the
  // ancestors' methods, run on either, the attribute is none of the two, so their entry is forgotten.
  template <typename Value>
  void forget_entries_subclasses_disagree_on(const ClassInfo& info,
                                             std::vector<std::pair<std::string, Value>> ClassInfo::*entries) {
    for (const auto& [name, made] : info.*entries) {
      for (CodeRef base : info.project_bases) {
        search_hierarchy(base, [&](CodeRef ancestor, const ClassInfo&) {
          for (auto& [ancestor_name, ancestor_made] :
               classes_[static_cast<size_t>(ancestor.module)][static_cast<size_t>(ancestor.index)].*entries) {
            if (ancestor_name == name && !(ancestor_made == made)) ancestor_made = Value{};
          }
          return false;
        });
      }
    }
  }
  // A name read at module level: a global of the module, else a builtin.
  StaticRef resolve_name(int32_t module, const std::string& name, int depth) const;
  // What `<base>.name` denotes (a library attribute, or a project module's member).
  StaticRef attribute_of(const StaticRef& base, const std::string& name, int depth) const;
  // What a module-level global assigned exactly once from a call calls (`x = f(...)`: f); Unknown otherwise.
  StaticRef global_assigned_callee(int32_t module, const std::string& name) const;
  // The display module-level `name` is assigned once from, or null.
  const Expr* global_display(int32_t module, const std::string& name) const;
  std::vector<const Expr*> display_values(int32_t module, const std::string& name) const;
  // The project class `value` makes an instance of (`Printer()`), else none.
  CodeRef instance_class_made_by(int32_t module, const Expr& value) const;
  // The project class of what project function `function` returns on every path, read from its text:
  // `return Encoder(...)`, or `return enc` (also `enc.eval()`, `enc.to(device)`) where every assignment to
  // the local `enc` makes one. Invalid otherwise.
  CodeRef class_returned_by(CodeRef function) const;
  // The class of what `A() | B()` gives, where the left operand's project class defines the operator's
  // method: the class that method makes, or the left operand's where it returns `self`.
  CodeRef operator_result_class(int32_t module, const Expr& value, int depth = 0) const;
  // Resolves what needs every module's bindings: the class-body instances of the module's classes
  // (ClassInfo::instance_attributes, keeping only the resolved shared_instances) and its default instances.
  void resolve_instances(int32_t module);
  // Adds an enum's members (`TRAIN = "train"` in its body) to its ClassInfo::instance_attributes.
  void add_enum_members(CodeRef enum_class);
  // Fills ClassInfo::released_attributes once every class's releases are known.
  void resolve_releases();
  // `weakref.WeakSet()`, `WeakValueDictionary()` or `WeakKeyDictionary()`, as named in `module`.
  WeakContainer weak_container_call(int32_t module, const Expr& value) const;
  struct Binding {
    enum class Kind : uint8_t { Function, Class, Import, Value } kind = Kind::Value;
    int32_t index = -1;
    ImportBinding import;
    const Expr* value = nullptr;
    int assignments = 0;
    WeakContainer weak = WeakContainer::None;  // Value: what weakref container `value` makes (set on linking)
  };
  // What linking finds in one module alone: the per-module slots below, as the first pass fills them.
  struct ModuleLink {
    std::unordered_map<std::string, Binding> bindings;
    std::unordered_map<std::string, bool> removals;
    std::unordered_map<std::string, std::vector<int32_t>> removers;
    std::unordered_set<std::string> referenced_names;
    std::vector<std::string> imported_modules;
    std::vector<std::pair<std::string, int32_t>> function_releases;
    std::vector<ClassInfo> classes;
  };
  // Fills module `m`'s per-module slots: from `cached` when given, else by walking the module.
  void link_module_alone(size_t m, const ModuleLink* cached);
  ModuleLink module_link(size_t m) const;
  std::vector<std::shared_ptr<const ModuleFacts>> modules_;
  std::unordered_map<std::string, int32_t> module_by_name_;  // own names, then import_aliases
  // Names more than one module has (own names first), each with the directory the name is relative to.
  std::unordered_map<std::string, std::vector<std::pair<int32_t, std::string>>> shared_names_;
  std::vector<std::string> import_roots_;  // per module: the directory its own name is relative to
  // Dotted directories above some module that no module stands for: `models` of `models/layers.py`.
  std::unordered_set<std::string> namespace_packages_;
  bool uses_torch_ = false;
  bool has_descriptors_ = false;
  std::unordered_set<std::string> property_setter_names_;
  // removed_only_by_finalizers, by (module, name): each answer scans the project's calls, and the solver
  // threads ask for the same registries again.
  mutable std::once_flag context_variables_found_;
  mutable std::vector<std::pair<int32_t, std::string>> context_variables_;
  // Module-level names some other module takes entries out of under the name it imported them by
  // (`from tracking import _ACTIVE` ... `_ACTIVE.remove(self)`), as (defining module, name); made on first
  // use (see global_has_removal).
  mutable std::once_flag cached_property_names_once_;
  mutable std::unordered_set<std::string> cached_property_names_;
  mutable std::once_flag imported_removals_once_;
  mutable std::set<std::pair<int32_t, std::string>> imported_removals_;
  mutable std::mutex finalizer_removals_mutex_;
  mutable std::map<std::pair<int32_t, std::string>, bool> finalizer_removals_;
  // The functions calling `callee` (`callee(...)` or `<x>.callee(...)`), in project order; only modules that
  // name it are scanned.
  std::vector<CodeRef> callers_by_name(const std::string& callee) const;
  std::unordered_set<std::string> method_names_;  // see has_method_named
  std::vector<std::unordered_map<std::string, Binding>> bindings_;
  std::vector<std::vector<ClassInfo>> classes_;
  std::vector<std::unordered_map<std::string, bool>>
      removals_;  // per module: globals entries are removed from
  // Per module: for each name in removals_ taken out by a call or `del`, the functions that do it.
  std::vector<std::unordered_map<std::string, std::vector<int32_t>>> removers_;
  // Per module: what its classes' own methods set attributes to when that is a weakref container.
  std::vector<std::unordered_map<std::string, WeakContainer>> weak_attributes_;
  // Per module: the attribute names its code reads, calls or writes, and the names it calls.
  std::vector<std::unordered_set<std::string>> referenced_names_;
  std::vector<std::vector<std::string>> imported_modules_;  // per module: see imported_modules()
  // Per module: (attribute, function) for each plain function letting go of its first parameter's attribute.
  std::vector<std::vector<std::pair<std::string, int32_t>>> function_releases_;
  std::set<std::pair<std::string, int32_t>> released_by_functions_;  // see attribute_released_by_a_function
  bool nested_releases_ =
      false;  // some class lets go of an attribute of what it holds (`self.model.forward`)
  // Per module, per function: the index of its functools.cache / lru_cache decorator, -1 when none.
  std::vector<std::vector<int32_t>> cache_decorators_;
  // Per module: function index -> where a decorator of the project applies functools' cache to it.
  std::vector<std::unordered_map<int32_t, SiteRef>> cache_sites_;
  // Where the function of the project that `decorator` names (called first when `is_call`) applies
  // functools' cache to the function it decorates; nullopt when it does not.
  std::optional<SiteRef> cache_applied_by(const StaticRef& decorator, bool is_call) const;
  // Per module: function index -> its DecoratorWrapper, for the functions that have one.
  std::vector<std::unordered_map<int32_t, DecoratorWrapper>> decorator_wrappers_;
  // Fills decorator_wrappers_ for `function` of `module`.
  void resolve_decorator_wrapper(int32_t module, int32_t function);
  // The same for a class decorator of the project that replaces a method by a function it defines
  // (`init = cls.__init__`, `def __init__(self, *a, **k): ...; init(self, *a, **k)`, `cls.__init__ =
  // __init__`): calls of the method run that function, with the original method in its cell.
  void resolve_class_decorator_wrappers(int32_t module, int32_t class_index);
  // Per module: logger global -> the globals its body adds to it as handlers (see logger_handlers).
  std::vector<std::unordered_map<std::string, std::vector<std::string>>> logger_handlers_;
  // By (module, table): what the project's decorators register into module-level tables
  // (see analyzer/decorator_registry.hpp).
  std::map<std::pair<int32_t, std::string>, std::vector<StaticRef>> decorator_registrations_;
  // By class: see import_time_holder.
  std::unordered_map<uint64_t, ImportTimeHolder> import_time_instances_;
  void collect_logger_handlers(int32_t module);
  // Per module: default_instance_name -> the class of that default instance.
  std::vector<std::unordered_map<std::string, CodeRef>> default_instances_;

  void collect_bindings(int32_t module, const std::vector<Stmt>& body);
  // A class's own methods and flags; link_class adds what its bases contribute.
  // `assigned`: the attribute names the class's module assigns, computed on first need and shared by the
  // module's classes.
  void collect_methods(CodeRef ref, std::optional<std::unordered_set<std::string>>& assigned);
  // states: per module, per class: 0 not linked, 1 being linked, 2 linked.
  void link_class(CodeRef ref, std::vector<std::vector<uint8_t>>& states);
  void link_metaclass(CodeRef ref, std::vector<std::vector<uint8_t>>& states);
  // The nearest class along `cls`'s project MRO that lists `attribute` in the `list` of its ClassInfo.
  CodeRef shared_attribute_owner(CodeRef cls, const std::string& attribute,
                                 std::vector<std::string> ClassInfo::*list) const;
};

}  // namespace cyclecheck
