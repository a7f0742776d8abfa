// The Lowerer's statements: blocks, expression statements (assignments, `setattr`), if/for/while, try,
// with, match, del, global/nonlocal and imports (analyzer/lowerer.hpp).

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/lowerer.hpp"
#include "analyzer/stdlib_backports.hpp"

namespace cyclecheck {

void Lowerer::lower_block_children(TSNode parent, std::vector<Stmt>& out) {
  const NamedChildren parent_children(*this, parent);
  const uint32_t count = parent_children.size();
  // Reserved up front: statements are large, and growing a long body moved each of them many times.
  if (out.empty()) out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) lower_statement(parent_children[i], out);
}

void Lowerer::lower_body(TSNode node, std::vector<Stmt>& out) {
  if (ts_node_is_null(node)) return;
  if (ts_node_symbol(node) == g_.block) {
    lower_block_children(node, out);
  } else {
    lower_statement(node, out);
  }
}

// tree-sitter-python reads `type(self).attr = value` as a type alias statement (`type` is a soft keyword):
// its left side is `(self).attr`. A real alias (`type Vector = list[float]`) names something; one whose left
// side is an attribute or subscript of a parenthesized expression is the assignment it looks like, to an
// attribute of `type(...)`.
void Lowerer::lower_type_statement(TSNode node, std::vector<Stmt>& out) {
  const FieldChildren fields(*this, node);
  const TSNode left = fields[g_.f_left], right = fields[g_.f_right];
  if (ts_node_is_null(left) || ts_node_is_null(right) || ts_node_named_child_count(left) != 1 ||
      ts_node_named_child_count(right) != 1)
    return;
  const TSNode target = ts_node_named_child(left, 0);
  const TSSymbol target_sym = ts_node_symbol(target);
  if (target_sym != g_.attribute && target_sym != g_.subscript) return;
  // The innermost object of the target must be the parenthesized argument of `type`.
  TSNode object = target;
  while (ts_node_symbol(object) == g_.attribute || ts_node_symbol(object) == g_.subscript) {
    const TSNode inner = ts_node_named_child(object, 0);
    if (ts_node_is_null(inner)) return;
    object = inner;
  }
  if (ts_node_symbol(object) != g_.parenthesized_expression) return;
  Stmt s;
  s.kind = StmtKind::Assign;
  s.site = site(node);
  Expr lowered = lower_target(target);
  Expr* innermost = &lowered;
  while ((innermost->kind == ExprKind::Attribute || innermost->kind == ExprKind::Subscript) &&
         !innermost->children.empty())
    innermost = &innermost->children[0];
  Expr type_name;
  type_name.kind = ExprKind::Name;
  type_name.text = "type";
  type_name.site = site(object);
  Expr call;
  call.kind = ExprKind::Call;
  call.site = site(object);
  call.children.push_back(std::move(type_name));
  call.children.push_back(std::move(*innermost));
  call.arg_names = {"", ""};
  *innermost = std::move(call);
  s.targets.push_back(std::move(lowered));
  s.value = lower_expr(ts_node_named_child(right, 0));
  out.push_back(std::move(s));
}

