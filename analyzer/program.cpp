#include "analyzer/program.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <set>
#include <system_error>

#include "analyzer/attribute_release.hpp"
#include "analyzer/decorator_registry.hpp"
#include "analyzer/decorator_wrapper.hpp"
#include "analyzer/import_time_instances.hpp"
#include "analyzer/module_link_cache.hpp"
#include "analyzer/parallel.hpp"
#include "analyzer/project.hpp"
#include "analyzer/text_util.hpp"
#include "analyzer/torch_names.hpp"
#include "analyzer/yield_exposure.hpp"

namespace cyclecheck {
namespace {

// functools.lru_cache or functools.cache: a cache that keeps every argument it is called with.
bool is_functools_cache(const StaticRef& ref) {
  return ref.kind == StaticRef::Kind::External &&
         (ref.qualified == "functools.lru_cache" || ref.qualified == "functools.cache");
}

bool is_torch_module_base(const std::string& q) {
  if (q.rfind("torch.nn.", 0) != 0) return false;
  const size_t dot = q.rfind('.');
  const std::string last = q.substr(dot + 1);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) &&
         q.find(".functional") == std::string::npos;
}

// "torch" or one of its submodules.
bool is_torch_module_name(const std::string& dotted) {
  return dotted.rfind("torch", 0) == 0 && (dotted.size() == 5 || dotted[5] == '.');
}

bool is_autograd_function_base(const std::string& q) {
  return q == "torch.autograd.Function" || q == "torch.autograd.function.Function" ||
         q == "torch.autograd.function.InplaceFunction" || q == "torch.autograd.function.once_differentiable";
}

bool is_enum_base(const std::string& q) {
  return q == "enum.Enum" || q == "enum.IntEnum" || q == "enum.StrEnum" || q == "enum.Flag" ||
         q == "enum.IntFlag" || q == "enum.ReprEnum";
}

// `a[k].b` as "a[].b": a chain of attributes and subscripts (any key) from a name, or "" for anything else.
std::string access_path(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return e.text;
    case ExprKind::Attribute:
    case ExprKind::Subscript: {
      if (e.children.empty()) return "";
      const std::string base = access_path(e.children[0]);
      if (base.empty()) return "";
      return e.kind == ExprKind::Attribute ? base + "." + e.text : base + "[]";
    }
    default:
      return "";
  }
}

// Names X in `X.remove(...)`, `X.discard(...)`, `X.pop(...)`, `X.clear()`, `X.unregister(...)` (atexit),
// `X.reset(token)` (a context variable),
// `del X[...]`, ".attr" for `<anything>.attr.remove(...)`, `del <anything>.attr[...]` and the like (a class
// attribute reached through the class or an instance), and "m()" for any call of a method m named remove* or
// unregister*.
void collect_removals(const Function& function, std::unordered_map<std::string, bool>& out) {
  for_each_statement(function.body, [&out, &function](const Stmt& s) {
    // Skipped when the with block raises: `__exit__` returns before it (see yield_exposure.hpp).
    if (runs_only_without_exception_in_exit(function, s)) return;
    for_each_expr(s.value, [&out](const Expr& e) {
      if (e.kind != ExprKind::Call || e.children.empty() || e.children[0].kind != ExprKind::Attribute ||
          e.children[0].children.empty()) {
        return;
      }
      const std::string& method = e.children[0].text;
      const Expr& container = e.children[0].children[0];
      // `reset(token)` of a contextvars.ContextVar puts back the value it had before `set()`.
      if (method == "remove" || method == "discard" || method == "pop" || method == "clear" ||
          method == "popitem" || method == "popleft" || method == "unregister" || method == "reset") {
        if (container.kind == ExprKind::Name) out[container.text] = true;
        if (container.kind == ExprKind::Attribute) out["." + container.text] = true;
      }
      // `jobs.get()` takes an entry out of a queue (and reads a dict): "jobs.get()", counted for queues only.
      if ((method == "get" || method == "get_nowait") && container.kind == ExprKind::Name)
        out[container.text + ".get()"] = true;
      // `logger.removeHandler(h)`, whatever the receiver: "removeHandler()".
      if (method.rfind("remove", 0) == 0 || method.rfind("unregister", 0) == 0) out[method + "()"] = true;
    });
    // `_REGISTRY[name].__kwdefaults__ = saved`: the container that attribute held is let go of, as a clear
    // would. Recorded as "_REGISTRY[].__kwdefaults__=" (see access_path) and ".__kwdefaults__=". Not a
    // method's own attributes (`self.x = ...`, resets of the instance: see collect_resets).
    if (s.kind == StmtKind::Assign) {
      for (const Expr& t : s.targets) {
        if (t.kind != ExprKind::Attribute) continue;
        if (function.owner_class >= 0 && !function.params.empty() && t.children.size() == 1 &&
            t.children[0].kind == ExprKind::Name && t.children[0].text == function.params[0].name)
          continue;
        out["." + t.text + "="] = true;
        if (const std::string path = access_path(t); !path.empty()) out[path + "="] = true;
      }
    }
    if (s.kind == StmtKind::Delete) {
      for (const Expr& t : s.targets) {
        if (t.kind != ExprKind::Subscript || t.children.empty()) continue;
        // `del self.entries[self.maxsize:]` trims a list to its first entries, which it keeps for good: no
        // removal (`del x[:]` empties it, `del x[k]` takes one out).
        if (t.text == ":" && t.children.size() > 1 && t.children[1].text != ":") continue;
        if (t.children[0].kind == ExprKind::Name) out[t.children[0].text] = true;
        if (t.children[0].kind == ExprKind::Attribute) out["." + t.children[0].text] = true;  // del C.d[k]
      }
    }
  });
}

// The names of the attributes `body` reads, calls or writes (`x.stop()`, `x.stop`) and of what it calls by
// name (`Profiler(model)`): what code may run, and which classes it makes.
// The names `body` references (see Program::module_references), and the modules its import statements name
// (`import a.b`: "a.b"; `from a import b`: "a" and "a.b", which may be a submodule).
void collect_referenced_names(const std::vector<Stmt>& body, std::unordered_set<std::string>& out,
                              std::vector<std::string>& imported) {
  auto note = [&out](const Expr& e) {
    if (e.kind == ExprKind::Attribute) out.insert(e.text);
    if (e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Name)
      out.insert(e.children[0].text);
  };
  for_each_statement(body, [&](const Stmt& s) {
    for (const ImportBinding& binding : s.imports) {
      if (binding.module.empty()) continue;
      imported.push_back(binding.module);
      if (!binding.member.empty()) imported.push_back(binding.module + "." + binding.member);
    }
    for_each_expr(s.value, note);
    for (const Expr& target : s.targets) for_each_expr(target, note);
  });
}

// `self.<attribute> = <fresh value>` in a method other than `__init__` (one whose value does not read the
// attribute itself, so not `self.total = self.total + v`): the object starts that state again, as
// `self.outputs = []` at the start of each step does. Recorded as "=<attribute>".
void collect_resets(const Function& f, std::unordered_map<std::string, bool>& out) {
  if (f.owner_class < 0 || f.name == "__init__" || f.params.empty()) return;
  const std::string& self = f.params[0].name;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Assign) return;
    for (const Expr& t : s.targets) {
      if (t.kind != ExprKind::Attribute || t.children.empty() || t.children[0].kind != ExprKind::Name ||
          t.children[0].text != self) {
        continue;
      }
      bool reads_itself = false;
      for_each_expr(s.value, [&](const Expr& e) {
        reads_itself |= e.kind == ExprKind::Attribute && e.text == t.text && !e.children.empty() &&
                        e.children[0].kind == ExprKind::Name && e.children[0].text == self;
      });
      if (!reads_itself) out["=" + t.text] = true;
    }
  });
}

// The directory a module's own name is relative to (the one above its top package), absolute and generic.
std::string import_root(const ModuleFacts& facts) {
  namespace fs = std::filesystem;
  if (facts.module_name.empty() || facts.path.empty()) return {};
  std::error_code error;
  const fs::path file = fs::absolute(fs::path(facts.path), error).lexically_normal();
  if (error) return {};
  return package_root(file, facts.module_name, facts.is_package).generic_string();
}

// The names a module also has when a directory above its top package is on sys.path: `models.layers`
// and `src.models.layers` for `<repo>/src/models/layers.py` with no __init__.py beside it (a namespace
// package), up to three directories up, while their names are identifiers. Each with the directory it is
// relative to.
std::vector<std::pair<std::string, std::string>> import_aliases(const ModuleFacts& facts,
                                                                const std::string& root) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> aliases;
  if (root.empty()) return aliases;
  fs::path dir(root);
  std::string name = facts.module_name;
  for (int level = 0; level < 3 && dir.has_relative_path(); ++level) {
    const std::string part = dir.filename().string();
    if (!is_identifier(part)) break;
    name = part + "." + name;
    dir = dir.parent_path();
    aliases.emplace_back(name, dir.generic_string());
  }
  return aliases;
}

}  // namespace

HandleRemoval handle_removal(const Function& function) {
  HandleRemoval removal;
  const std::vector<Stmt>& body = function.body;
  // `for h in self.handles: h.remove()` before this call's own `p.register_hook(...)`: the removal takes
  // down the previous call's hooks, and the last call's stay. Only removals after the first registration
  // (or in a function registering none) let this one's go.
  uint32_t first_registration = 0;
  for_each_statement(body, [&](const Stmt& s) {
    if (first_registration != 0) return;
    for_each_expr(s.value, [&](const Expr& e) {
      if (e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Attribute &&
          e.children[0].text.starts_with("register_") && e.children[0].text.ends_with("hook") &&
          first_registration == 0)
        first_registration = s.site.line;
    });
  });
  for_each_statement(body, [&](const Stmt& s) {
    bool calls_remove = false;
    for_each_expr(s.value, [&calls_remove](const Expr& e) {
      if (e.kind != ExprKind::Call || e.children.empty()) return;
      calls_remove |= e.children.size() == 1 && e.children[0].kind == ExprKind::Attribute &&
                      e.children[0].text == "remove";
      // `stack.callback(handle.remove)`, `atexit.register(handle.remove)`: the removal, handed on to run.
      calls_remove |= std::any_of(e.children.begin() + 1, e.children.end(), [](const Expr& argument) {
        return argument.kind == ExprKind::Attribute && argument.text == "remove";
      });
    });
    if (!calls_remove || (first_registration != 0 && s.site.line < first_registration)) return;
    if (function.is_generator && runs_only_without_exception_at_yield(body, s)) {
      removal.skipped_line = s.site.line;
    } else if (runs_only_without_exception_in_exit(function, s)) {
      removal.skipped_line = s.site.line;
      removal.skipped_in_exit = true;
    } else {
      removal.removes = true;
    }
  });
  return removal;
}

MethodKind method_kind_of(const Function& method, bool* property_accessor) {
  // Python makes these two classmethods without a decorator: their first parameter is the class.
  // And `__new__` is a static method without one: `super().__new__(cls)` passes the class explicitly.
  MethodKind kind = method.name == "__init_subclass__" || method.name == "__class_getitem__"
                        ? MethodKind::Class
                    : method.name == "__new__" ? MethodKind::Static
                                               : MethodKind::Instance;
  bool accessor = false;
  for (const Decorator& d : method.decorators) {
    if (d.dotted == "staticmethod") kind = MethodKind::Static;
    if (d.dotted == "classmethod") kind = MethodKind::Class;
    if (d.dotted == "property" || d.dotted == method.name + ".getter") kind = MethodKind::Property;
    if (d.dotted == "functools.cached_property" || d.dotted == "cached_property")
      kind = MethodKind::CachedProperty;
    // Libraries' own property decorators (`@lazy_property`, `@memoize_property`, `abc.abstractproperty`):
    // reading the attribute runs the getter, as for a property.
    else if (d.dotted.ends_with("_property") || d.dotted.ends_with("abstractproperty"))
      kind = MethodKind::Property;
    if (d.dotted == method.name + ".setter" || d.dotted == method.name + ".deleter") accessor = true;
  }
  if (property_accessor != nullptr) *property_accessor = accessor;
  return kind;
}

