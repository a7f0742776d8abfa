// The Lowerer's definitions: decorators, functions, parameters and their annotations, classes, and the
// `__init__` a dataclass-like decorator writes (analyzer/lowerer.hpp).

#include <tree_sitter/api.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/annotations.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/lowerer.hpp"

namespace cyclecheck {

Stmt Lowerer::decorator_application(Expr decorator, TSNode def) {
  Stmt s;
  s.kind = StmtKind::Assign;
  s.text = "@";
  s.site = decorator.site;
  const TSNode name_node = field(def, g_.f_name);
  Expr name;
  name.kind = ExprKind::Name;
  name.site = ts_node_is_null(name_node) ? s.site : site(name_node);
  name.text = ts_node_is_null(name_node) ? "<anonymous>" : text(name_node);
  s.targets.push_back(name);
  s.value.kind = ExprKind::Call;
  s.value.site = s.site;
  s.value.children.push_back(std::move(decorator));
  s.value.children.push_back(std::move(name));
  s.value.arg_names = {"", ""};
  return s;
}

Decorator Lowerer::lower_decorator(TSNode node) {
  Decorator d;
  d.site = site(node);
  if (ts_node_named_child_count(node) == 0) return d;
  TSNode expr = ts_node_named_child(node, 0);
  if (ts_node_symbol(expr) == g_.call) {
    d.is_call = true;
    expr = field(expr, g_.f_function);
  }
  if (!ts_node_is_null(expr) &&
      (ts_node_symbol(expr) == g_.identifier || ts_node_symbol(expr) == g_.attribute)) {
    d.dotted = text(expr);
    d.dotted.erase(
        std::remove_if(d.dotted.begin(), d.dotted.end(), [](char c) { return c == ' ' || c == '\n'; }),
        d.dotted.end());
  }
  return d;
}

void Lowerer::lower_function_definition(TSNode node, std::vector<Decorator> decorators,
                                        std::vector<Stmt>& out) {
  TSNode name_node = field(node, g_.f_name);
  const std::string name = ts_node_is_null(name_node) ? "<anonymous>" : text(name_node);
  const int32_t index =
      begin_function(name, ts_node_is_null(name_node) ? site(node) : site(name_node), false);
  Function& f = facts_.functions[static_cast<size_t>(index)];
  f.decorators = std::move(decorators);
  {
    // Defaults are evaluated in the enclosing scope.
    FunctionScope scope(*this, index, lower_parameters(field(node, g_.f_parameters)));
    std::vector<Stmt> body;
    lower_body(field(node, g_.f_body), body);
    facts_.functions[static_cast<size_t>(index)].body = std::move(body);
    facts_.functions[static_cast<size_t>(index)].is_async = starts_with_async(node);
  }
  bind_local(name);
  Stmt s;
  s.kind = StmtKind::FunctionDef;
  s.site = site(node);
  s.function_index = index;
  s.text = class_body_name(name);  // `def __step(self)` is the class's `_Class__step`
  out.push_back(std::move(s));
}

bool Lowerer::starts_with_async(TSNode definition) {
  if (ts_node_child_count(definition) == 0) return false;
  const TSNode first = ts_node_child(definition, 0);
  return !ts_node_is_named(first) && std::strcmp(ts_node_type(first), "async") == 0;
}

Lowerer::FunctionScope::FunctionScope(Lowerer& lowerer, int32_t index, std::vector<Param> params)
    : lowerer_(lowerer),
      index_(index),
      saved_function_(lowerer.current_function_),
      saved_class_(lowerer.current_class_),
      enclosing_yields_(lowerer.contains_yield_) {
  lowerer_.current_function_ = index;
  lowerer_.current_class_ = -1;
  lowerer_.contains_yield_ = false;
  for (const auto& p : params) lowerer_.bind_local(p.name);
  lowerer_.facts_.functions[static_cast<size_t>(index)].params = std::move(params);
}

Lowerer::FunctionScope::~FunctionScope() {
  lowerer_.facts_.functions[static_cast<size_t>(index_)].is_generator = lowerer_.contains_yield_;
  lowerer_.contains_yield_ = enclosing_yields_;
  lowerer_.current_function_ = saved_function_;
  lowerer_.current_class_ = saved_class_;
}

int32_t Lowerer::begin_function(const std::string& name, Site where, bool is_lambda) {
  Function f;
  f.name = name;
  f.site = where;
  f.is_lambda = is_lambda;
  f.parent_function = current_function_;
  f.owner_class = current_class_;
  std::string prefix;
  if (current_class_ >= 0) {
    prefix = facts_.classes[static_cast<size_t>(current_class_)].qualname + ".";
  } else if (current_function_ > 0) {
    prefix = fn().qualname + ".<locals>.";
  }
  f.qualname = prefix + name;
  facts_.functions.push_back(std::move(f));
  reads_.emplace_back();
  local_sets_.emplace_back();
  return static_cast<int32_t>(facts_.functions.size() - 1);
}

std::vector<Param> Lowerer::lower_parameters(TSNode node) {
  std::vector<Param> params;
  if (ts_node_is_null(node)) return params;
  bool keyword_only = false;
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    const TSSymbol sym = ts_node_symbol(child);
    Param p;
    p.site = site(child);
    p.kind = keyword_only ? ParamKind::KeywordOnly : ParamKind::Positional;
    if (sym == g_.identifier) {
      p.name = text(child);
    } else if (sym == g_.default_parameter || sym == g_.typed_default_parameter) {
      p.name = text(field(child, g_.f_name));
      TSNode value = field(child, g_.f_value);
      if (!ts_node_is_null(value)) {
        p.has_default = true;
        p.default_value = lower_expr(value);
      }
    } else if (sym == g_.typed_parameter) {
      if (ts_node_named_child_count(child) == 0) continue;
      TSNode inner = ts_node_named_child(child, 0);
      if (ts_node_symbol(inner) == g_.list_splat_pattern) {
        p.kind = ParamKind::VarArgs;
        keyword_only = true;
        inner = ts_node_named_child_count(inner) ? ts_node_named_child(inner, 0) : inner;
      } else if (ts_node_symbol(inner) == g_.dictionary_splat_pattern) {
        p.kind = ParamKind::VarKeywords;
        inner = ts_node_named_child_count(inner) ? ts_node_named_child(inner, 0) : inner;
      }
      p.name = text(inner);
    } else if (sym == g_.list_splat_pattern) {
      p.kind = ParamKind::VarArgs;
      keyword_only = true;
      if (ts_node_named_child_count(child) == 0) continue;
      p.name = text(ts_node_named_child(child, 0));
    } else if (sym == g_.dictionary_splat_pattern) {
      p.kind = ParamKind::VarKeywords;
      if (ts_node_named_child_count(child) == 0) continue;
      p.name = text(ts_node_named_child(child, 0));
    } else if (sym == g_.keyword_separator) {
      keyword_only = true;
      continue;
    } else {
      continue;
    }
    if (p.name.empty()) continue;
    if (sym == g_.typed_parameter || sym == g_.typed_default_parameter) annotate(field(child, g_.f_type), p);
    params.push_back(std::move(p));
  }
  return params;
}