void Lowerer::lower_statement(TSNode node, std::vector<Stmt>& out) {
  DepthGuard guard(depth_);
  if (too_deep(node)) return;
  const TSSymbol sym = ts_node_symbol(node);
  if (sym == g_.expression_statement) {
    lower_expression_statement(node, out);
  } else if (sym == g_.type_alias_statement) {
    lower_type_statement(node, out);
  } else if (sym == g_.function_definition) {
    lower_function_definition(node, {}, out);
  } else if (sym == g_.class_definition) {
    lower_class_definition(node, {}, out);
  } else if (sym == g_.decorated_definition) {
    TSNode def = field(node, g_.f_definition);
    // A function defined in a function body is rebound to what its decorators return, as Python does
    // (`@self.events.on("step") def log(...)` hands the closure to `on`'s registry); module-level and
    // class-level definitions keep their own binding, which calls resolve through.
    const bool applied = !ts_node_is_null(def) && ts_node_symbol(def) == g_.function_definition &&
                         current_function_ > 0 && current_class_ < 0;
    std::vector<Decorator> decorators;
    std::vector<Stmt> applications;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = node_children[i];
      if (ts_node_symbol(child) != g_.decorator) continue;
      decorators.push_back(lower_decorator(child));
      // Decorator expressions run in the enclosing scope.
      Stmt eval;
      eval.kind = StmtKind::ExprStmt;
      eval.site = site(child);
      if (ts_node_named_child_count(child) > 0) eval.value = lower_expr(ts_node_named_child(child, 0));
      if (applied && eval.value.kind != ExprKind::Unknown) {
        applications.push_back(decorator_application(std::move(eval.value), def));
        continue;
      }
      out.push_back(std::move(eval));
    }
    if (ts_node_is_null(def)) return;
    if (ts_node_symbol(def) == g_.function_definition) {
      lower_function_definition(def, std::move(decorators), out);
    } else if (ts_node_symbol(def) == g_.class_definition) {
      lower_class_definition(def, std::move(decorators), out);
    }
    // The decorator nearest the definition applies first.
    for (auto it = applications.rbegin(); it != applications.rend(); ++it) out.push_back(std::move(*it));
  } else if (sym == g_.if_statement) {
    lower_if(node, out);
  } else if (sym == g_.for_statement) {
    Stmt s;
    s.kind = StmtKind::For;
    s.site = site(node);
    s.targets.push_back(lower_target(field(node, g_.f_left)));
    s.value = lower_expr(field(node, g_.f_right));
    lower_body(field(node, g_.f_body), s.body);
    TSNode alt = field(node, g_.f_alternative);
    if (!ts_node_is_null(alt)) lower_body(field(alt, g_.f_body), s.orelse);
    out.push_back(std::move(s));
  } else if (sym == g_.while_statement) {
    Stmt s;
    s.kind = StmtKind::While;
    s.site = site(node);
    s.value = lower_expr(field(node, g_.f_condition));
    lower_body(field(node, g_.f_body), s.body);
    TSNode alt = field(node, g_.f_alternative);
    if (!ts_node_is_null(alt)) lower_body(field(alt, g_.f_body), s.orelse);
    out.push_back(std::move(s));
  } else if (sym == g_.try_statement) {
    lower_try(node, out);
  } else if (sym == g_.with_statement) {
    lower_with(node, out);
  } else if (sym == g_.return_statement || sym == g_.raise_statement) {
    Stmt s;
    s.kind = sym == g_.return_statement ? StmtKind::Return : StmtKind::Raise;
    s.site = site(node);
    s.value = first_expression_or_literal(node);
    out.push_back(std::move(s));
  } else if (sym == g_.break_statement || sym == g_.continue_statement) {
    Stmt s;
    s.kind = sym == g_.break_statement ? StmtKind::Break : StmtKind::Continue;
    s.site = site(node);
    out.push_back(std::move(s));
  } else if (sym == g_.delete_statement) {
    Stmt s;
    s.kind = StmtKind::Delete;
    s.site = site(node);
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = node_children[i];
      if (ts_node_symbol(child) == g_.expression_list) {
        const NamedChildren child_children(*this, child);
        const uint32_t n = child_children.size();
        for (uint32_t j = 0; j < n; ++j) s.targets.push_back(lower_target(child_children[j], false));
      } else {
        s.targets.push_back(lower_target(child, false));
      }
    }
    out.push_back(std::move(s));
  } else if (sym == g_.global_statement || sym == g_.nonlocal_statement) {
    Stmt s;
    s.kind = sym == g_.global_statement ? StmtKind::Global : StmtKind::Nonlocal;
    s.site = site(node);
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    for (uint32_t i = 0; i < count; ++i) s.names.push_back(text(node_children[i]));
    for (const auto& name : s.names) {
      (sym == g_.global_statement ? fn().globals : fn().nonlocals).push_back(name);
      note_read(name);
    }
    out.push_back(std::move(s));
  } else if (sym == g_.import_statement || sym == g_.import_from_statement) {
    lower_import(node, out);
  } else if (sym == g_.match_statement) {
    lower_match(node, out);
  }
  // pass/assert/print/exec/type aliases/comments/future imports carry no references.
}

bool Lowerer::plain_positional(const NamedChildren& args, uint32_t count) const {
  for (uint32_t i = 0; i < count; ++i) {
    const TSSymbol sym = ts_node_symbol(args[i]);
    if (sym == g_.keyword_argument || sym == g_.list_splat || sym == g_.dictionary_splat || sym == g_.comment)
      return false;
  }
  return true;
}