void Program::link_module_alone(size_t m, const ModuleLink* cached) {
  if (cached != nullptr) {
    bindings_[m] = cached->bindings;
    removals_[m] = cached->removals;
    removers_[m] = cached->removers;
    referenced_names_[m] = cached->referenced_names;
    imported_modules_[m] = cached->imported_modules;
    function_releases_[m] = cached->function_releases;
    classes_[m] = cached->classes;
    return;
  }
  const ModuleFacts& facts = *modules_[m];
  if (!facts.functions.empty()) collect_bindings(static_cast<int32_t>(m), facts.functions[0].body);
  std::unordered_map<std::string, bool> removed_here;
  for (size_t index = 0; index < facts.functions.size(); ++index) {
    const Function& f = facts.functions[index];
    // A finalizer takes nothing out of a registry that holds its object: it runs only once nothing does.
    if (f.owner_class < 0 || f.name != "__del__") {
      removed_here.clear();
      collect_removals(f, removed_here);
      for (const auto& [name, removed] : removed_here) {
        removals_[m][name] = removed;
        removers_[m][name].push_back(static_cast<int32_t>(index));
      }
      collect_resets(f, removals_[m]);
    }
    for (std::string& attribute : attributes_released_by_function(f))
      function_releases_[m].emplace_back(std::move(attribute), static_cast<int32_t>(index));
    collect_referenced_names(f.body, referenced_names_[m], imported_modules_[m]);
  }
  classes_[m].resize(facts.classes.size());
  std::optional<std::unordered_set<std::string>> assigned_attributes;
  for (size_t c = 0; c < facts.classes.size(); ++c) {
    collect_methods(CodeRef{static_cast<int32_t>(m), static_cast<int32_t>(c)}, assigned_attributes);
  }
}

Program::ModuleLink Program::module_link(size_t m) const {
  return ModuleLink{bindings_[m],         removals_[m],          removers_[m], referenced_names_[m],
                    imported_modules_[m], function_releases_[m], classes_[m]};
}

Program::Program(std::vector<std::shared_ptr<const ModuleFacts>> modules, ModuleLinkCache* link_cache)
    : modules_(std::move(modules)) {
  bindings_.resize(modules_.size());
  classes_.resize(modules_.size());
  removals_.resize(modules_.size());
  removers_.resize(modules_.size());
  referenced_names_.resize(modules_.size());
  imported_modules_.resize(modules_.size());
  function_releases_.resize(modules_.size());
  weak_attributes_.resize(modules_.size());
  import_roots_.resize(modules_.size());
  parallel_for(modules_.size(), [this](size_t m) { import_roots_[m] = import_root(*modules_[m]); });
  // Every name a module may be imported by, with the directory it is relative to; own names first, so an
  // alias never hides a module's own name.
  std::unordered_map<std::string, std::vector<std::pair<int32_t, std::string>>> candidates;
  auto add_name = [&](const std::string& name, size_t m, const std::string& root) {
    auto& list = candidates[name];
    if (list.empty()) module_by_name_.emplace(name, static_cast<int32_t>(m));
    list.emplace_back(static_cast<int32_t>(m), root);
  };
  for (size_t m = 0; m < modules_.size(); ++m) {
    if (!modules_[m]->module_name.empty()) add_name(modules_[m]->module_name, m, import_roots_[m]);
  }
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (const auto& [alias, root] : import_aliases(*modules_[m], import_roots_[m])) {
      add_name(alias, m, root);
      for (size_t dot = alias.find('.'); dot != std::string::npos; dot = alias.find('.', dot + 1)) {
        namespace_packages_.insert(alias.substr(0, dot));
      }
    }
  }
  for (auto it = namespace_packages_.begin(); it != namespace_packages_.end();) {
    it = module_by_name_.count(*it) != 0 ? namespace_packages_.erase(it) : std::next(it);
  }
  for (auto& [name, list] : candidates) {
    if (list.size() > 1) shared_names_.emplace(name, std::move(list));
  }
  // What needs only the module itself (its bindings, removals and classes' own methods) walks every
  // statement, so it is built on all cores; each module writes only its own slots.
  std::vector<uint8_t> imports_torch(modules_.size(), 0);
  parallel_for(modules_.size(), [this, &imports_torch, link_cache](size_t m) {
    const std::shared_ptr<const ModuleLink> cached =
        link_cache ? link_cache->find(modules_[m].get()) : nullptr;
    link_module_alone(m, cached.get());
    if (link_cache && !cached)
      link_cache->store(modules_[m], std::make_shared<const ModuleLink>(module_link(m)));
    imports_torch[m] = std::any_of(bindings_[m].begin(), bindings_[m].end(), [](const auto& entry) {
      return entry.second.kind == Binding::Kind::Import && is_torch_module_name(entry.second.import.module);
    });
  });
  if (link_cache) link_cache->keep_only(modules_);
  // A method that removes hook handles lets them go only if something runs it: Python itself (`__exit__`),
  // or code that names it (`profiler.stop()`, `atexit.register(self.close)`). Not `__del__`: it runs once
  // nothing holds the object, and a hook bound to it does (v12209). A `stop()` that
  // nothing calls, on a class the project makes instances of itself, removes nothing; a class the project
  // never makes is an API whose users may call it.
  auto referenced = [this](const std::string& name) {
    return std::any_of(referenced_names_.begin(), referenced_names_.end(),
                       [&](const auto& names) { return names.count(name) != 0; });
  };
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (size_t c = 0; c < classes_[m].size(); ++c) {
      ClassInfo& info = classes_[m][c];
      if (info.handle_removing_methods.empty()) continue;
      info.calls_remove = !referenced(modules_[m]->classes[c].name);
      for (const std::string& method : info.handle_removing_methods)
        info.calls_remove |=
            (method.starts_with("__") && method.ends_with("__") && method != "__del__") || referenced(method);
    }
  }
  uses_torch_ =
      std::any_of(imports_torch.begin(), imports_torch.end(), [](uint8_t imports) { return imports != 0; });
  // Decorators and the callees of globals resolve through every module's bindings, so only now. Both are
  // asked on every call or store the solver meets.
  cache_decorators_.resize(modules_.size());
  cache_sites_.resize(modules_.size());
  decorator_wrappers_.resize(modules_.size());
  default_instances_.resize(modules_.size());
  logger_handlers_.resize(modules_.size());
  parallel_for(modules_.size(), [this](size_t m) {
    resolve_instances(static_cast<int32_t>(m));
    collect_logger_handlers(static_cast<int32_t>(m));
    for (auto& [name, binding] : bindings_[m]) {
      if (binding.kind == Binding::Kind::Value && binding.value != nullptr)
        binding.weak = weak_container_call(static_cast<int32_t>(m), *binding.value);
    }
    for (ClassInfo& info : classes_[m]) {
      for (ClassInfo::WeakAttribute& attribute : info.weak_attributes) {
        attribute.weak = weak_container_call(static_cast<int32_t>(m), *attribute.call);
        if (attribute.weak != WeakContainer::None)
          weak_attributes_[m].emplace(attribute.name, attribute.weak);
      }
      std::erase_if(info.weak_attributes, [](const auto& a) { return a.weak == WeakContainer::None; });
    }
    const std::vector<Function>& functions = modules_[m]->functions;
    cache_decorators_[m].assign(functions.size(), -1);
    for (size_t f = 0; f < functions.size(); ++f) {
      const std::vector<Decorator>& decorators = functions[f].decorators;
      for (size_t d = 0; d < decorators.size(); ++d) {
        if (decorators[d].dotted.empty()) continue;
        const StaticRef ref = resolve_dotted(static_cast<int32_t>(m), decorators[d].dotted);
        if (is_functools_cache(ref)) {
          cache_decorators_[m][f] = static_cast<int32_t>(d);
          break;
        }
        if (std::optional<SiteRef> cache = cache_applied_by(ref, decorators[d].is_call)) {
          cache_decorators_[m][f] = static_cast<int32_t>(d);
          cache_sites_[m].emplace(static_cast<int32_t>(f), std::move(*cache));
          break;
        }
      }
      if (!decorators.empty()) resolve_decorator_wrapper(static_cast<int32_t>(m), static_cast<int32_t>(f));
    }
    for (size_t c = 0; c < modules_[m]->classes.size(); ++c)
      resolve_class_decorator_wrappers(static_cast<int32_t>(m), static_cast<int32_t>(c));
  });
  std::vector<std::vector<uint8_t>> states(modules_.size());
  for (size_t m = 0; m < modules_.size(); ++m) states[m].assign(modules_[m]->classes.size(), 0);
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (size_t c = 0; c < modules_[m]->classes.size(); ++c) {
      link_class(CodeRef{static_cast<int32_t>(m), static_cast<int32_t>(c)}, states);
    }
  }
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (size_t c = 0; c < modules_[m]->classes.size(); ++c) {
      const CodeRef ref{static_cast<int32_t>(m), static_cast<int32_t>(c)};
      if (class_info(ref).is_enum) add_enum_members(ref);
    }
  }
  // Which classes hold descriptors, own or inherited: asked at every attribute read of an instance.
  for (size_t m = 0; m < modules_.size(); ++m) {
    for (size_t c = 0; c < modules_[m]->classes.size(); ++c) {
      const CodeRef ref{static_cast<int32_t>(m), static_cast<int32_t>(c)};
      const bool found = search_hierarchy(ref, [this](CodeRef, const ClassInfo& info) {
        for (const auto* made : {&info.instance_attributes, &info.decorated_by_class}) {
          for (const auto& entry : *made) {
            if (find_method(entry.second, "__get__").valid() || find_method(entry.second, "__set__").valid())
              return true;
          }
        }
        return false;
      });
      classes_[m][c].holds_descriptors = found;
      has_descriptors_ |= found;
      for (const auto& [name, setter] : classes_[m][c].property_setters) property_setter_names_.insert(name);
      for (const auto& [name, function] : classes_[m][c].methods) method_names_.insert(name);
    }
  }
  // Only plain project classes are followed into (a library base may do anything, and a torch module's
  // call runs its forward); a subclass storing another class's instance (or anything else) under an
  // attribute of its base: in the base's methods, run on either, the attribute is not one class's instance.
  for (auto& classes : classes_) {
    for (ClassInfo& info : classes) {
      for (auto& [name, made] : info.attribute_classes) {
        if (made.valid() && (!class_info(made).external_bases.empty() || class_info(made).is_nn_module))
          made = {};
      }
    }
  }
  for (auto& classes : classes_) {
    for (const ClassInfo& info : classes) {
      if (info.project_bases.empty()) continue;
      forget_entries_subclasses_disagree_on(info, &ClassInfo::attribute_classes);
      forget_entries_subclasses_disagree_on(info, &ClassInfo::attribute_makers);
    }
  }
  resolve_releases();
  decorator_registrations_ = decorator_registrations(*this);
  import_time_instances_ = import_time_instances(*this);
}

const ImportTimeHolder* Program::import_time_holder(CodeRef cls) const {
  if (!cls.valid()) return nullptr;
  auto it = import_time_instances_.find(cls.key());
  return it == import_time_instances_.end() ? nullptr : &it->second;
}