void Lowerer::annotate(TSNode type, Param& p) {
  if (ts_node_is_null(type) || p.kind == ParamKind::VarKeywords) return;
  AnnotatedClass hint = annotated_class(text(type));
  if (p.kind == ParamKind::VarArgs) {
    if (hint.elements) return;
    hint.elements = true;
  }
  p.annotation = std::move(hint.dotted);
  p.annotation_elements = hint.elements && !p.annotation.empty();
}

void Lowerer::lower_class_definition(TSNode node, std::vector<Decorator> decorators, std::vector<Stmt>& out) {
  ClassDef c;
  TSNode name_node = field(node, g_.f_name);
  c.name = ts_node_is_null(name_node) ? "<anonymous>" : text(name_node);
  c.site = ts_node_is_null(name_node) ? site(node) : site(name_node);
  c.decorators = std::move(decorators);
  c.parent_function = current_function_;
  c.qualname = (current_class_ >= 0     ? facts_.classes[static_cast<size_t>(current_class_)].qualname + "."
                : current_function_ > 0 ? fn().qualname + ".<locals>."
                                        : std::string()) +
               c.name;
  TSNode supers = field(node, g_.f_superclasses);
  if (!ts_node_is_null(supers)) {
    const NamedChildren supers_children(*this, supers);
    const uint32_t count = supers_children.size();
    for (uint32_t i = 0; i < count; ++i) {
      TSNode base = supers_children[i];
      if (ts_node_symbol(base) == g_.keyword_argument) {
        const FieldChildren keyword(*this, base);
        const TSNode name = keyword[g_.f_name], value = keyword[g_.f_value];
        if (!ts_node_is_null(name) && !ts_node_is_null(value) && text_is(name, "metaclass"))
          c.metaclass = lower_expr(value);
        continue;  // other class keywords go to __init_subclass__
      }
      c.bases.push_back(lower_expr(base));
    }
  }
  facts_.classes.push_back(std::move(c));
  const int32_t index = static_cast<int32_t>(facts_.classes.size() - 1);
  const int32_t saved_class = current_class_;
  current_class_ = index;
  // Python mangles `__name` in the class body and in everything nested in it: `_Class__name`.
  std::string saved_mangling = std::move(mangling_prefix_);
  {
    const std::string& name = facts_.classes[static_cast<size_t>(index)].name;
    const size_t first = name.find_first_not_of('_');
    mangling_prefix_ = first == std::string::npos ? std::string() : "_" + name.substr(first);
  }
  std::vector<Stmt> body;
  lower_body(field(node, g_.f_body), body);
  current_class_ = saved_class;
  mangling_prefix_ = std::move(saved_mangling);
  if (generates_init(facts_.classes[static_cast<size_t>(index)].decorators))
    add_generated_init(field(node, g_.f_body), index, body);
  ClassDef& cls = facts_.classes[static_cast<size_t>(index)];
  for (const Stmt& s : body) {
    if (s.kind == StmtKind::FunctionDef && s.text == "__del__") cls.defines_del = true;
  }
  cls.body = std::move(body);
  bind_local(cls.name);
  Stmt s;
  s.kind = StmtKind::ClassDef;
  s.site = site(node);
  s.class_index = index;
  s.text = cls.name;
  out.push_back(std::move(s));
}