bool Lowerer::lower_setattr(TSNode call, std::vector<Stmt>& out) {
  // Most statements are other calls: the text says so before any walk of the children.
  if (ts_node_symbol(call) != g_.call) return false;
  const std::string_view call_text = std::string_view(src_).substr(ts_node_start_byte(call));
  // `object.__setattr__(self, "_cache", value)` (how a frozen dataclass sets a field) stores as setattr
  // does, without the class's own `__setattr__`: as a write into the instance's __dict__.
  const bool bypasses_override = call_text.starts_with("object.__setattr__");
  if (!bypasses_override && !call_text.starts_with("setattr")) return false;
  const FieldChildren fields(*this, call);
  const TSNode function = fields[g_.f_function], args = fields[g_.f_arguments];
  if (ts_node_is_null(function) || ts_node_is_null(args) || ts_node_symbol(args) == g_.generator_expression)
    return false;
  if (bypasses_override ? ts_node_symbol(function) != g_.attribute || !text_is(function, "object.__setattr__")
                        : ts_node_symbol(function) != g_.identifier || !text_is(function, "setattr"))
    return false;
  const NamedChildren arguments(*this, args);
  if (arguments.size() != 3 || !plain_positional(arguments, 3)) return false;
  std::string name = attribute_name_of(arguments[1], false);
  const Site at = site(call);
  Expr target;
  target.site = at;
  if (bypasses_override) {
    if (name.empty()) return false;  // inside a `__setattr__` with the name it was given: not followed
    Expr instance_dict;
    instance_dict.kind = ExprKind::Attribute;
    instance_dict.site = at;
    instance_dict.text = "__dict__";
    instance_dict.children.push_back(lower_expr(arguments[0]));
    target.kind = ExprKind::Subscript;
    target.text = "'" + name + "'";
    target.children.push_back(std::move(instance_dict));
  } else {
    // `setattr(parent, child, new)`, `setattr(self, "test_" + name, method)`: with a computed name, some
    // attribute of parent, as getattr reads it. The name is still evaluated, for what its calls do.
    if (name.empty()) {
      name = kDynamicAttribute;
      if (ts_node_symbol(arguments[1]) != g_.identifier) {
        Stmt computed;
        computed.kind = StmtKind::ExprStmt;
        computed.site = site(arguments[1]);
        computed.value = lower_expr(arguments[1]);
        out.push_back(std::move(computed));
      }
    }
    target.kind = ExprKind::Attribute;
    target.text = name;
    target.children.push_back(lower_expr(arguments[0]));
  }
  Stmt s;
  s.kind = StmtKind::Assign;
  s.site = at;
  s.targets.push_back(std::move(target));
  s.value = lower_expr(arguments[2]);
  out.push_back(std::move(s));
  return true;
}

void Lowerer::lower_expression_statement(TSNode node, std::vector<Stmt>& out) {
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  if (count == 0) return;
  const TSNode first = node_children[0];
  const TSSymbol sym = ts_node_symbol(first);
  if (sym == g_.assignment) {
    Stmt s;
    s.kind = StmtKind::Assign;
    s.site = site(first);
    TSNode current = first;
    TSNode value{};
    bool has_value = false;
    while (true) {
      const FieldChildren fields(*this, current);
      const TSNode right = fields[g_.f_right];
      s.targets.push_back(lower_target(fields[g_.f_left]));
      if (ts_node_is_null(right)) break;  // annotation only
      if (ts_node_symbol(right) == g_.assignment) {
        current = right;
        continue;
      }
      value = right;
      has_value = true;
      break;
    }
    if (!has_value) return;
    s.value = lower_expr(value);
    out.push_back(std::move(s));
  } else if (sym == g_.augmented_assignment) {
    Stmt s;
    s.kind = StmtKind::AugAssign;
    s.site = site(first);
    const FieldChildren fields(*this, first);
    const TSNode op = fields[g_.f_operator], right = fields[g_.f_right];
    s.targets.push_back(lower_target(fields[g_.f_left]));
    if (!ts_node_is_null(op)) s.text = text(op);
    s.value = lower_expr(right);
    out.push_back(std::move(s));
  } else if (count == 1 && lower_setattr(first, out)) {
    return;
  } else {
    Stmt s;
    s.kind = StmtKind::ExprStmt;
    s.site = site(node);
    if (count == 1) {
      s.value = lower_expr(first);
    } else {
      s.value.kind = ExprKind::Container;
      s.value.container = ContainerKind::Tuple;
      s.value.site = site(node);
      for (uint32_t i = 0; i < count; ++i) s.value.children.push_back(lower_expr(node_children[i]));
    }
    out.push_back(std::move(s));
  }
}

Expr Lowerer::first_expression_or_literal(TSNode node) {
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    if (ts_node_symbol(child) == g_.comment) continue;
    return lower_expr(child);
  }
  Expr literal;
  literal.kind = ExprKind::Literal;
  literal.site = site(node);
  return literal;
}