void Program::resolve_releases() {
  std::unordered_set<std::string> release_methods;
  for (const auto& classes : classes_) {
    for (const ClassInfo& info : classes) {
      for (const auto& [attribute, method] : info.releases) release_methods.insert(method);
    }
  }
  // Plain functions letting go of an attribute of their first parameter (`remove_hook_from_module(module)`
  // deleting `module._old_forward`), by name; called as `name(...)` or `helpers.name(...)`.
  std::unordered_map<std::string, std::vector<std::pair<std::string, CodeRef>>> function_releases;
  for (size_t m = 0; m < function_releases_.size(); ++m) {
    for (const auto& [attribute, f] : function_releases_[m]) {
      const CodeRef ref{static_cast<int32_t>(m), f};
      function_releases[function(ref).name].emplace_back(attribute, ref);
    }
  }
  if (release_methods.empty() && function_releases.empty()) return;
  // Per module: release method name -> the functions that call a method of that name on anything; and
  // release function name -> the functions that call it.
  std::vector<std::unordered_map<std::string, std::vector<int32_t>>> callers(modules_.size());
  std::vector<std::unordered_map<std::string, std::vector<int32_t>>> function_callers(modules_.size());
  auto note_caller = [](std::vector<int32_t>& list, size_t f) {
    if (list.empty() || list.back() != static_cast<int32_t>(f)) list.push_back(static_cast<int32_t>(f));
  };
  parallel_for(modules_.size(), [&](size_t m) {
    // A module that names none of them (`x.close()`, `remove_hooks(m)`) is not walked.
    const auto named_here = [&](const std::string& name) { return referenced_names_[m].count(name) != 0; };
    // `__exit__` is called by `with` blocks, which do not name it.
    const bool names_method = std::any_of(release_methods.begin(), release_methods.end(), named_here) ||
                              release_methods.count("__exit__") != 0 ||
                              release_methods.count("__aexit__") != 0;
    const bool names_function = std::any_of(function_releases.begin(), function_releases.end(),
                                            [&](const auto& entry) { return named_here(entry.first); });
    if (!names_method && !names_function) return;
    const std::vector<Function>& functions = modules_[m]->functions;
    for (size_t f = 0; f < functions.size(); ++f) {
      for_each_called_name(functions[f], [&](const std::string& name, bool is_method) {
        if (names_method && is_method && release_methods.count(name) != 0) note_caller(callers[m][name], f);
        if (names_function && function_releases.count(name) != 0) note_caller(function_callers[m][name], f);
      });
    }
  });
  std::unordered_map<std::string, std::vector<CodeRef>> callers_of;
  for (size_t m = 0; m < callers.size(); ++m) {
    for (const auto& [method, functions] : callers[m]) {
      auto& list = callers_of[method];
      for (int32_t f : functions) list.push_back(CodeRef{static_cast<int32_t>(m), f});
    }
  }
  // A call counts where the class can be named: in its own module or in one that imports that module
  // (a `disarm()` of some other class elsewhere in the project says nothing about this one).
  std::vector<std::optional<std::unordered_set<int32_t>>> imported(modules_.size());
  auto sees = [&](int32_t caller_module, int32_t class_module) {
    if (caller_module == class_module) return true;
    auto& modules = imported[static_cast<size_t>(caller_module)];
    if (!modules) {
      modules.emplace();
      for (const auto& [name, binding] : bindings_[static_cast<size_t>(caller_module)]) {
        if (binding.kind != Binding::Kind::Import) continue;
        modules->insert(module_index(binding.import.module, caller_module));
        if (!binding.import.member.empty()) {
          modules->insert(module_index(binding.import.module + "." + binding.import.member, caller_module));
        }
      }
    }
    return modules->count(class_module) != 0;
  };
  // Some call of `method` in `caller` runs when the caller, a generator, is closed at a yield (or the caller
  // is no generator).
  auto call_survives_close = [](const Function& caller, const std::string& method) {
    if (!caller.is_generator) return true;
    bool survives = false;
    for_each_statement(caller.body, [&](const Stmt& s) {
      bool calls = false;
      for_each_expr(s.value, [&](const Expr& e) {
        calls |= e.kind == ExprKind::Call && !e.children.empty() &&
                 e.children[0].kind == ExprKind::Attribute && e.children[0].text == method;
      });
      survives |= calls && !skipped_when_closed_at_yield(caller.body, s);
    });
    return survives;
  };
  auto lets_go = [&](CodeRef caller_ref, const std::string& method, const std::string& attribute) {
    const Function& caller = function(caller_ref);
    // A constructor runs its initializer before anything is stored (`initfp()` setting
    // `self._convert = None` first), and a finalizer does not run while the cycle holds the object.
    const bool runs_outside_lifetime = caller.name == "__init__" || caller.name == "__new__" ||
                                       caller.name == "__post_init__" || caller.name == "__del__";
    // A `destroy()` passing the call on to its parts (`group.destroy()`, `super().close()`) is only as
    // good as the calls of itself.
    const bool passes_it_on = caller.name == method;
    return !runs_outside_lifetime && !passes_it_on && !sets_attribute_on_first_param(caller, attribute);
  };
  for (size_t class_module = 0; class_module < classes_.size(); ++class_module) {
    for (ClassInfo& info : classes_[class_module]) {
      for (const auto& [marked, method] : info.releases) {
        auto it = callers_of.find(method);
        if (it == callers_of.end()) continue;
        // An emptied container counts where a caller empties it when done (see calls_when_done).
        const bool emptied = marked.ends_with(kEmptiedSuffix);
        const std::string attribute =
            emptied ? marked.substr(0, marked.size() - kEmptiedSuffix.size()) : marked;
        // Closing a generator behind an attribute (`self._stage.__exit__(...)` in `end_partition()`) counts
        // where a call survives the caller's own close at a yield: not one after the yield of a generator the
        // consumer may stop early.
        const bool closed = marked.ends_with(kClosedSuffix);
        const bool released = std::any_of(it->second.begin(), it->second.end(), [&](CodeRef caller) {
          return sees(caller.module, static_cast<int32_t>(class_module)) &&
                 lets_go(caller, method, attribute) &&
                 (!emptied || calls_when_done(function(caller), method)) &&
                 (!closed || call_survives_close(function(caller), method));
        });
        if (released) {
          nested_releases_ |= attribute.find('.') != std::string::npos;
          info.released_attributes.push_back(attribute);
        }
      }
    }
  }
  for (size_t m = 0; m < function_callers.size(); ++m) {
    for (const auto& [name, callers_here] : function_callers[m]) {
      for (const auto& [attribute, releaser] : function_releases[name]) {
        if (released_by_functions_.count({attribute, releaser.module}) != 0) continue;
        const bool released = std::any_of(callers_here.begin(), callers_here.end(), [&](int32_t f) {
          const CodeRef caller{static_cast<int32_t>(m), f};
          return caller != releaser && sees(caller.module, releaser.module) &&
                 lets_go(caller, name, attribute);
        });
        if (released) released_by_functions_.emplace(attribute, releaser.module);
      }
    }
  }
}

bool Program::attribute_released(CodeRef cls, const std::string& attribute, int depth) const {
  if (!cls.valid() || depth > 16) return false;
  const ClassInfo& info = class_info(cls);
  if (std::find(info.released_attributes.begin(), info.released_attributes.end(), attribute) !=
      info.released_attributes.end()) {
    return true;
  }
  for (CodeRef base : info.project_bases) {
    if (attribute_released(base, attribute, depth + 1)) return true;
  }
  return false;
}

bool Program::attribute_is_plain_container(CodeRef cls, const std::string& attribute) const {
  if (!cls.valid()) return false;
  bool stored = false, plain = true;
  search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
    for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
      if (store.name != attribute) continue;
      stored = true;
      plain &= store.plain_container;
    }
    return false;  // every class of the hierarchy
  });
  return stored && plain;
}

std::vector<std::string> Program::instance_attribute_names(CodeRef cls, size_t limit) const {
  std::vector<std::string> names;
  if (!cls.valid()) return names;
  search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
    for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
      if (names.size() < limit && std::find(names.begin(), names.end(), store.name) == names.end())
        names.push_back(store.name);
    }
    return names.size() >= limit;
  });
  return names;
}

bool Program::attribute_from_mutable_default(CodeRef cls, const std::string& attribute) const {
  if (!cls.valid()) return false;
  bool found = false;
  search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
    if (!info.stores_mutable_default) return false;
    for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
      found |= store.name == attribute && store.from_mutable_default;
    }
    return found;
  });
  return found;
}

bool Program::nested_store_released(const SiteRef& site) const {
  if (!nested_releases_ || site.module < 0 || static_cast<size_t>(site.module) >= modules_.size())
    return false;
  const ModuleFacts& facts = module(site.module);
  const StatementLookup store = find_statement(facts, site.site);
  if (store.statement == nullptr || store.statement->kind != StmtKind::Assign) return false;
  const Function& method = facts.functions[store.function];
  if (method.owner_class < 0 || method.params.empty()) return false;
  for (const Expr& target : store.statement->targets) {
    if (target.kind != ExprKind::Attribute || target.children.size() != 1) continue;
    // `self.model.forward = ...`, or `attn.forward = ...` with `attn` a local naming
    // `self.model.blocks[].attn`.
    const std::optional<std::string> holder = path_from_first_param(method, target.children[0]);
    if (!holder || holder->empty()) continue;
    if (attribute_released(CodeRef{site.module, method.owner_class}, *holder + "." + target.text))
      return true;
  }
  return false;
}

void Program::collect_bindings(int32_t module, const std::vector<Stmt>& body) {
  auto& table = bindings_[static_cast<size_t>(module)];
  for (const Stmt& s : body) {
    switch (s.kind) {
      case StmtKind::FunctionDef: {
        Binding& b = table[s.text];
        b.kind = Binding::Kind::Function;
        b.index = s.function_index;
        ++b.assignments;
        break;
      }
      case StmtKind::ClassDef: {
        Binding& b = table[s.text];
        b.kind = Binding::Kind::Class;
        b.index = s.class_index;
        ++b.assignments;
        break;
      }
      case StmtKind::Import:
        for (const ImportBinding& imp : s.imports) {
          Binding& b = table[imp.local_name];
          b.kind = Binding::Kind::Import;
          b.import = imp;
          ++b.assignments;
        }
        break;
      case StmtKind::Assign:
        for (const Expr& target : s.targets) {
          if (target.kind != ExprKind::Name) continue;
          Binding& b = table[target.text];
          if (b.assignments == 0 || b.kind == Binding::Kind::Value) {
            b.kind = Binding::Kind::Value;
            b.value = &s.value;
          }
          ++b.assignments;
        }
        break;
      case StmtKind::If:
      case StmtKind::Try:
        // Definitions under `if TYPE_CHECKING:` / try-import fallbacks still name something.
        collect_bindings(module, s.body);
        collect_bindings(module, s.orelse);
        for (const Handler& h : s.handlers) collect_bindings(module, h.body);
        break;
      default:
        break;
    }
  }
}

const Function& Program::function(CodeRef ref) const {
  return modules_[static_cast<size_t>(ref.module)]->functions[static_cast<size_t>(ref.index)];
}
const ClassDef& Program::class_def(CodeRef ref) const {
  return modules_[static_cast<size_t>(ref.module)]->classes[static_cast<size_t>(ref.index)];
}
const ClassInfo& Program::class_info(CodeRef ref) const {
  return classes_[static_cast<size_t>(ref.module)][static_cast<size_t>(ref.index)];
}

int32_t Program::module_index(const std::string& dotted, int32_t importer) const {
  auto it = module_by_name_.find(dotted);
  if (it == module_by_name_.end()) return -1;
  // Two scripts' directories each with a utils.py: each script imports the one beside it, as Python does
  // with the script's directory first on sys.path.
  if (importer >= 0 && !shared_names_.empty()) {
    auto shared = shared_names_.find(dotted);
    if (shared != shared_names_.end()) {
      const std::string& root = import_roots_[static_cast<size_t>(importer)];
      for (const auto& [module, candidate_root] : shared->second) {
        if (candidate_root == root) return module;
      }
    }
  }
  return it->second;
}

StaticRef Program::external_attribute(const std::string& qualified, const std::string& name) const {
  // `import models.layers` binds `models`, a directory with no module of its own (a namespace package).
  if (!namespace_packages_.empty() && namespace_packages_.count(qualified) != 0) {
    const int32_t submodule = module_index(qualified + "." + name);
    if (submodule >= 0) return StaticRef{StaticRef::Kind::ProjectModule, CodeRef{submodule, -1}, {}};
  }
  if (qualified.rfind("builtins.", 0) == 0) {
    return StaticRef{StaticRef::Kind::External, {}, qualified.substr(9) + "." + name};
  }
  return StaticRef{StaticRef::Kind::External, {}, qualified + "." + name};
}

