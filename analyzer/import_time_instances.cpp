#include "analyzer/import_time_instances.hpp"

#include <bitset>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "analyzer/parallel.hpp"

namespace cyclecheck {

namespace {

// The project's class names, with a filter on their first letter and length that rules out most other
// names before hashing them: every name and attribute of the project is looked up.
class ClassNames {
 public:
  void insert(std::string_view name) {
    names_.insert(name);
    shapes_.set(shape(name));
  }
  bool contains(std::string_view name) const { return shapes_.test(shape(name)) && names_.contains(name); }
  bool empty() const { return names_.empty(); }

 private:
  static size_t shape(std::string_view name) {
    return name.empty() ? 0 : (static_cast<unsigned char>(name[0]) * 31 + name.size()) % kShapes;
  }
  static constexpr size_t kShapes = 4096;
  std::unordered_set<std::string_view> names_;
  std::bitset<kShapes> shapes_;
};

// One pass over every expression of a module: where each class is called, and whether it is referred to in
// any other way.
class ClassUses {
 public:
  ClassUses(const Program& program, const ClassNames& class_names)
      : program_(program), class_names_(class_names) {}

  void scan_module(int32_t module) {
    module_ = module;
    const ModuleFacts& facts = program_.module(module);
    for (size_t f = 0; f < facts.functions.size(); ++f) {
      const Function& function = facts.functions[f];
      for (const Param& p : function.params) expr(p.default_value, nullptr, nullptr);
      for (const Decorator& d : function.decorators) dotted(d.dotted);
      owner_ = function.owner_class >= 0 ? CodeRef{module, function.owner_class} : CodeRef{};
      block(function.body, f == 0, 0);
    }
    owner_ = {};
    for (const ClassDef& def : facts.classes) {
      for (const Expr& base : def.bases) expr(base, nullptr, nullptr);
      expr(def.metaclass, nullptr, nullptr);
      for (const Decorator& d : def.decorators) dotted(d.dotted);
      block(def.body, false, 0);
    }
  }

  std::unordered_map<uint64_t, ImportTimeHolder> made_at_import;  // the first such site of each class
  std::unordered_set<uint64_t> used_otherwise;

 private:
  CodeRef project_class(const Expr& e) const {
    if ((e.kind != ExprKind::Name && e.kind != ExprKind::Attribute) || !class_names_.contains(e.text))
      return {};
    const StaticRef ref = program_.resolve_expr(module_, e);
    return ref.kind == StaticRef::Kind::ProjectClass ? ref.code : CodeRef{};
  }

  void dotted(const std::string& name) {
    if (name.empty()) return;
    const size_t dot = name.rfind('.');
    if (!class_names_.contains(std::string_view(name).substr(dot == std::string::npos ? 0 : dot + 1))) return;
    const StaticRef ref = program_.resolve_dotted(module_, name);
    if (ref.kind == StaticRef::Kind::ProjectClass) used_otherwise.insert(ref.code.key());
  }

  void block(const std::vector<Stmt>& body, bool module_body, int loops) {
    for (const Stmt& s : body) {
      const bool global_assignment = module_body && loops == 0 && s.kind == StmtKind::Assign &&
                                     s.targets.size() == 1 && s.targets[0].kind == ExprKind::Name;
      if (global_assignment && s.value.kind == ExprKind::Call) {
        const ImportTimeHolder holder{module_, s.targets[0].text, false};
        expr(s.value, &s.value, &holder);
      } else if (global_assignment && s.value.kind == ExprKind::Container) {
        const ImportTimeHolder holder{module_, s.targets[0].text, true};
        for (const Expr& element : s.value.children) expr(element, &element, &holder);
      } else {
        expr(s.value, nullptr, nullptr);
      }
      for (const Expr& target : s.targets) expr(target, nullptr, nullptr);
      for (const Handler& h : s.handlers) expr(h.type, nullptr, nullptr);
      const int inner = loops + (s.kind == StmtKind::For || s.kind == StmtKind::While ? 1 : 0);
      block(s.body, module_body, inner);
      block(s.orelse, module_body, inner);
      block(s.finalbody, module_body, loops);
      for (const Handler& h : s.handlers) block(h.body, module_body, loops);
    }
  }