void Lowerer::lower_if(TSNode node, std::vector<Stmt>& out) {
  Stmt s;
  s.kind = StmtKind::If;
  s.site = site(node);
  s.value = lower_expr(field(node, g_.f_condition));
  lower_body(field(node, g_.f_consequence), s.body);
  // elif/else chain: nest as If inside orelse, in order.
  std::vector<Stmt>* tail = &s.orelse;
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    const TSSymbol sym = ts_node_symbol(child);
    if (sym == g_.elif_clause) {
      Stmt elif;
      elif.kind = StmtKind::If;
      elif.site = site(child);
      elif.value = lower_expr(field(child, g_.f_condition));
      lower_body(field(child, g_.f_consequence), elif.body);
      tail->push_back(std::move(elif));
      tail = &tail->back().orelse;
    } else if (sym == g_.else_clause) {
      lower_body(field(child, g_.f_body), *tail);
    }
  }
  out.push_back(std::move(s));
}

void Lowerer::lower_try(TSNode node, std::vector<Stmt>& out) {
  Stmt s;
  s.kind = StmtKind::Try;
  s.site = site(node);
  lower_body(field(node, g_.f_body), s.body);
  const bool imports_succeed = imports_cannot_fail(s.body);
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    const TSSymbol sym = ts_node_symbol(child);
    if (sym == g_.except_clause || sym == g_.except_group_clause) {
      Handler h;
      h.site = site(child);
      h.group = sym == g_.except_group_clause;
      TSNode value = field(child, g_.f_value);
      TSNode alias = field(child, g_.f_alias);
      // tree-sitter-python names no fields in `except* E as name`: the type (or its as_pattern) is the
      // first named child that is not the block.
      if (h.group && ts_node_is_null(value)) {
        const NamedChildren parts(*this, child);
        if (parts.size() > 0 && ts_node_symbol(parts[0]) != g_.block) value = parts[0];
      }
      if (!ts_node_is_null(value)) {
        // `except E as name` comes as an as_pattern: the type is its first child.
        TSNode type = value;
        if (ts_node_symbol(value) == g_.as_pattern && ts_node_named_child_count(value) > 0)
          type = ts_node_named_child(value, 0);
        h.type = lower_expr(type);
      }
      // A backport for interpreters that lack a standard name never runs on Python 3: left out, so
      // neither its definitions nor what they would bind are analysed.
      if (imports_succeed && catches_only_import_errors(h.type)) continue;
      if (!ts_node_is_null(alias) && ts_node_symbol(alias) == g_.identifier) {
        h.name = text(alias);
        bind_local(h.name);
      } else if (!ts_node_is_null(value) && ts_node_symbol(value) == g_.as_pattern) {
        // Older grammar shapes: `except E as name` parsed as an as_pattern.
        TSNode target = field(value, g_.f_alias);
        if (!ts_node_is_null(target)) {
          h.name = text(target);
          bind_local(h.name);
        }
      }
      const NamedChildren child_children(*this, child);
      const uint32_t n = child_children.size();
      for (uint32_t j = 0; j < n; ++j) {
        TSNode part = child_children[j];
        if (ts_node_symbol(part) == g_.block) lower_block_children(part, h.body);
      }
      s.handlers.push_back(std::move(h));
    } else if (sym == g_.else_clause) {
      lower_body(field(child, g_.f_body), s.orelse);
    } else if (sym == g_.finally_clause) {
      const NamedChildren child_children(*this, child);
      const uint32_t n = child_children.size();
      for (uint32_t j = 0; j < n; ++j) {
        TSNode part = child_children[j];
        if (ts_node_symbol(part) == g_.block) lower_block_children(part, s.finalbody);
      }
    }
  }
  out.push_back(std::move(s));
}

void Lowerer::lower_with(TSNode node, std::vector<Stmt>& out) {
  Stmt s;
  s.kind = StmtKind::With;
  s.site = site(node);
  s.value.kind = ExprKind::Container;
  s.value.container = ContainerKind::Tuple;
  s.value.site = site(node);
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode clause = node_children[i];
    if (ts_node_symbol(clause) != g_.with_clause) continue;
    const NamedChildren clause_children(*this, clause);
    const uint32_t n = clause_children.size();
    for (uint32_t j = 0; j < n; ++j) {
      TSNode item = clause_children[j];
      if (ts_node_symbol(item) != g_.with_item) continue;
      TSNode value = field(item, g_.f_value);
      if (ts_node_is_null(value)) continue;
      Expr target;  // Unknown kind = no target
      if (ts_node_symbol(value) == g_.as_pattern && ts_node_named_child_count(value) > 0) {
        TSNode alias = field(value, g_.f_alias);
        TSNode context = ts_node_named_child(value, 0);
        s.value.children.push_back(lower_expr(context));
        if (!ts_node_is_null(alias)) {
          TSNode inner = ts_node_named_child_count(alias) > 0 ? ts_node_named_child(alias, 0) : alias;
          target = lower_target(inner);
        }
      } else {
        s.value.children.push_back(lower_expr(value));
      }
      s.targets.push_back(std::move(target));
    }
  }
  lower_body(field(node, g_.f_body), s.body);
  out.push_back(std::move(s));
}