StaticRef Program::resolve_member(const std::string& dotted_module, const std::string& member,
                                  int32_t importer, int depth) const {
  const int32_t index = module_index(dotted_module, importer);
  if (index >= 0) return module_member(index, member, depth);
  const int32_t submodule = module_index(dotted_module + "." + member, importer);
  if (submodule >= 0) return StaticRef{StaticRef::Kind::ProjectModule, CodeRef{submodule, -1}, {}};
  return StaticRef{StaticRef::Kind::External, {}, dotted_module + "." + member};
}

StaticRef Program::resolve_import(int32_t importer, const ImportBinding& imp, int depth) const {
  if (!imp.member.empty()) return resolve_member(imp.module, imp.member, importer, depth);
  const std::string dotted = imp.binds_top_package ? imp.module.substr(0, imp.module.find('.')) : imp.module;
  const int32_t index = module_index(dotted, importer);
  if (index >= 0) return StaticRef{StaticRef::Kind::ProjectModule, CodeRef{index, -1}, {}};
  return StaticRef{StaticRef::Kind::External, {}, dotted};
}

StaticRef Program::module_member(int32_t module, const std::string& member, int depth) const {
  StaticRef ref = resolve_global(module, member, depth + 1);
  if (ref.kind != StaticRef::Kind::Unknown) return ref;
  // A package's submodule sits beside the package's own module, relative to the same directory.
  const int32_t submodule = module_index(this->module(module).module_name + "." + member, module);
  if (submodule >= 0) return StaticRef{StaticRef::Kind::ProjectModule, CodeRef{submodule, -1}, {}};
  return ref;
}

StaticRef Program::resolve_global(int32_t module, const std::string& name, int depth) const {
  if (depth > 16) return {};
  const auto& table = bindings_[static_cast<size_t>(module)];
  auto it = table.find(name);
  if (it == table.end()) return {};
  const Binding& b = it->second;
  switch (b.kind) {
    case Binding::Kind::Function:
      return StaticRef{StaticRef::Kind::ProjectFunction, CodeRef{module, b.index}, {}};
    case Binding::Kind::Class:
      return StaticRef{StaticRef::Kind::ProjectClass, CodeRef{module, b.index}, {}};
    case Binding::Kind::Import:
      return resolve_import(module, b.import, depth + 1);
    case Binding::Kind::Value:
      if (b.assignments == 1 && b.value != nullptr &&
          (b.value->kind == ExprKind::Name || b.value->kind == ExprKind::Attribute)) {
        StaticRef alias = resolve_expr(module, *b.value, depth + 1);  // `Alias = SomeClass`
        if (alias.kind != StaticRef::Kind::Unknown) return alias;
      }
      return StaticRef{StaticRef::Kind::ProjectGlobal, CodeRef{module, -1}, name};
  }
  return {};
}

StaticRef Program::resolve_expr(int32_t module, const Expr& expr, int depth) const {
  if (depth > 16) return {};
  if (expr.kind == ExprKind::Name) return resolve_name(module, expr.text, depth + 1);
  if (expr.kind == ExprKind::Attribute && !expr.children.empty()) {
    return attribute_of(resolve_expr(module, expr.children[0], depth + 1), expr.text, depth + 1);
  }
  return {};
}

StaticRef Program::resolve_name(int32_t module, const std::string& name, int depth) const {
  StaticRef ref = resolve_global(module, name, depth);
  if (ref.kind == StaticRef::Kind::Unknown)
    return StaticRef{StaticRef::Kind::External, {}, "builtins." + name};
  return ref;
}

StaticRef Program::attribute_of(const StaticRef& base, const std::string& name, int depth) const {
  switch (base.kind) {
    case StaticRef::Kind::External:
      return external_attribute(base.qualified, name);
    case StaticRef::Kind::ProjectModule:
      return module_member(base.code.module, name, depth);
    default:
      return {};
  }
}

StaticRef Program::resolve_dotted(int32_t module, const std::string& dotted) const {
  size_t dot = dotted.find('.');
  StaticRef ref = resolve_name(module, dotted.substr(0, dot), 1);
  while (dot != std::string::npos && ref.kind != StaticRef::Kind::Unknown) {
    const size_t start = dot + 1;
    dot = dotted.find('.', start);
    ref = attribute_of(ref, dotted.substr(start, dot == std::string::npos ? dot : dot - start), 1);
  }
  return ref;
}

std::optional<SiteRef> Program::cache_applied_by(const StaticRef& decorator, bool is_call) const {
  if (decorator.kind != StaticRef::Kind::ProjectFunction) return std::nullopt;
  const ModuleFacts& facts = *modules_[static_cast<size_t>(decorator.code.module)];
  int32_t decorate = decorator.code.index;
  // `@memoize(maxsize=8)`: the factory returns the decorator.
  if (is_call) decorate = returned_nested_function(facts, decorate);
  if (decorate < 0) return std::nullopt;
  const Function& decorate_fn = facts.functions[static_cast<size_t>(decorate)];
  if (decorate_fn.params.empty() || decorate_fn.params[0].kind != ParamKind::Positional) return std::nullopt;
  const std::string& decorated = decorate_fn.params[0].name;
  // `lru_cache(fn)`, `cache(fn)` or `lru_cache(maxsize=None)(fn)` anywhere in the decorator's own body
  // (`return property(functools.lru_cache(maxsize=None)(fn))`, `cached = lru_cache()(fn); return cached`).
  std::optional<SiteRef> found;
  for_each_statement(decorate_fn.body, [&](const Stmt& s) {
    // `staticmethod(lru_cache(fn))` keeps no instance, `classmethod(...)` only the class.
    if (s.value.kind == ExprKind::Call && !s.value.children.empty()) {
      const StaticRef wrapper = resolve_expr(decorator.code.module, s.value.children[0]);
      if (wrapper.kind == StaticRef::Kind::External &&
          (wrapper.qualified == "builtins.staticmethod" || wrapper.qualified == "builtins.classmethod"))
        return;
    }
    auto visit = [&](const Expr& e) {
      if (found || e.kind != ExprKind::Call || e.children.size() < 2 || !e.arg_names[1].empty() ||
          e.children[1].kind != ExprKind::Name || e.children[1].text != decorated)
        return;
      const Expr& callee = e.children[0];
      const Expr& cache_callee =
          callee.kind == ExprKind::Call && !callee.children.empty() ? callee.children[0] : callee;
      const bool cache = is_functools_cache(resolve_expr(decorator.code.module, cache_callee));
      if (cache) found = SiteRef{decorator.code.module, e.site, {}};
    };
    for_each_expr(s.value, visit);
  });
  return found;
}

std::optional<SiteRef> Program::cache_site(CodeRef function) const {
  const auto& sites = cache_sites_[static_cast<size_t>(function.module)];
  auto it = sites.find(function.index);
  if (it == sites.end()) return std::nullopt;
  return it->second;
}

const Decorator* Program::cache_decorator(CodeRef function) const {
  const int32_t index =
      cache_decorators_[static_cast<size_t>(function.module)][static_cast<size_t>(function.index)];
  return index < 0 ? nullptr : &this->function(function).decorators[static_cast<size_t>(index)];
}

bool Program::is_singledispatch(CodeRef function) const {
  const std::vector<Decorator>& decorators = this->function(function).decorators;
  return std::any_of(decorators.begin(), decorators.end(), [&](const Decorator& d) {
    if (d.dotted.empty() || d.is_call) return false;
    const StaticRef ref = resolve_dotted(function.module, d.dotted);
    return ref.kind == StaticRef::Kind::External && ref.qualified == "functools.singledispatch";
  });
}

const DecoratorWrapper* Program::decorator_wrapper(CodeRef function) const {
  const auto& wrappers = decorator_wrappers_[static_cast<size_t>(function.module)];
  if (wrappers.empty()) return nullptr;
  auto it = wrappers.find(function.index);
  return it == wrappers.end() ? nullptr : &it->second;
}

void Program::resolve_decorator_wrapper(int32_t module, int32_t function) {
  const Function& f = modules_[static_cast<size_t>(module)]->functions[static_cast<size_t>(function)];
  // Only the outermost decorator's result is what the name is bound to; a library's there (or a cache,
  // or a decorator that changes how a method binds) is not ours to run.
  const Decorator& outermost = f.decorators.front();
  bool property_accessor = false;
  if (outermost.dotted.empty() || method_kind_of(f, &property_accessor) != MethodKind::Instance ||
      property_accessor) {
    return;
  }
  const StaticRef decorator = resolve_dotted(module, outermost.dotted);
  if (decorator.kind != StaticRef::Kind::ProjectFunction) return;
  const ModuleFacts& facts = *modules_[static_cast<size_t>(decorator.code.module)];
  int32_t decorate = decorator.code.index;
  // `@report_crashes()`: the factory returns the decorator.
  if (outermost.is_call) decorate = returned_nested_function(facts, decorate);
  if (decorate < 0) return;
  const Function& decorate_fn = facts.functions[static_cast<size_t>(decorate)];
  if (decorate_fn.params.empty()) return;
  const int32_t wrapper = returned_nested_function(facts, decorate);
  if (wrapper < 0) return;
  DecoratorWrapper out;
  out.wrapper = CodeRef{decorator.code.module, wrapper};
  out.function_cell = decorate_fn.params[0].name;
  out.name = outermost.dotted + (outermost.is_call ? "()(" : "(") + f.qualname + ")";
  decorator_wrappers_[static_cast<size_t>(module)].emplace(function, std::move(out));
}

void Program::resolve_class_decorator_wrappers(int32_t module, int32_t class_index) {
  const ClassDef& def = modules_[static_cast<size_t>(module)]->classes[static_cast<size_t>(class_index)];
  const ClassInfo& info = classes_[static_cast<size_t>(module)][static_cast<size_t>(class_index)];
  for (const Decorator& d : def.decorators) {
    if (d.dotted.empty() || d.is_call) continue;
    const StaticRef decorator = resolve_dotted(module, d.dotted);
    if (decorator.kind != StaticRef::Kind::ProjectFunction) continue;
    const ModuleFacts& facts = *modules_[static_cast<size_t>(decorator.code.module)];
    const Function& decorate = facts.functions[static_cast<size_t>(decorator.code.index)];
    if (decorate.params.empty()) continue;
    const std::string& cls_param = decorate.params[0].name;
    auto on_class = [&](const Expr& e) {
      return e.kind == ExprKind::Attribute && !e.children.empty() && e.children[0].kind == ExprKind::Name &&
             e.children[0].text == cls_param;
    };
    // `init = cls.__init__`: the local that keeps the method the decorator replaces.
    std::unordered_map<std::string, std::string> keeps_method;
    for (const Stmt& s : decorate.body) {
      if (s.kind == StmtKind::Assign && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name &&
          on_class(s.value))
        keeps_method.emplace(s.value.text, s.targets[0].text);
    }
    // `cls.__init__ = __init__`, a function the decorator defines.
    for (const Stmt& s : decorate.body) {
      if (s.kind != StmtKind::Assign || s.targets.size() != 1 || !on_class(s.targets[0]) ||
          s.value.kind != ExprKind::Name)
        continue;
      const auto method = info.methods.find(s.targets[0].text);
      if (method == info.methods.end()) continue;
      for (size_t i = 0; i < facts.functions.size(); ++i) {
        const Function& nested = facts.functions[i];
        if (nested.parent_function != decorator.code.index || nested.name != s.value.text) continue;
        DecoratorWrapper out;
        out.wrapper = CodeRef{decorator.code.module, static_cast<int32_t>(i)};
        const auto kept = keeps_method.find(s.targets[0].text);
        out.function_cell = kept == keeps_method.end() ? std::string() : kept->second;
        out.name = d.dotted + "(" + def.qualname + ")." + s.targets[0].text;
        decorator_wrappers_[static_cast<size_t>(module)].emplace(method->second, std::move(out));
        break;
      }
    }
  }
}