// ---- classes whose decorator writes __init__ ---------------------------------------------------

// `F` of `field(default_factory=F)` (dataclasses) or `attr.ib(factory=F)` / `attrs.field(factory=F)`; null
// for any other value.
static const Expr* default_factory(const Expr& value) {
  if (value.kind != ExprKind::Call || value.children.empty()) return nullptr;
  const Expr& callee = value.children[0];
  if ((callee.kind != ExprKind::Name && callee.kind != ExprKind::Attribute) ||
      (callee.text != "field" && callee.text != "ib" && callee.text != "attrib"))
    return nullptr;
  for (size_t i = 1; i < value.children.size() && i < value.arg_names.size(); ++i) {
    if (value.arg_names[i] == "default_factory" || value.arg_names[i] == "factory") return &value.children[i];
  }
  return nullptr;
}

bool Lowerer::generates_init(const std::vector<Decorator>& decorators) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "dataclass",   "dataclasses.dataclass", "define",       "frozen",
      "attr.define", "attr.frozen",           "attrs.define", "attrs.frozen"};
  return std::any_of(decorators.begin(), decorators.end(), [](const Decorator& d) {
    return std::find(kNames.begin(), kNames.end(), d.dotted) != kNames.end();
  });
}

void Lowerer::add_generated_init(TSNode class_body, int32_t class_index, std::vector<Stmt>& body) {
  bool post_init = false;
  for (const Stmt& s : body) {
    if (s.kind == StmtKind::FunctionDef && s.text == "__init__") return;
    post_init |= s.kind == StmtKind::FunctionDef && s.text == "__post_init__";
  }
  if (ts_node_is_null(class_body)) return;
  struct FieldDecl {
    std::string name;
    Site site;
  };
  std::vector<FieldDecl> fields;
  const NamedChildren statements(*this, class_body);
  for (uint32_t i = 0; i < statements.size(); ++i) {
    const TSNode statement = statements[i];
    if (ts_node_symbol(statement) != g_.expression_statement || ts_node_named_child_count(statement) == 0)
      continue;
    const TSNode assignment = ts_node_named_child(statement, 0);
    if (ts_node_symbol(assignment) != g_.assignment) continue;
    const FieldChildren parts(*this, assignment);
    const TSNode name = parts[g_.f_left], type = parts[g_.f_type], value = parts[g_.f_right];
    if (ts_node_is_null(type) || ts_node_is_null(name) || ts_node_symbol(name) != g_.identifier) continue;
    const std::string annotation = text(type);
    // Class variables and fields left out of __init__ are not parameters.
    if (annotation.find("ClassVar") != std::string::npos || annotation.find("KW_ONLY") != std::string::npos ||
        (!ts_node_is_null(value) && text(value).find("init=False") != std::string::npos))
      continue;
    fields.push_back({text(name), site(statement)});
  }
  const ClassDef& cls = facts_.classes[static_cast<size_t>(class_index)];
  // With base classes, inherited fields come first and are not seen here: only keywords bind safely.
  const bool keyword_only = !cls.bases.empty();
  const Site class_site = cls.site;
  const int32_t saved_function = current_function_;
  const int32_t saved_class = current_class_;
  current_class_ = class_index;
  const int32_t index = begin_function("__init__", class_site, false);
  current_function_ = index;
  current_class_ = -1;
  Function& init = facts_.functions[static_cast<size_t>(index)];
  auto name_expr = [](const std::string& name, Site where) {
    Expr e;
    e.kind = ExprKind::Name;
    e.text = name;
    e.site = where;
    return e;
  };
  auto self_attribute = [&](const std::string& attribute, Site where) {
    Expr e;
    e.kind = ExprKind::Attribute;
    e.text = attribute;
    e.site = where;
    e.children.push_back(name_expr("self", where));
    return e;
  };
  Param self;
  self.name = "self";
  self.site = class_site;
  init.params.push_back(std::move(self));
  for (const FieldDecl& f : fields) {
    Param p;
    p.name = f.name;
    p.kind = keyword_only ? ParamKind::KeywordOnly : ParamKind::Positional;
    p.site = f.site;
    for (const Stmt& s : body) {
      if (s.kind == StmtKind::Assign && s.value.kind == ExprKind::Call && s.targets.size() == 1 &&
          s.targets[0].kind == ExprKind::Name && s.targets[0].text == f.name) {
        p.has_default = true;
        p.default_value = s.value;
        if (const Expr* factory = default_factory(s.value)) {
          Expr made;
          made.kind = ExprKind::Call;
          made.site = factory->site;
          made.children.push_back(*factory);
          made.arg_names.emplace_back();
          p.default_value = std::move(made);
          p.default_per_call = true;
        }
      }
    }
    init.params.push_back(std::move(p));
    Stmt store;
    store.kind = StmtKind::Assign;
    store.site = f.site;
    store.targets.push_back(self_attribute(f.name, f.site));
    store.value = name_expr(f.name, f.site);
    init.body.push_back(std::move(store));
  }
  if (post_init) {
    Stmt call;
    call.kind = StmtKind::ExprStmt;
    call.site = class_site;
    call.value.kind = ExprKind::Call;
    call.value.site = class_site;
    call.value.children.push_back(self_attribute("__post_init__", class_site));
    init.body.push_back(std::move(call));
  }
  for (const Param& p : init.params) bind_local(p.name);
  current_function_ = saved_function;
  current_class_ = saved_class;
  Stmt def;
  def.kind = StmtKind::FunctionDef;
  def.site = class_site;
  def.function_index = index;
  def.text = "__init__";
  body.push_back(std::move(def));
}

}  // namespace cyclecheck