void Lowerer::lower_match(TSNode node, std::vector<Stmt>& out) {
  // Each case body may run: lower as an if/elif chain without conditions.
  Stmt s;
  s.kind = StmtKind::If;
  s.site = site(node);
  TSNode subject = field(node, g_.f_subject);
  if (!ts_node_is_null(subject)) s.value = lower_expr(subject);
  std::vector<Stmt>* arm = &s.body;
  TSNode body = field(node, g_.f_body);
  if (ts_node_is_null(body)) return;
  const NamedChildren body_children(*this, body);
  const uint32_t count = body_children.size();
  bool first = true;
  for (uint32_t i = 0; i < count; ++i) {
    TSNode clause = body_children[i];
    if (ts_node_symbol(clause) != g_.case_clause) continue;
    if (!first) {
      Stmt next;
      next.kind = StmtKind::If;
      next.site = site(clause);
      arm->push_back(std::move(next));
      arm = &arm->back().body;
    }
    first = false;
    TSNode consequence = field(clause, g_.f_consequence);
    lower_body(consequence, *arm);
  }
  out.push_back(std::move(s));
}

void Lowerer::lower_import(TSNode node, std::vector<Stmt>& out) {
  Stmt s;
  s.kind = StmtKind::Import;
  s.site = site(node);
  if (ts_node_symbol(node) == g_.import_statement) {
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = node_children[i];
      ImportBinding b;
      if (ts_node_symbol(child) == g_.aliased_import) {
        b.module = text(field(child, g_.f_name));
        b.local_name = text(field(child, g_.f_alias));
      } else if (ts_node_symbol(child) == g_.dotted_name) {
        b.module = text(child);
        b.local_name = b.module.substr(0, b.module.find('.'));
        b.binds_top_package = b.module.find('.') != std::string::npos;
      } else {
        continue;
      }
      bind_local(b.local_name);
      s.imports.push_back(std::move(b));
    }
  } else {
    TSNode module_node = field(node, g_.f_module_name);
    if (ts_node_is_null(module_node)) return;
    const std::string module = resolve_import_module(module_node);
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = node_children[i];
      if (ts_node_start_byte(child) == ts_node_start_byte(module_node)) continue;
      ImportBinding b;
      b.module = module;
      if (ts_node_symbol(child) == g_.aliased_import) {
        b.member = text(field(child, g_.f_name));
        b.local_name = text(field(child, g_.f_alias));
      } else if (ts_node_symbol(child) == g_.dotted_name) {
        b.member = text(child);
        b.local_name = b.member;
      } else {
        continue;  // wildcard imports bind names we cannot see
      }
      bind_local(b.local_name);
      s.imports.push_back(std::move(b));
    }
  }
  if (!s.imports.empty()) out.push_back(std::move(s));
}

std::string Lowerer::resolve_import_module(TSNode module_node) {
  if (ts_node_symbol(module_node) != g_.relative_import) return text(module_node);
  size_t dots = 0;
  std::string rest;
  const NamedChildren module_node_children(*this, module_node);
  const uint32_t count = module_node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = module_node_children[i];
    if (ts_node_symbol(child) == g_.import_prefix) {
      dots = ts_node_end_byte(child) - ts_node_start_byte(child);
    } else if (ts_node_symbol(child) == g_.dotted_name) {
      rest = text(child);
    }
  }
  std::string package = facts_.module_name;
  if (!facts_.is_package) {
    const size_t cut = package.rfind('.');
    package = cut == std::string::npos ? "" : package.substr(0, cut);
  }
  for (size_t i = 1; i < dots; ++i) {
    const size_t cut = package.rfind('.');
    package = cut == std::string::npos ? "" : package.substr(0, cut);
  }
  if (package.empty()) return rest;
  return rest.empty() ? package : package + "." + rest;
}

}  // namespace cyclecheck