std::vector<std::string> Program::method_names(CodeRef cls) const {
  std::set<std::string> names;
  std::vector<CodeRef> pending{cls}, seen;
  while (!pending.empty() && seen.size() < 32) {
    const CodeRef current = pending.back();
    pending.pop_back();
    if (std::find(seen.begin(), seen.end(), current) != seen.end()) continue;
    seen.push_back(current);
    const ClassInfo& info = class_info(current);
    for (const auto& [name, index] : info.methods) names.insert(name);
    pending.insert(pending.end(), info.project_bases.begin(), info.project_bases.end());
  }
  return {names.begin(), names.end()};
}

// `[]`, `{}`, `set()`, `list()`, `dict()`, `defaultdict(list)`, `deque()`, `OrderedDict()`: a new mutable
// container (a tuple or a frozenset is not one).
bool makes_mutable_container(const Expr& value) {
  if (value.kind == ExprKind::Container) return value.container != ContainerKind::Tuple;
  if (value.kind != ExprKind::Call || value.children.empty()) return false;
  const Expr& callee = value.children[0];
  if (callee.kind != ExprKind::Name && callee.kind != ExprKind::Attribute) return false;
  // torch's module and parameter containers too: `adapters = nn.ModuleDict()` in a class body is one dict
  // every instance fills.
  static const char* const kNames[] = {"list",       "dict",          "set",          "defaultdict",
                                       "deque",      "OrderedDict",   "Counter",      "ModuleDict",
                                       "ModuleList", "ParameterDict", "ParameterList"};
  return std::any_of(std::begin(kNames), std::end(kNames), [&](const char* n) { return callee.text == n; });
}

namespace {

// `Meter()`, `meters.Meter(window=10)`: a call of a name, which may be a class (resolved once every
// module's bindings are known, see resolve_instances).
bool may_make_instance(const Expr& value) {
  return value.kind == ExprKind::Call && !value.children.empty() &&
         (value.children[0].kind == ExprKind::Name || value.children[0].kind == ExprKind::Attribute);
}

// `vars(obj)` or `obj.__dict__`: an instance's attributes as a dict.
bool is_attribute_dict(const Expr& e) {
  if (e.kind == ExprKind::Attribute) return e.text == "__dict__";
  return e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Name &&
         e.children[0].text == "vars";
}

// Writes into such a dict (`vars(self).setdefault("_threads", [])`, `obj.__dict__[name] = v`).
bool writes_attribute_dict(const Expr& e) {
  if (e.kind == ExprKind::Subscript) return !e.children.empty() && is_attribute_dict(e.children[0]);
  return e.kind == ExprKind::Call && !e.children.empty() && e.children[0].kind == ExprKind::Attribute &&
         (e.children[0].text == "setdefault" || e.children[0].text == "update") &&
         !e.children[0].children.empty() && is_attribute_dict(e.children[0].children[0]);
}

// The attribute names some statement of the module assigns or deletes (`<anything>.<attribute> = ...`);
// with kAnyAttribute when it also writes an instance's attributes as a dict, whose names it does not tell.
constexpr const char* kAnyAttribute = "*";
// The attributes target `target` assigns: `a.b.c = v` assigns `c` (not `b`), `self.cache[k] = v` none (it
// writes into the object `self.cache` names), `self.x, self.y = pair` both.
void note_assigned_attributes(const Expr& target, std::unordered_set<std::string>& names) {
  if (target.kind == ExprKind::Attribute) {
    names.insert(target.text);
  } else if (target.kind == ExprKind::Container || target.kind == ExprKind::Starred) {
    for (const Expr& item : target.children) note_assigned_attributes(item, names);
  }
}

std::unordered_set<std::string> assigned_attributes(const ModuleFacts& facts) {
  std::unordered_set<std::string> names;
  auto note_dict_writes = [&](const Expr& e) {
    if (writes_attribute_dict(e)) names.insert(kAnyAttribute);
  };
  for (const Function& f : facts.functions) {
    for_each_statement(f.body, [&](const Stmt& s) {
      if (s.kind == StmtKind::ExprStmt) for_each_expr(s.value, note_dict_writes);
      if (s.kind != StmtKind::Assign && s.kind != StmtKind::AugAssign && s.kind != StmtKind::Delete) return;
      // `self.callbacks += extra` rebinds the name to the object it read, which a list or set extends in
      // place: the list a class body holds is extended, not shadowed.
      if (s.kind == StmtKind::AugAssign && (s.text == "+=" || s.text == "|=")) return;
      for (const Expr& target : s.targets) {
        note_assigned_attributes(target, names);
        for_each_expr(target, note_dict_writes);
      }
    });
  }
  return names;
}

// `self.<name> = <...>.WeakKeyDictionary()` (or WeakValueDictionary, WeakSet) in `f`: by the callee's
// name only, since the module's imports may not be linked yet; weak_container_call resolves it when asked.
void collect_weak_attributes(const Function& f, std::vector<ClassInfo::WeakAttribute>& out) {
  if (f.params.empty()) return;
  const std::string& self_name = f.params[0].name;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Assign || s.value.kind != ExprKind::Call || s.value.children.empty()) return;
    const std::string& callee = s.value.children[0].text;
    if (callee != "WeakKeyDictionary" && callee != "WeakValueDictionary" && callee != "WeakSet") return;
    for (const Expr& target : s.targets) {
      if (target.kind == ExprKind::Attribute && !target.children.empty() &&
          target.children[0].kind == ExprKind::Name && target.children[0].text == self_name)
        out.push_back({target.text, &s.value});
    }
  });
}

void collect_attribute_stores(const Function& f, std::vector<ClassInfo::AttributeStore>& out) {
  if (f.params.empty()) return;
  const std::string& self_name = f.params[0].name;
  auto on_self = [&](const Expr& target) {
    return target.kind == ExprKind::Attribute && !target.children.empty() &&
           target.children[0].kind == ExprKind::Name && target.children[0].text == self_name;
  };
  auto note_unpacked = [&](auto& self, const Expr& target) -> void {
    if (on_self(target)) {
      out.push_back({target.text, nullptr});
    } else if (target.kind == ExprKind::Container || target.kind == ExprKind::Starred) {
      for (const Expr& item : target.children) self(self, item);
    }
  };
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Assign && s.kind != StmtKind::AugAssign) return;
    for (const Expr& target : s.targets) {
      if (!on_self(target)) {
        note_unpacked(note_unpacked, target);
        continue;
      }
      if (s.kind == StmtKind::Assign && s.value.kind == ExprKind::Literal && s.value.text == "None") continue;
      const bool call =
          s.kind == StmtKind::Assign && s.value.kind == ExprKind::Call && !s.value.children.empty();
      // A display, or a call of a plain container type (`deque(maxlen=2)`, `collections.OrderedDict()`).
      const auto plain_type = [](const Expr& callee) {
        const std::string& name = callee.text;
        const std::string_view last = std::string_view(name).substr(name.rfind('.') + 1);
        return (callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute) &&
               (last == "list" || last == "dict" || last == "set" || last == "deque" ||
                last == "OrderedDict" || last == "defaultdict" || last == "Counter");
      };
      const bool plain_container =
          s.kind == StmtKind::Assign &&
          ((s.value.kind == ExprKind::Container && s.value.container != ContainerKind::Generator) ||
           (call && plain_type(s.value.children[0])));
      // `self._rows = store` with `store={}` in the signature.
      const bool from_mutable_default = s.kind == StmtKind::Assign && s.value.kind == ExprKind::Name &&
                                        std::any_of(f.params.begin(), f.params.end(), [&s](const Param& p) {
                                          return p.name == s.value.text && p.has_default &&
                                                 !p.default_per_call &&
                                                 makes_mutable_container(p.default_value);
                                        });
      // `self.tracker = tracker` with `tracker=EmaRangeTracker()` in the signature: the instance a call
      // that leaves it out shares, and the class of what callers are expected to pass.
      const Expr* made_by_default = nullptr;
      if (s.kind == StmtKind::Assign && s.value.kind == ExprKind::Name) {
        for (const Param& p : f.params) {
          if (p.name == s.value.text && p.has_default && p.default_value.kind == ExprKind::Call &&
              !p.default_value.children.empty())
            made_by_default = &p.default_value;
        }
      }
      out.push_back({target.text, call ? &s.value : made_by_default, plain_container, from_mutable_default});
    }
  });
}

// The getter of `name = property(getter, ...)` (or `property(fget=getter)`) in a class body: a method of
// the class defined above it, or a lambda. -1 when `value` is no such property.
int32_t property_getter(const Expr& value, const ClassInfo& info) {
  if (value.kind != ExprKind::Call || value.children.size() < 2) return -1;
  const Expr& callee = value.children[0];
  if (callee.text != "property" ||
      (callee.kind != ExprKind::Name &&
       !(callee.kind == ExprKind::Attribute && !callee.children.empty() &&
         callee.children[0].kind == ExprKind::Name && callee.children[0].text == "builtins")))
    return -1;
  for (size_t i = 1; i < value.children.size(); ++i) {
    if (!(i == 1 && value.arg_names[i].empty()) && value.arg_names[i] != "fget") continue;
    const Expr& getter = value.children[i];
    if (getter.kind == ExprKind::Function) return getter.function_index;
    if (getter.kind != ExprKind::Name) return -1;
    auto method = info.methods.find(getter.text);
    if (method == info.methods.end() || info.method_kinds.at(getter.text) != MethodKind::Instance) return -1;
    return method->second;
  }
  return -1;
}

}  // namespace