  // `allowed`: the call that may make an instance at import, kept by `holder`.
  void expr(const Expr& e, const Expr* allowed, const ImportTimeHolder* holder) {
    if (e.kind == ExprKind::Call && !e.children.empty()) {
      const Expr& callee = e.children[0];
      if (const CodeRef cls = project_class(callee); cls.valid()) {
        if (&e == allowed) {
          made_at_import.try_emplace(cls.key(), *holder);
        } else {
          used_otherwise.insert(cls.key());
        }
        for (size_t i = 1; i < e.children.size(); ++i) expr(e.children[i], nullptr, nullptr);
        return;
      }
      // A method making an instance of its own class another way (`cls(...)`, `type(self)(...)`,
      // `self.__class__(...)`).
      if (owner_.valid() &&
          ((callee.kind == ExprKind::Name && callee.text == "cls") ||
           (callee.kind == ExprKind::Attribute && callee.text == "__class__") ||
           (callee.kind == ExprKind::Call && !callee.children.empty() &&
            callee.children[0].kind == ExprKind::Name && callee.children[0].text == "type")))
        used_otherwise.insert(owner_.key());
      // A class tested or named for super() is not a factory handed on.
      const bool names_only =
          callee.kind == ExprKind::Name &&
          (callee.text == "isinstance" || callee.text == "issubclass" || callee.text == "super");
      expr(callee, nullptr, nullptr);
      for (size_t i = 1; i < e.children.size(); ++i) {
        const Expr& argument = e.children[i];
        if (names_only && argument.kind == ExprKind::Container) {
          for (const Expr& element : argument.children) {
            if (!project_class(element).valid()) expr(element, nullptr, nullptr);
          }
        } else if (!names_only || !project_class(argument).valid()) {
          expr(argument, nullptr, nullptr);
        }
      }
      return;
    }
    if (const CodeRef cls = project_class(e); cls.valid()) {
      used_otherwise.insert(cls.key());
      return;
    }
    for (const Expr& child : e.children) expr(child, nullptr, nullptr);
  }

  const Program& program_;
  const ClassNames& class_names_;
  int32_t module_ = -1;
  CodeRef owner_;  // the class of the method being scanned
};

}  // namespace

std::unordered_map<uint64_t, ImportTimeHolder> import_time_instances(const Program& program) {
  // Only the classes some module-level assignment calls can qualify, with their subclasses, whose
  // constructions elsewhere rule them out: the scan looks up those names only, and is skipped without any.
  const auto modules = static_cast<int32_t>(program.modules().size());
  std::unordered_set<std::string_view> assigned;
  for (int32_t m = 0; m < modules; ++m) {
    const std::vector<Function>& functions = program.module(m).functions;
    if (functions.empty()) continue;
    for_each_statement(functions[0].body, [&](const Stmt& s) {
      if (s.kind != StmtKind::Assign) return;
      auto note = [&](const Expr& e) {
        if (e.kind == ExprKind::Call && !e.children.empty()) assigned.insert(e.children[0].text);
      };
      note(s.value);
      if (s.value.kind == ExprKind::Container) {
        for (const Expr& element : s.value.children) note(element);
      }
    });
  }
  ClassNames class_names;
  for (int32_t m = 0; m < modules; ++m) {
    const auto classes = static_cast<int32_t>(program.module(m).classes.size());
    for (int32_t c = 0; c < classes; ++c) {
      std::vector<CodeRef> pending{CodeRef{m, c}};
      std::unordered_set<uint64_t> seen;
      bool candidate = false;
      while (!pending.empty() && !candidate) {
        const CodeRef at = pending.back();
        pending.pop_back();
        if (!seen.insert(at.key()).second) continue;
        candidate = assigned.contains(program.class_def(at).name);
        for (CodeRef base : program.class_info(at).project_bases) pending.push_back(base);
      }
      if (candidate) class_names.insert(program.module(m).classes[static_cast<size_t>(c)].name);
    }
  }
  if (class_names.empty()) return {};
  // Each module scanned apart, merged in module order: the first site of a class is the same whatever the
  // threads.
  std::vector<ClassUses> per_module(static_cast<size_t>(modules), ClassUses(program, class_names));
  parallel_for(per_module.size(), [&](size_t m) { per_module[m].scan_module(static_cast<int32_t>(m)); });
  ClassUses uses(program, class_names);
  for (ClassUses& part : per_module) {
    for (auto& [key, holder] : part.made_at_import) uses.made_at_import.try_emplace(key, std::move(holder));
    uses.used_otherwise.merge(part.used_otherwise);
  }

  // A class qualifies with its subclasses, whose instances run its methods: one made otherwise rules out
  // every base; one made at import gives its bases a holder.
  std::unordered_set<uint64_t> ruled_out;
  std::unordered_map<uint64_t, ImportTimeHolder> holders;
  for (int32_t m = 0; m < modules; ++m) {
    const auto classes = static_cast<int32_t>(program.module(m).classes.size());
    for (int32_t c = 0; c < classes; ++c) {
      const CodeRef cls{m, c};
      const uint64_t key = cls.key();
      const bool otherwise = uses.used_otherwise.contains(key);
      const auto made = uses.made_at_import.find(key);
      if (!otherwise && made == uses.made_at_import.end()) continue;  // never made: nothing to say
      std::vector<CodeRef> pending{cls};
      std::unordered_set<uint64_t> seen;
      while (!pending.empty()) {
        const CodeRef ancestor = pending.back();
        pending.pop_back();
        if (!seen.insert(ancestor.key()).second) continue;
        if (otherwise) {
          ruled_out.insert(ancestor.key());
        } else {
          holders.try_emplace(ancestor.key(), made->second);
        }
        for (CodeRef base : program.class_info(ancestor).project_bases) pending.push_back(base);
      }
    }
  }
  std::erase_if(holders, [&](const auto& entry) { return ruled_out.contains(entry.first); });
  return holders;
}

}  // namespace cyclecheck