void Program::collect_methods(CodeRef ref, std::optional<std::unordered_set<std::string>>& assigned) {
  const ClassDef& def = class_def(ref);
  ClassInfo& info = classes_[static_cast<size_t>(ref.module)][static_cast<size_t>(ref.index)];
  info.defines_del = def.defines_del;
  const ModuleFacts& facts = module(ref.module);
  for (const Stmt& s : def.body) {
    if (s.kind != StmtKind::Assign || s.targets.size() != 1 || s.targets[0].kind != ExprKind::Name) continue;
    const bool container = makes_mutable_container(s.value);
    if (!container && !may_make_instance(s.value)) continue;
    if (!assigned) assigned = assigned_attributes(facts);  // once per module, and only when needed
    if (assigned->count(s.targets[0].text) != 0) {
      if (container) info.shadowed_containers.push_back(s.targets[0].text);
      continue;
    }
    // A module that writes attributes through `vars(obj)` may shadow an instance held by the class. (Not
    // applied to containers: their reads of the class's list, as a registry, stay right more often than
    // not, as in unittest.mock's `_patch._active_patches`.)
    if (!container && assigned->count(kAnyAttribute) != 0) continue;
    // Instances are candidates until resolve_instances knows which calls make a project class's instance;
    // it also sets inherits_shared_containers.
    (container ? info.shared_containers : info.shared_instances).push_back(s.targets[0].text);
  }
  for (const Stmt& s : def.body) {
    if (s.kind != StmtKind::FunctionDef) continue;
    const Function& f = facts.functions[static_cast<size_t>(s.function_index)];
    const HandleRemoval removal = handle_removal(f);
    if (removal.removes) info.handle_removing_methods.push_back(s.text);
    if (removal.skipped_in_exit) info.exit_removal_skipped_line = removal.skipped_line;
    collect_weak_attributes(f, info.weak_attributes);
    if (method_kind_of(f, nullptr) == MethodKind::Instance)
      collect_attribute_stores(f, info.attribute_stores);
    info.stores_mutable_default =
        std::any_of(info.attribute_stores.begin(), info.attribute_stores.end(),
                    [](const ClassInfo::AttributeStore& store) { return store.from_mutable_default; });
    for (std::string& attribute : released_attributes(f))
      info.releases.emplace_back(std::move(attribute), s.text);
    // `@value.setter def value(...)` adds to the property `value`: reading the attribute still calls the
    // getter, so the name keeps the getter (a new getter, `@value.getter`, replaces it).
    bool property_accessor = false;
    const MethodKind kind = method_kind_of(f, &property_accessor);
    if (property_accessor && std::any_of(f.decorators.begin(), f.decorators.end(),
                                         [&](const Decorator& d) { return d.dotted == s.text + ".setter"; }))
      info.property_setters[s.text] = s.function_index;
    if (property_accessor && info.methods.count(s.text) != 0) continue;
    info.methods[s.text] = s.function_index;
    if (s.text == "__setattr__") info.overrides_setattr = true;
    info.method_kinds[s.text] = property_accessor ? MethodKind::Property : kind;
  }
  // `self._undo = contextlib.ExitStack()`, closed in `restore()`: what the stack kept is let go of there.
  std::vector<std::string> exit_stacks;
  for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
    if (store.call != nullptr && !store.call->children.empty() &&
        (store.call->children[0].kind == ExprKind::Name ||
         store.call->children[0].kind == ExprKind::Attribute) &&
        store.call->children[0].text == "ExitStack" &&
        std::find(exit_stacks.begin(), exit_stacks.end(), store.name) == exit_stacks.end())
      exit_stacks.push_back(store.name);
  }
  if (!exit_stacks.empty()) {
    for (const Stmt& s : def.body) {
      if (s.kind != StmtKind::FunctionDef) continue;
      const Function& f = facts.functions[static_cast<size_t>(s.function_index)];
      for (std::string& attribute : exit_stacks_closed(f, exit_stacks))
        info.releases.emplace_back(std::move(attribute), s.text);
    }
  }
  // `_hook = _on_export` and `_hook = functools.partialmethod(_on_export, dtype=...)` in the class body:
  // read on an instance, either is the method bound to it.
  for (const Stmt& s : def.body) {
    if (s.kind != StmtKind::Assign || s.targets.size() != 1 || s.targets[0].kind != ExprKind::Name) continue;
    if (info.methods.count(s.targets[0].text) == 0) {
      if (const int32_t getter = property_getter(s.value, info); getter >= 0) {
        info.methods[s.targets[0].text] = getter;
        info.method_kinds[s.targets[0].text] = MethodKind::Property;
        continue;
      }
    }
    const Expr* named = &s.value;
    if (named->kind == ExprKind::Call && named->children.size() > 1 &&
        (named->children[0].kind == ExprKind::Name || named->children[0].kind == ExprKind::Attribute) &&
        named->children[0].text == "partialmethod" && named->arg_names.size() > 1 &&
        named->arg_names[1].empty())
      named = &named->children[1];
    if (named->kind != ExprKind::Name) continue;
    auto method = info.methods.find(named->text);
    if (method == info.methods.end() || info.methods.count(s.targets[0].text) != 0) continue;
    const MethodKind kind = info.method_kinds.at(named->text);
    if (kind != MethodKind::Instance) continue;
    info.methods[s.targets[0].text] = method->second;
    info.method_kinds[s.targets[0].text] = kind;
  }
}

// Bases are linked first, in whatever module they are: what a class inherits does not depend on the order
// of the files.
void Program::link_class(CodeRef ref, std::vector<std::vector<uint8_t>>& states) {
  auto& st = states[static_cast<size_t>(ref.module)][static_cast<size_t>(ref.index)];
  if (st != 0) return;  // linked, or being linked (a cyclic hierarchy is left as is)
  st = 1;
  const ClassDef& def = class_def(ref);
  ClassInfo& info = classes_[static_cast<size_t>(ref.module)][static_cast<size_t>(ref.index)];
  info.inherits_shadowed_containers = !info.shadowed_containers.empty();
  for (const Expr& base : def.bases) {
    StaticRef r = resolve_expr(ref.module, base);
    if (r.kind == StaticRef::Kind::ProjectClass) {
      link_class(r.code, states);
      info.project_bases.push_back(r.code);
      const ClassInfo& base_info = class_info(r.code);
      info.is_nn_module |= base_info.is_nn_module;
      info.is_autograd_function |= base_info.is_autograd_function;
      info.is_enum |= base_info.is_enum;
      info.defines_del |= base_info.defines_del;
      info.calls_remove |= base_info.calls_remove;
      info.overrides_setattr |= base_info.overrides_setattr;
      info.inherits_shadowed_containers |= base_info.inherits_shadowed_containers;
      info.inherits_shared_containers |= base_info.inherits_shared_containers;
      for (const auto& q : base_info.external_bases) info.external_bases.push_back(q);
    } else if (r.kind == StaticRef::Kind::External) {
      // `class Cache(object)` is `class Cache`: no library code of its own.
      if (r.qualified == "object" || r.qualified == "builtins.object") continue;
      info.external_bases.push_back(r.qualified);
      info.is_nn_module |= is_torch_module_base(r.qualified);
      info.is_autograd_function |= is_autograd_function_base(r.qualified);
      info.is_enum |= is_enum_base(r.qualified);
    }
  }
  link_metaclass(ref, states);
  st = 2;
}

// A project metaclass, the class's own or a base's: what its `__init__` sets on the class it makes
// (`cls._instance_dict = OrderedDict()`) is a container each such class holds, as one in its body is.
void Program::link_metaclass(CodeRef ref, std::vector<std::vector<uint8_t>>& states) {
  const ClassDef& def = class_def(ref);
  ClassInfo& info = classes_[static_cast<size_t>(ref.module)][static_cast<size_t>(ref.index)];
  if (def.metaclass.kind != ExprKind::Unknown) {
    const StaticRef r = resolve_expr(ref.module, def.metaclass);
    if (r.kind == StaticRef::Kind::ProjectClass && r.code != ref) {
      link_class(r.code, states);
      info.metaclass = r.code;
    }
  }
  for (const CodeRef& base : info.project_bases) {
    if (!info.metaclass.valid()) info.metaclass = class_info(base).metaclass;
  }
  if (!info.metaclass.valid()) return;
  const CodeRef init = find_method(info.metaclass, "__init__");
  if (!init.valid()) return;
  const Function& f = function(init);
  if (f.params.empty()) return;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Assign || s.targets.size() != 1 || !makes_mutable_container(s.value)) return;
    const Expr& target = s.targets[0];
    if (target.kind != ExprKind::Attribute || target.children.size() != 1 ||
        target.children[0].kind != ExprKind::Name || target.children[0].text != f.params[0].name)
      return;
    if (std::find(info.shared_containers.begin(), info.shared_containers.end(), target.text) ==
        info.shared_containers.end())
      info.shared_containers.push_back(target.text);
    info.inherits_shared_containers = true;
  });
}

CodeRef Program::find_method(CodeRef cls, const std::string& name, MethodKind* kind) const {
  CodeRef found;
  search_hierarchy(cls, [&](CodeRef current, const ClassInfo& info) {
    auto it = info.methods.find(name);
    if (it == info.methods.end()) return false;
    if (kind != nullptr) *kind = info.method_kinds.at(name);
    found = CodeRef{current.module, it->second};
    return true;
  });
  return found;
}

CodeRef Program::property_setter(CodeRef cls, const std::string& name) const {
  CodeRef found;
  search_hierarchy(cls, [&](CodeRef current, const ClassInfo& info) {
    if (info.methods.count(name) == 0) return false;
    // The class that defines the name decides: a property redefined without a setter has none.
    if (auto setter = info.property_setters.find(name);
        setter != info.property_setters.end() && info.method_kinds.at(name) == MethodKind::Property)
      found = CodeRef{current.module, setter->second};
    return true;
  });
  return found;
}

CodeRef Program::shared_attribute_owner(CodeRef cls, const std::string& attribute,
                                        std::vector<std::string> ClassInfo::*list) const {
  CodeRef owner;
  search_hierarchy(cls, [&](CodeRef current, const ClassInfo& info) {
    const std::vector<std::string>& names = info.*list;
    if (std::find(names.begin(), names.end(), attribute) == names.end()) {
      // A subclass in another module whose methods set the attribute on the instance (`self.features =
      // deque(maxlen=30)` over a base's `features = []`): its instances never read the class's.
      const bool set_on_instances =
          list != &ClassInfo::shadowed_containers &&
          std::any_of(info.attribute_stores.begin(), info.attribute_stores.end(),
                      [&](const ClassInfo::AttributeStore& store) { return store.name == attribute; });
      return set_on_instances;
    }
    owner = current;
    return true;
  });
  return owner;
}

CodeRef Program::shared_container_owner(CodeRef cls, const std::string& attribute) const {
  return shared_attribute_owner(cls, attribute, &ClassInfo::shared_containers);
}

CodeRef Program::shadowed_container_owner(CodeRef cls, const std::string& attribute) const {
  return shared_attribute_owner(cls, attribute, &ClassInfo::shadowed_containers);
}

CodeRef Program::shared_instance_owner(CodeRef cls, const std::string& attribute) const {
  return shared_attribute_owner(cls, attribute, &ClassInfo::shared_instances);
}

void Program::add_enum_members(CodeRef enum_class) {
  ClassInfo& info = classes_[static_cast<size_t>(enum_class.module)][static_cast<size_t>(enum_class.index)];
  for (const Stmt& s : class_def(enum_class).body) {
    // Names with a leading underscore are the enum's settings (`_ignore_`, `_order_`) or private, and a
    // lambda is a method: neither is a member.
    if (s.kind != StmtKind::Assign || s.targets.size() != 1 || s.targets[0].kind != ExprKind::Name ||
        s.targets[0].text.starts_with('_') || s.value.kind == ExprKind::Function)
      continue;
    info.instance_attributes.emplace_back(s.targets[0].text, enum_class);
  }
}

std::optional<Program::Descriptor> Program::descriptor(CodeRef cls, const std::string& attribute) const {
  if (!class_info(cls).holds_descriptors) return std::nullopt;
  std::optional<Descriptor> found;
  search_hierarchy(cls, [&](CodeRef current, const ClassInfo& info) {
    for (const auto* made : {&info.instance_attributes, &info.decorated_by_class}) {
      for (const auto& [name, type] : *made) {
        if (name != attribute) continue;
        const Descriptor d{current, type, find_method(type, "__get__").valid(),
                           find_method(type, "__set__").valid()};
        if (d.has_get || d.has_set) found = d;  // else a plain instance held by the class
        return true;
      }
    }
    // A method of this class hides any descriptor of a base.
    return info.methods.count(attribute) != 0;
  });
  return found;
}

std::vector<std::pair<std::string, Program::Descriptor>> Program::data_descriptors(CodeRef cls) const {
  std::vector<std::pair<std::string, Descriptor>> out;
  if (!class_info(cls).holds_descriptors) return out;
  search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
    for (const auto* made : {&info.instance_attributes, &info.decorated_by_class}) {
      for (const auto& [name, type] : *made) {
        if (std::any_of(out.begin(), out.end(), [&](const auto& entry) { return entry.first == name; }))
          continue;
        if (auto found = descriptor(cls, name); found && found->has_set) out.emplace_back(name, *found);
      }
    }
    return false;
  });
  return out;
}

CodeRef Program::instance_attribute_class(CodeRef cls, const std::string& attribute) const {
  return first_attribute_entry(cls, attribute, &ClassInfo::attribute_classes);
}

CodeRef Program::class_attribute_instance_class(CodeRef cls, const std::string& attribute) const {
  for (const auto& [name, instance_cls] : class_info(cls).instance_attributes) {
    if (name == attribute) return instance_cls;
  }
  return {};
}

std::string Program::instance_attribute_maker(CodeRef cls, const std::string& attribute) const {
  return first_attribute_entry(cls, attribute, &ClassInfo::attribute_makers);
}

void Program::resolve_instances(int32_t module) {
  const ModuleFacts& facts = this->module(module);
  auto project_class_made_by = [&](const Expr& call) {
    const StaticRef callee = resolve_expr(module, call.children[0]);
    return callee.kind == StaticRef::Kind::ProjectClass ? callee.code : CodeRef{};
  };
  for (size_t c = 0; c < facts.classes.size(); ++c) {
    ClassInfo& info = classes_[static_cast<size_t>(module)][c];
    for (const Stmt& s : facts.classes[c].body) {
      if (s.kind != StmtKind::Assign || s.targets.size() != 1 || s.targets[0].kind != ExprKind::Name ||
          !may_make_instance(s.value))
        continue;
      if (const CodeRef made = project_class_made_by(s.value); made.valid())
        info.instance_attributes.emplace_back(s.targets[0].text, made);
    }
    // `@memoized_attribute def names(self)`: the outermost decorator, a project class, makes the attribute.
    for (const Stmt& s : facts.classes[c].body) {
      if (s.kind != StmtKind::FunctionDef) continue;
      const Function& f = facts.functions[static_cast<size_t>(s.function_index)];
      if (f.decorators.empty() || f.decorators[0].is_call || f.decorators[0].dotted.empty()) continue;
      const StaticRef decorator = resolve_dotted(module, f.decorators[0].dotted);
      if (decorator.kind == StaticRef::Kind::ProjectClass)
        info.decorated_by_class.emplace_back(s.text, decorator.code);
    }
    // `self.tracker = Tracker()`: the class every store of the attribute makes, if one project class (one
    // with a library base is left out once the bases are linked).
    for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
      const CodeRef made = store.call != nullptr ? project_class_made_by(*store.call) : CodeRef{};
      note_attribute_entry(info.attribute_classes, store.name, made);
    }
    // `self.rng = random.Random(seed)`: the library function every store of the attribute calls.
    for (const ClassInfo::AttributeStore& store : info.attribute_stores) {
      std::string made;
      if (store.call != nullptr && !store.call->children.empty()) {
        const StaticRef callee = resolve_expr(module, store.call->children[0]);
        if (callee.kind == StaticRef::Kind::External) made = callee.qualified;
      }
      note_attribute_entry(info.attribute_makers, store.name, std::move(made));
    }
    std::erase_if(info.shared_instances, [&](const std::string& name) {
      return std::none_of(info.instance_attributes.begin(), info.instance_attributes.end(),
                          [&](const auto& entry) { return entry.first == name; });
    });
    info.inherits_shared_containers = !info.shared_containers.empty() || !info.shared_instances.empty();
  }
  // Defaults evaluated once: those of a def in the module body or in a class body there.
  for (size_t i = 1; i < facts.functions.size(); ++i) {
    const Function& f = facts.functions[i];
    if (f.parent_function != 0 || f.is_lambda) continue;
    for (const Param& p : f.params) {
      if (!p.has_default || p.default_per_call || !may_make_instance(p.default_value)) continue;
      if (const CodeRef made = project_class_made_by(p.default_value); made.valid())
        default_instances_[static_cast<size_t>(module)].emplace(f.qualname + "(" + p.name + "=...)", made);
    }
  }
}

bool Program::is_subclass_of(CodeRef cls, CodeRef base) const {
  return search_hierarchy(cls, [&](CodeRef current, const ClassInfo&) { return current == base; });
}

WeakContainer Program::global_weak_container(int32_t module, const std::string& name) const {
  const auto& table = bindings_[static_cast<size_t>(module)];
  auto it = table.find(name);
  return it == table.end() ? WeakContainer::None : it->second.weak;
}

WeakContainer Program::weak_container_call(int32_t module, const Expr& value) const {
  if (value.kind != ExprKind::Call || value.children.empty()) return WeakContainer::None;
  const StaticRef callee = resolve_expr(module, value.children[0]);
  auto weak_class = [](std::string_view name) {
    return name == "WeakSet"               ? WeakContainer::Set
           : name == "WeakValueDictionary" ? WeakContainer::ValueDictionary
           : name == "WeakKeyDictionary"   ? WeakContainer::KeyDictionary
                                           : WeakContainer::None;
  };
  if (callee.kind == StaticRef::Kind::External) {
    return callee.qualified.rfind("weakref.", 0) == 0
               ? weak_class(std::string_view(callee.qualified).substr(8))
               : WeakContainer::None;
  }
  // The standard library's own weakref module, when it is part of the checked code.
  return callee.kind == StaticRef::Kind::ProjectClass &&
                 this->module(callee.code.module).module_name == "weakref"
             ? weak_class(class_def(callee.code).name)
             : WeakContainer::None;
}

WeakContainer Program::instance_attribute_weak_container(CodeRef cls, const std::string& attribute) const {
  WeakContainer weak = WeakContainer::None;
  search_hierarchy(cls, [&](CodeRef, const ClassInfo& info) {
    for (const ClassInfo::WeakAttribute& a : info.weak_attributes) {
      if (a.name != attribute) continue;
      weak = a.weak;
      return true;
    }
    return false;
  });
  return weak;
}

WeakContainer Program::module_attribute_weak_container(int32_t module, const std::string& attribute) const {
  const auto& weak = weak_attributes_[static_cast<size_t>(module)];
  auto it = weak.find(attribute);
  return it == weak.end() ? WeakContainer::None : it->second;
}

WeakContainer Program::class_attribute_weak_container(CodeRef cls, const std::string& attribute) const {
  for (const Stmt& s : class_def(cls).body) {
    if (s.kind == StmtKind::Assign && s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name &&
        s.targets[0].text == attribute) {
      return weak_container_call(cls.module, s.value);
    }
  }
  return WeakContainer::None;
}

bool Program::class_attribute_has_removal(CodeRef cls, const std::string& attribute) const {
  return global_has_removal(cls.module, "." + attribute);
}

bool Program::attribute_is_reset(int32_t module, const std::string& attribute) const {
  return global_has_removal(module, "." + attribute) || global_has_removal(module, "=" + attribute);
}

bool Program::is_cached_property_name(const std::string& name) const {
  std::call_once(cached_property_names_once_, [this] {
    for (const auto& classes : classes_) {
      for (const ClassInfo& info : classes) {
        for (const auto& [method, kind] : info.method_kinds) {
          if (kind == MethodKind::CachedProperty) cached_property_names_.insert(method);
        }
      }
    }
  });
  return cached_property_names_.count(name) != 0;
}

bool Program::global_has_removal(int32_t module, const std::string& name) const {
  const auto& removed = removals_[static_cast<size_t>(module)];
  if (removed.find(name) != removed.end()) return true;
  // Taken out where it is imported (`from tracking import _ACTIVE` ... `_ACTIVE.remove(self)`), under its own
  // name.
  std::call_once(imported_removals_once_, [this] {
    for (size_t m = 0; m < modules_.size(); ++m) {
      for (const auto& [local, removed_here] : removals_[m]) {
        auto binding = bindings_[m].find(local);
        if (binding == bindings_[m].end() || binding->second.kind != Binding::Kind::Import ||
            binding->second.import.member != local)
          continue;
        const int32_t defining = module_index(binding->second.import.module, static_cast<int32_t>(m));
        if (defining >= 0) imported_removals_.emplace(defining, local);
      }
    }
  });
  if (imported_removals_.count({module, name}) != 0) return true;
  // A module-level queue some code of the module consumes (`job = _jobs.get()`) lets go of what is put in.
  if (removed.find(name + ".get()") == removed.end()) return false;
  const std::string made_by = global_call_qualified(module, name);
  return made_by == "queue.Queue" || made_by == "queue.SimpleQueue" || made_by == "queue.LifoQueue" ||
         made_by == "queue.PriorityQueue" || made_by == "asyncio.Queue" || made_by == "multiprocessing.Queue";
}

bool Program::global_removed_only_by(int32_t module, const std::string& name,
                                     const std::vector<int32_t>& functions) const {
  const auto& removers = removers_[static_cast<size_t>(module)];
  auto it = removers.find(name);
  if (it == removers.end() || it->second.empty()) return false;
  return std::all_of(it->second.begin(), it->second.end(), [&](int32_t f) {
    return std::find(functions.begin(), functions.end(), f) != functions.end();
  });
}

std::vector<CodeRef> Program::callers_by_name(const std::string& callee) const {
  std::vector<CodeRef> callers;
  for (size_t m = 0; m < modules_.size(); ++m) {
    if (referenced_names_[m].count(callee) == 0) continue;
    const auto& functions = modules_[m]->functions;
    for (size_t f = 0; f < functions.size(); ++f) {
      bool calls = false;
      for_each_statement(functions[f].body, [&](const Stmt& s) {
        if (calls) return;
        for_each_expr(s.value, [&](const Expr& e) {
          calls |= e.kind == ExprKind::Call && !e.children.empty() &&
                   (e.children[0].kind == ExprKind::Name || e.children[0].kind == ExprKind::Attribute) &&
                   e.children[0].text == callee;
        });
      });
      if (calls) callers.push_back(CodeRef{static_cast<int32_t>(m), static_cast<int32_t>(f)});
    }
  }
  return callers;
}

bool Program::removed_only_by_finalizers(int32_t module, const std::string& name) const {
  const auto& removers = removers_[static_cast<size_t>(module)];
  auto it = removers.find(name);
  if (it == removers.end() || it->second.empty()) return false;
  {
    const std::lock_guard<std::mutex> lock(finalizer_removals_mutex_);
    auto known = finalizer_removals_.find({module, name});
    if (known != finalizer_removals_.end()) return known->second;
  }
  auto only_from_finalizers = [&](auto& self, CodeRef f, int depth) -> bool {
    const Function& fn = function(f);
    if (fn.name == "__del__") return true;
    // Python itself calls the other dunders (`__exit__`); module bodies run at import.
    if (depth > 4 || (fn.name.starts_with("__") && fn.name.ends_with("__")) || f.index == 0) return false;
    // A remover nothing calls never runs; a function calling one that nothing calls is an entry point.
    const std::vector<CodeRef> callers = callers_by_name(fn.name);
    if (callers.empty()) return depth == 0;
    return std::all_of(callers.begin(), callers.end(),
                       [&](CodeRef caller) { return caller == f || self(self, caller, depth + 1); });
  };
  const bool dead = std::all_of(it->second.begin(), it->second.end(), [&](int32_t f) {
    return only_from_finalizers(only_from_finalizers, CodeRef{module, f}, 0);
  });
  const std::lock_guard<std::mutex> lock(finalizer_removals_mutex_);
  finalizer_removals_.emplace(std::make_pair(module, name), dead);
  return dead;
}

bool Program::hierarchy_removes_from(CodeRef cls, const std::string& attribute,
                                     bool& only_in_finalizers) const {
  const std::string key = "." + attribute;
  bool removed = false;
  only_in_finalizers = true;
  std::vector<int32_t> modules;
  search_hierarchy(cls, [&](CodeRef current, const ClassInfo&) {
    if (std::find(modules.begin(), modules.end(), current.module) == modules.end())
      modules.push_back(current.module);
    return false;
  });
  for (int32_t module : modules) {
    if (!global_has_removal(module, key)) continue;
    removed = true;
    only_in_finalizers &= removed_only_by_finalizers(module, key);
  }
  if (!removed) only_in_finalizers = false;
  return removed;
}

bool Program::module_calls_removal_on_exit(int32_t module, const std::string& method) const {
  const auto& removers = removers_[static_cast<size_t>(module)];
  auto it = removers.find(method + "()");
  if (it == removers.end()) return false;
  const ModuleFacts& facts = *modules_[static_cast<size_t>(module)];
  return std::any_of(it->second.begin(), it->second.end(), [&facts](int32_t f) {
    const Function& function = facts.functions[static_cast<size_t>(f)];
    return function.owner_class >= 0 && (function.name == "__exit__" || function.name == "__aexit__");
  });
}

bool Program::module_calls_removal(int32_t module, const std::string& method) const {
  return global_has_removal(module, method + "()");
}

namespace {
// `Model().eval()`, `enc.to(device)`, `enc.requires_grad_(False)`: the module itself again, so the call it is
// made on is the one that makes the object.
const Expr* strip_self_returning_calls(const Expr* e) {
  while (e->kind == ExprKind::Call && !e->children.empty() && e->children[0].kind == ExprKind::Attribute &&
         !e->children[0].children.empty() &&
         (returns_the_module(e->children[0].text) || e->children[0].text == "eval" ||
          e->children[0].text == "train" || e->children[0].text == "requires_grad_"))
    e = &e->children[0].children[0];
  return e;
}
}  // namespace

StaticRef Program::global_assigned_callee(int32_t module, const std::string& name) const {
  const auto& table = bindings_[static_cast<size_t>(module)];
  auto it = table.find(name);
  if (it == table.end() || it->second.kind != Binding::Kind::Value || it->second.assignments != 1) return {};
  // `GENERATOR = TinyGenerator().eval().requires_grad_(False)` is the TinyGenerator.
  const Expr* value = it->second.value == nullptr ? nullptr : strip_self_returning_calls(it->second.value);
  if (value == nullptr || value->kind != ExprKind::Call || value->children.empty()) return {};
  return resolve_expr(module, value->children[0]);
}

// The values of the display a module-level name is assigned once (a dict display's values, not its keys),
// in order; none when it is assigned anything else.
namespace {
// Module-level tables with more entries than this are not read entry by entry.
constexpr size_t kMaxDisplayEntries = 128;
}  // namespace

const Expr* Program::global_display(int32_t module, const std::string& name) const {
  const auto& table = bindings_[static_cast<size_t>(module)];
  auto it = table.find(name);
  if (it == table.end() || it->second.kind != Binding::Kind::Value || it->second.assignments != 1)
    return nullptr;
  const Expr* display = it->second.value;
  if (display == nullptr || display->kind != ExprKind::Container || display->text == "comprehension" ||
      display->children.size() > kMaxDisplayEntries)
    return nullptr;
  return display;
}

std::vector<const Expr*> Program::display_values(int32_t module, const std::string& name) const {
  const Expr* display = global_display(module, name);
  if (display == nullptr) return {};
  std::vector<const Expr*> values;
  for (const Expr& child : display->children) {
    // A dict display's keys carry no key name of their own; its values carry theirs.
    if (display->container == ContainerKind::Dict && child.arg_names.empty()) continue;
    values.push_back(&child);
  }
  return values;
}

CodeRef Program::instance_class_made_by(int32_t module, const Expr& value) const {
  if (value.kind != ExprKind::Call || value.children.empty()) return {};
  const StaticRef callee = resolve_expr(module, value.children[0]);
  return callee.kind == StaticRef::Kind::ProjectClass ? callee.code : CodeRef{};
}

bool Program::runs_only_from_finalizer(int32_t module, const Function& function) const {
  if (function.name == "__del__") return true;
  if (function.owner_class < 0 || function.name.starts_with("__")) return false;
  for (size_t m = 0; m < modules_.size(); ++m) {
    if (static_cast<int32_t>(m) != module && module_references(static_cast<int32_t>(m), function.name))
      return false;
  }
  bool called = false, elsewhere = false;
  for (const Function& f : this->module(module).functions) {
    for_each_called_name(f, [&](const std::string& name, bool) {
      if (name != function.name) return;
      called = true;
      elsewhere |= f.name != "__del__";
    });
  }
  return called && !elsewhere;
}

CodeRef Program::operator_result_class(int32_t module, const Expr& value, int depth) const {
  const char* method = binary_operator_method(value.text);
  if (method == nullptr || value.children.size() != 2 || depth > 4) return {};
  const Expr& left = value.children[0];
  const CodeRef cls = left.kind == ExprKind::Arith ? operator_result_class(module, left, depth + 1)
                                                   : instance_class_made_by(module, left);
  if (!cls.valid()) return {};
  const CodeRef defined = find_method(cls, method);
  if (!defined.valid()) return {};
  const Function& f = function(defined);
  bool returns_self = !f.params.empty(), returns = false;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind != StmtKind::Return) return;
    returns = true;
    returns_self &= s.value.kind == ExprKind::Name && s.value.text == f.params[0].name;
  });
  if (returns && returns_self) return cls;
  return class_returned_by(defined);
}

CodeRef Program::class_returned_by(CodeRef function) const {
  const Function& f = this->function(function);
  auto made_class = [&](const Expr& value) { return instance_class_made_by(function.module, value); };
  std::vector<const Expr*> returned;
  for_each_statement(f.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::Return) returned.push_back(strip_self_returning_calls(&s.value));
  });
  if (returned.empty()) return {};
  CodeRef cls;
  for (const Expr* value : returned) {
    CodeRef made;
    if (value->kind == ExprKind::Name) {
      const std::string& local = value->text;
      if (std::any_of(f.params.begin(), f.params.end(), [&](const Param& p) { return p.name == local; }))
        return {};
      bool other = false;
      for_each_statement(f.body, [&](const Stmt& s) {
        for (const Expr& target : s.targets) {
          if (target.kind != ExprKind::Name || target.text != local) continue;
          const CodeRef assigned =
              s.kind == StmtKind::Assign ? made_class(*strip_self_returning_calls(&s.value)) : CodeRef{};
          if (!assigned.valid() || (made.valid() && !(made == assigned))) other = true;
          made = assigned;
        }
      });
      if (other) return {};
    } else {
      made = made_class(*value);
    }
    if (!made.valid() || (cls.valid() && !(cls == made))) return {};
    cls = made;
  }
  return cls;
}

std::vector<StaticRef> Program::global_display_entries(int32_t module, const std::string& name) const {
  const std::vector<const Expr*> values = display_values(module, name);
  std::vector<StaticRef> entries;
  for (size_t index = 0; index < values.size(); ++index) {
    const Expr& value = *values[index];
    if (instance_class_made_by(module, value).valid()) {
      StaticRef instance;
      instance.kind = StaticRef::Kind::ProjectGlobal;
      instance.code.module = module;
      instance.qualified = name + "[" + std::to_string(index) + "]";
      entries.push_back(std::move(instance));
      continue;
    }
    if (value.kind != ExprKind::Name && value.kind != ExprKind::Attribute) return {};
    const StaticRef ref = resolve_expr(module, value);
    if (ref.kind != StaticRef::Kind::ProjectClass && ref.kind != StaticRef::Kind::ProjectFunction &&
        ref.kind != StaticRef::Kind::External)
      return {};
    entries.push_back(ref);
  }
  // And what the project's decorators add to it as their modules are imported (`COMPONENTS = {}` filled by
  // `@register("mlp")`).
  // A table of more than a display's limit is not followed (each entry read would be called).
  if (auto registered = decorator_registrations_.find({module, name});
      registered != decorator_registrations_.end() && global_display(module, name) != nullptr) {
    if (entries.size() + registered->second.size() > kMaxDisplayEntries) return {};
    entries.insert(entries.end(), registered->second.begin(), registered->second.end());
  }
  return entries;
}

void Program::collect_logger_handlers(int32_t module) {
  const ModuleFacts& facts = this->module(module);
  if (facts.functions.empty()) return;
  for (const Stmt& s : facts.functions[0].body) {
    const Expr& call = s.value;
    if (s.kind != StmtKind::ExprStmt || call.kind != ExprKind::Call || call.children.size() != 2 ||
        call.children[0].kind != ExprKind::Attribute || call.children[0].text != "addHandler" ||
        call.children[0].children.empty() || call.children[0].children[0].kind != ExprKind::Name ||
        call.children[1].kind != ExprKind::Name)
      continue;
    const std::string& logger = call.children[0].children[0].text;
    if (global_call_qualified(module, logger) != "logging.getLogger") continue;
    auto& handlers = logger_handlers_[static_cast<size_t>(module)][logger];
    if (std::find(handlers.begin(), handlers.end(), call.children[1].text) == handlers.end())
      handlers.push_back(call.children[1].text);
  }
}

const std::vector<std::string>& Program::logger_handlers(int32_t module, const std::string& logger) const {
  static const std::vector<std::string> kNone;
  const auto& table = logger_handlers_[static_cast<size_t>(module)];
  auto it = table.find(logger);
  return it == table.end() ? kNone : it->second;
}

std::string Program::global_call_qualified(int32_t module, const std::string& name) const {
  StaticRef callee = global_assigned_callee(module, name);
  return callee.kind == StaticRef::Kind::External ? callee.qualified : std::string();
}

const std::vector<std::pair<int32_t, std::string>>& Program::context_variables() const {
  std::call_once(context_variables_found_, [this] {
    for (size_t m = 0; m < modules_.size(); ++m) {
      if (referenced_names_[m].count("ContextVar") == 0) continue;
      std::vector<std::string> names;
      for (const auto& [name, binding] : bindings_[m]) {
        if (binding.kind == Binding::Kind::Value &&
            global_call_qualified(static_cast<int32_t>(m), name) == "contextvars.ContextVar")
          names.push_back(name);
      }
      std::sort(names.begin(), names.end());
      for (std::string& name : names)
        context_variables_.emplace_back(static_cast<int32_t>(m), std::move(name));
    }
  });
  return context_variables_;
}

CodeRef Program::global_factory(int32_t module, const std::string& name) const {
  const StaticRef callee = global_assigned_callee(module, name);
  if (callee.kind != StaticRef::Kind::ProjectFunction) return {};
  // Only a function that returns a function it defines (`return log`, `return lambda ...`): calling the
  // global then runs that function. Others (`app = create_app()`) are left alone, their effects not repeated.
  const Function& factory = function(callee.code);
  std::vector<std::string> nested;
  bool returns_function = false;
  for_each_statement(factory.body, [&](const Stmt& s) {
    if (s.kind == StmtKind::FunctionDef) nested.push_back(s.text);
    if (s.kind != StmtKind::Return) return;
    returns_function |= s.value.kind == ExprKind::Function ||
                        (s.value.kind == ExprKind::Name &&
                         std::find(nested.begin(), nested.end(), s.value.text) != nested.end());
  });
  return returns_function ? callee.code : CodeRef{};
}

CodeRef Program::global_instance_class(int32_t module, const std::string& name) const {
  if (is_default_instance_name(name)) {
    const auto& defaults = default_instances_[static_cast<size_t>(module)];
    auto it = defaults.find(name);
    return it == defaults.end() ? CodeRef{} : it->second;
  }
  // `NAME[i]`: the instance the display NAME makes at position i (see global_display_entries).
  if (name.ends_with(']')) {
    const size_t open = name.rfind('[');
    if (open == std::string::npos || open == 0) return {};
    const std::vector<const Expr*> values = display_values(module, name.substr(0, open));
    const size_t wanted = std::strtoul(name.c_str() + open + 1, nullptr, 10);
    return wanted < values.size() ? instance_class_made_by(module, *values[wanted]) : CodeRef{};
  }
  StaticRef callee = global_assigned_callee(module, name);
  if (callee.kind == StaticRef::Kind::Unknown) {
    const auto& table = bindings_[static_cast<size_t>(module)];
    auto it = table.find(name);
    if (it != table.end() && it->second.kind == Binding::Kind::Value && it->second.assignments == 1 &&
        it->second.value != nullptr && it->second.value->kind == ExprKind::Arith)
      return operator_result_class(module, *it->second.value);
  }
  if (callee.kind == StaticRef::Kind::ProjectFunction) return class_returned_by(callee.code);
  return callee.kind == StaticRef::Kind::ProjectClass ? callee.code : CodeRef{};
}

std::string Program::default_instance_name(CodeRef function, size_t param) const {
  const Function& f = this->function(function);
  if (param >= f.params.size()) return {};
  std::string name = f.qualname + "(" + f.params[param].name + "=...)";
  return default_instances_[static_cast<size_t>(function.module)].count(name) != 0 ? name : std::string();
}

}  // namespace cyclecheck
