// The Lowerer's expressions: assignment targets, expressions, slices, calls (`getattr` by name),
// f-string interpolations, comprehensions and lambdas (analyzer/lowerer.hpp).

#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/lowerer.hpp"

namespace cyclecheck {
namespace {

bool is_sequence_display(const Expr& e) {
  return e.kind == ExprKind::Container && e.text.empty() &&
         (e.container == ContainerKind::List || e.container == ContainerKind::Tuple);
}

}  // namespace

std::string Lowerer::slice_bounds(TSNode slice) {
  std::string bounds[2];
  size_t part = 0;  // 0 before the first colon, 1 between the colons, 2 after the second
  TSTreeCursor* cursor = cursor_at(slice);
  if (ts_tree_cursor_goto_first_child(cursor)) {
    do {
      const TSNode child = ts_tree_cursor_current_node(cursor);
      if (!ts_node_is_named(child)) {
        ++part;  // the only anonymous children of a slice are its colons
      } else if (ts_node_symbol(child) == g_.comment) {
        continue;
      } else if (part < 2) {
        bounds[part] = ts_node_symbol(child) == g_.integer ? text(child) : "?";
      } else {
        return "?:?";
      }
    } while (ts_tree_cursor_goto_next_sibling(cursor));
  }
  return bounds[0] + ":" + bounds[1];
}

Expr Lowerer::lower_target(TSNode node, bool binds) {
  Expr e;
  if (ts_node_is_null(node)) return e;
  DepthGuard guard(depth_);
  e.site = site(node);
  if (too_deep(node)) return e;
  const TSSymbol sym = ts_node_symbol(node);
  if (sym == g_.identifier) {
    e.kind = ExprKind::Name;
    e.text = class_body_name(text(node));
    if (binds) bind_local(e.text);
  } else if (sym == g_.attribute || sym == g_.subscript) {
    e = lower_expr(node);
  } else if (sym == g_.pattern_list || sym == g_.tuple_pattern || sym == g_.expression_list ||
             sym == g_.tuple || sym == g_.list_pattern || sym == g_.list) {
    e.kind = ExprKind::Container;
    e.container = ContainerKind::Tuple;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    e.children.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
      if (ts_node_symbol(node_children[i]) != g_.comment)
        e.children.push_back(lower_target(node_children[i], binds));
    }
  } else if (sym == g_.list_splat_pattern || sym == g_.list_splat) {
    e.kind = ExprKind::Starred;
    if (ts_node_named_child_count(node) > 0)
      e.children.push_back(lower_target(ts_node_named_child(node, 0), binds));
  } else if (sym == g_.parenthesized_expression && ts_node_named_child_count(node) > 0) {
    return lower_target(ts_node_named_child(node, 0), binds);
  }
  return e;
}

bool Lowerer::is_distinctness_test(TSNode comparison) {
  const uint32_t count = ts_node_child_count(comparison);
  for (uint32_t i = 0; i < count; ++i) {
    const TSNode child = ts_node_child(comparison, i);
    if (ts_node_is_named(child)) continue;
    const char* type = ts_node_type(child);
    return std::strcmp(type, "is not") == 0 || std::strcmp(type, "!=") == 0;
  }
  return false;
}

Expr Lowerer::lower_expr(TSNode node) {
  Expr e;
  if (ts_node_is_null(node)) return e;
  DepthGuard guard(depth_);
  e.site = site(node);
  if (too_deep(node)) return e;
  const TSSymbol sym = ts_node_symbol(node);
  if (sym == g_.identifier) {
    e.kind = ExprKind::Name;
    e.text = class_body_name(text(node));
    note_read(e.text);
  } else if (sym == g_.attribute) {
    e.kind = ExprKind::Attribute;
    const FieldChildren fields(*this, node);
    const TSNode attribute = fields[g_.f_attribute];
    e.children.push_back(lower_expr(fields[g_.f_object]));
    e.text = mangled(text(attribute));
  } else if (sym == g_.subscript) {
    e.kind = ExprKind::Subscript;
    const FieldChildren fields(*this, node);
    const TSNode key = fields[g_.f_subscript];
    e.children.push_back(lower_expr(fields[g_.f_value]));
    if (!ts_node_is_null(key)) {
      const TSSymbol key_sym = ts_node_symbol(key);
      if (key_sym == g_.integer || key_sym == g_.string) {
        e.text = key_text(key);
      } else if (key_sym == g_.slice) {
        e.text = ":";  // a copy of a range of elements (or, assigned to, a replacement of them)
        Expr slice = lower_expr(key);
        slice.text = slice_bounds(key);
        e.children.push_back(std::move(slice));
      } else {
        e.children.push_back(lower_expr(key));  // evaluated for its effects
      }
    }
  } else if (sym == g_.call) {
    lower_call(node, e);
  } else if (sym == g_.string) {
    e.kind = ExprKind::Literal;
    if (is_f_string(node)) lower_interpolations(node, e);
  } else if (sym == g_.concatenated_string) {
    e.kind = ExprKind::Literal;
    lower_interpolations(node, e);
  } else if (sym == g_.integer) {
    e.kind = ExprKind::Literal;
    e.text = text(node);  // `sys._getframe(0)` is this frame, any other depth a caller's
  } else if (sym == g_.float_ || sym == g_.true_ || sym == g_.false_ || sym == g_.none ||
             sym == g_.ellipsis) {
    e.kind = ExprKind::Literal;
    // `register_forward_hook(h, with_kwargs=True)`, `queue.put(None)` (a worker's stop), `self.done =
    // False`.
    if (sym == g_.true_) e.text = "True";
    if (sym == g_.false_) e.text = "False";
    if (sym == g_.none) e.text = "None";
  } else if (sym == g_.list || sym == g_.tuple || sym == g_.set || sym == g_.expression_list) {
    e.kind = ExprKind::Container;
    e.container = sym == g_.list  ? ContainerKind::List
                  : sym == g_.set ? ContainerKind::Set
                                  : ContainerKind::Tuple;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    e.children.reserve(count);
    // A comment between the elements is none of them (and must not shift their slots).
    for (uint32_t i = 0; i < count; ++i) {
      if (ts_node_symbol(node_children[i]) != g_.comment) e.children.push_back(lower_expr(node_children[i]));
    }
  } else if (sym == g_.dictionary) {
    e.kind = ExprKind::Container;
    e.container = ContainerKind::Dict;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    e.children.reserve(2 * static_cast<size_t>(count));
    for (uint32_t i = 0; i < count; ++i) {
      TSNode child = node_children[i];
      if (ts_node_symbol(child) == g_.pair) {
        const FieldChildren fields(*this, child);
        const TSNode key_node = fields[g_.f_key], value_node = fields[g_.f_value];
        Expr key = lower_expr(key_node);
        Expr value = lower_expr(value_node);
        // A key carries no names: that is how a dict display's keys are told from its values (a value's
        // class test, `x if isinstance(x, C) else y`, is then given up too).
        if (key.kind == ExprKind::Choice) key.arg_names.clear();
        // Keep the literal key on the value so `{"a": x}["a"]` can be resolved.
        value.arg_names.push_back(key.kind == ExprKind::Literal ? key_text(key_node) : "");
        e.children.push_back(std::move(key));
        e.children.push_back(std::move(value));
      } else if (ts_node_symbol(child) == g_.dictionary_splat) {
        Expr splat;
        splat.kind = ExprKind::Starred;
        splat.site = site(child);
        if (ts_node_named_child_count(child) > 0)
          splat.children.push_back(lower_expr(ts_node_named_child(child, 0)));
        e.children.push_back(std::move(splat));
      }
    }
  } else if (sym == g_.list_comprehension || sym == g_.set_comprehension || sym == g_.generator_expression ||
             sym == g_.dictionary_comprehension) {
    lower_comprehension(node, e);
  } else if (sym == g_.parenthesized_expression) {
    if (ts_node_named_child_count(node) == 0) return e;
    return lower_expr(ts_node_named_child(node, 0));
  } else if (sym == g_.binary_operator || sym == g_.unary_operator || sym == g_.not_operator ||
             sym == g_.comparison_operator) {
    e.kind = ExprKind::Arith;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    // Only a left operand that is itself an operator can start a long chain: most expressions cost nothing
    // more than the children already collected.
    if (sym == g_.binary_operator && count > 0 && ts_node_symbol(node_children[0]) == g_.binary_operator &&
        long_operator_chain(node)) {
      lower_operator_chain(node, e);
      return e;
    }
    e.children.reserve(count);
    for (uint32_t i = 0; i < count; ++i) e.children.push_back(lower_expr(node_children[i]));
    if (sym == g_.binary_operator && count == 2) {
      // `(self,) + args`, `[None] * n`: a sequence holding the elements of its operands.
      const std::string op = text(ts_node_child_by_field_id(node, g_.f_operator));
      if (std::any_of(e.children.begin(), e.children.end(), is_sequence_display)) {
        if (op == "+" || op == "*") e.text = op;
      } else if (op == "+") {
        e.text = kMaybeConcatenation;
      } else if (op == "|" || op == "&" || op == "^" || op == ">>" || op == "<<" || op == "@") {
        e.text = op;  // a project class may define the operator (`criteria | MaxTokens(32)`)
      }
    }
    if (sym == g_.comparison_operator || sym == g_.not_operator) e.text = "bool";
    if (sym == g_.comparison_operator && count == 2 && is_distinctness_test(node)) e.text = "distinct";
  } else if (sym == g_.boolean_operator) {
    e.kind = ExprKind::Choice;
    // `and` guards: the solver reads distinctness tests out of if-conditions.
    const FieldChildren fields(*this, node);
    const TSNode op = fields[g_.f_operator], left = fields[g_.f_left], right = fields[g_.f_right];
    if (!ts_node_is_null(op) && std::strcmp(ts_node_type(op), "and") == 0) e.text = "and";
    e.children.reserve(2);
    e.children.push_back(lower_expr(left));
    e.children.push_back(lower_expr(right));
  } else if (sym == g_.conditional_expression) {
    e.kind = ExprKind::Choice;
    const NamedChildren node_children(*this, node);
    const uint32_t count = node_children.size();
    // a if cond else b: the value is a or b; the condition comes last (its reads count: a lambda
    // `lambda z: f(z) if self.on else z` closes over `self`), marked by the text "if" (choice_branches).
    if (count >= 3) {
      e.text = "if";
      e.children.reserve(3);
      e.children.push_back(lower_expr(node_children[0]));
      e.children.push_back(lower_expr(node_children[2]));
      e.children.push_back(lower_expr(node_children[1]));
      note_class_test(node_children[1], e);
    }
  } else if (sym == g_.named_expression) {
    e.kind = ExprKind::Walrus;
    const FieldChildren fields(*this, node);
    const TSNode value = fields[g_.f_value];
    e.text = text(fields[g_.f_name]);
    bind_local(e.text);
    e.children.push_back(lower_expr(value));
  } else if (sym == g_.lambda) {
    lower_lambda(node, e);
  } else if (sym == g_.list_splat || sym == g_.dictionary_splat || sym == g_.parenthesized_list_splat) {
    e.kind = ExprKind::Starred;
    if (ts_node_named_child_count(node) > 0) e.children.push_back(lower_expr(ts_node_named_child(node, 0)));
  } else if (sym == g_.await) {
    // `await x` yields whatever the awaitable produces: the solver knows it for a call of a project
    // `async def` (its return value), else it is unknown; x is evaluated either way.
    e.kind = ExprKind::Unknown;
    e.text = "await";
    if (ts_node_named_child_count(node) > 0) e.children.push_back(lower_expr(ts_node_named_child(node, 0)));
  } else if (sym == g_.yield) {
    contains_yield_ = true;
    e.kind = ExprKind::Unknown;
    e.text = "yield";  // where a generator hands control out (see yield_exposure.hpp)
    if (ts_node_named_child_count(node) > 0) e.children.push_back(lower_expr(ts_node_named_child(node, 0)));
  } else {
    e.kind = ExprKind::Unknown;
  }
  return e;
}

void Lowerer::note_class_test(TSNode condition, Expr& choice) {
  // `isinstance(name, Dotted)` / `issubclass(name, Dotted)`: kept as {test, name, Dotted} in arg_names, so
  // that the solver can take only the branch the classes it knows pass (see Context::class_test_branch).
  if (ts_node_symbol(condition) != g_.call) return;
  const FieldChildren fields(*this, condition);
  const TSNode function = fields[g_.f_function], args = fields[g_.f_arguments];
  if (ts_node_is_null(function) || ts_node_is_null(args) || ts_node_symbol(function) != g_.identifier) return;
  const std::string test = text(function);
  if (test != "isinstance" && test != "issubclass") return;
  const NamedChildren arguments(*this, args);
  if (arguments.size() != 2 || ts_node_symbol(arguments[0]) != g_.identifier ||
      (ts_node_symbol(arguments[1]) != g_.identifier && ts_node_symbol(arguments[1]) != g_.attribute))
    return;
  choice.arg_names = {test, text(arguments[0]), text(arguments[1])};
}

void Lowerer::lower_operator_chain(TSNode node, Expr& e) {
  // `a + b + c + ...` of generated code: one value computed from every operand, lowered without recursing
  // once per operator (a chain of a few hundred would pass the nesting limit and go unanalysed).
  std::vector<TSNode> right_operands;
  TSNode left = node;
  while (!ts_node_is_null(left) && ts_node_symbol(left) == g_.binary_operator) {
    const FieldChildren fields(*this, left);
    right_operands.push_back(fields[g_.f_right]);
    left = fields[g_.f_left];
  }
  e.children.reserve(right_operands.size() + 1);
  e.children.push_back(lower_expr(left));
  for (auto it = right_operands.rbegin(); it != right_operands.rend(); ++it)
    e.children.push_back(lower_expr(*it));
}

bool Lowerer::long_operator_chain(TSNode node) const {
  constexpr int kLongChain = 32;  // ordinary code stays nested as written
  TSNode left = node;
  for (int length = 0; length < kLongChain; ++length) {
    if (ts_node_is_null(left) || ts_node_symbol(left) != g_.binary_operator) return false;
    left = ts_node_child_by_field_id(left, g_.f_left);
  }
  return true;
}

std::string Lowerer::key_text(TSNode node) const {
  std::string written = text(node);
  if (ts_node_symbol(node) != g_.string || written.size() < 2) return written;
  const char quote = written.front();
  if ((quote != '\'' && quote != '"') || written.back() != quote) return written;  // a prefix: b"", r''
  const std::string_view content(written.data() + 1, written.size() - 2);
  // Escapes and quotes inside (and so triple quotes) keep the text as written.
  if (content.find_first_of("'\"\\") != std::string_view::npos) return written;
  return "'" + std::string(content) + "'";
}

bool Lowerer::is_f_string(TSNode node) const {
  const uint32_t start = ts_node_start_byte(node),
                 end = std::min<uint32_t>(ts_node_end_byte(node), src_.size());
  for (uint32_t i = start; i < end && i < start + 4; ++i) {
    const char c = src_[i];
    if (c == '\'' || c == '"') return false;
    if (c == 'f' || c == 'F') return true;
  }
  return false;
}

bool Lowerer::is_identifier_text(std::string_view s, bool allow_empty) {
  if (s.empty()) return allow_empty;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::optional<std::string> Lowerer::string_body(TSNode node) const {
  if (ts_node_is_null(node) || ts_node_symbol(node) != g_.string) return std::nullopt;
  const std::string s = text(node);
  size_t open = 0;
  while (open < s.size() && std::isalpha(static_cast<unsigned char>(s[open]))) ++open;
  if (open + 2 > s.size() || (s[open] != '"' && s[open] != '\'') || s.back() != s[open]) return std::nullopt;
  return s.substr(open + 1, s.size() - open - 2);
}

std::string Lowerer::attribute_name_of(TSNode node, bool allow_pattern) {
  if (ts_node_is_null(node)) return {};
  const TSSymbol sym = ts_node_symbol(node);
  if (sym == g_.string) {
    const std::optional<std::string> body = string_body(node);
    if (!body) return {};
    if (!is_f_string(node)) return is_identifier_text(*body, false) ? *body : std::string();
    // f"{prefix}{x}{suffix}": one interpolation, literal identifier characters around it.
    const size_t open = body->find('{'), close = body->rfind('}');
    if (!allow_pattern || open == std::string::npos || close < open ||
        body->find('{', open + 1) != std::string::npos)
      return {};
    const std::string prefix = body->substr(0, open), suffix = body->substr(close + 1);
    if (prefix.empty() && suffix.empty()) return {};
    return is_identifier_text(prefix, true) && is_identifier_text(suffix, true) ? prefix + "*" + suffix
                                                                                : std::string();
  }
  if (sym == g_.binary_operator && allow_pattern) {
    const FieldChildren fields(*this, node);
    const TSNode left = fields[g_.f_left], right = fields[g_.f_right], op = fields[g_.f_operator];
    if (ts_node_is_null(op) || text(op) != "+") return {};
    const std::optional<std::string> prefix = string_body(left), suffix = string_body(right);
    if (prefix && !suffix && !is_f_string(left) && is_identifier_text(*prefix, false)) return *prefix + "*";
    if (suffix && !prefix && !is_f_string(right) && is_identifier_text(*suffix, false)) return "*" + *suffix;
  }
  return {};
}

bool Lowerer::lower_getattr(TSNode function, const NamedChildren& args, uint32_t count, Expr& e) {
  if (ts_node_symbol(function) != g_.identifier || !text_is(function, "getattr") || count < 2 || count > 3 ||
      !plain_positional(args, count))
    return false;
  std::string name = attribute_name_of(args[1], true);
  // `getattr(obj, part)` walking a dotted path: some attribute of obj (a plain name only, so that nothing
  // the name expression does is lost); with a default (`getattr(self, name, self.generic_visit)`), either.
  const bool by_variable = name.empty() && ts_node_symbol(args[1]) == g_.identifier;
  if (by_variable) name = kDynamicAttribute;
  if (name.empty()) return false;
  Expr attribute;
  attribute.kind = ExprKind::Attribute;
  attribute.site = e.site;
  attribute.text = name;
  // The variable holding the name: a parameter's argument may name it where the function is called.
  if (by_variable) attribute.arg_names.push_back(text(args[1]));
  attribute.children.push_back(lower_expr(args[0]));
  if (count == 2) {
    e = std::move(attribute);
    return true;
  }
  Expr choice;
  choice.kind = ExprKind::Choice;
  choice.site = e.site;
  choice.children.push_back(std::move(attribute));
  choice.children.push_back(lower_expr(args[2]));
  e = std::move(choice);
  return true;
}

void Lowerer::lower_interpolations(TSNode node, Expr& e) {
  // f-string interpolations are evaluated (calls in them have effects); the value is a new string.
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    const char* type = ts_node_type(child);
    if (std::strcmp(type, "interpolation") == 0 && ts_node_named_child_count(child) > 0) {
      Expr inner = lower_expr(ts_node_named_child(child, 0));
      if (inner.kind == ExprKind::Call) e.children.push_back(std::move(inner));
    } else if (ts_node_symbol(child) == g_.string && is_f_string(child)) {
      lower_interpolations(child, e);
    }
  }
  if (!e.children.empty()) e.kind = ExprKind::Arith;
}

// `self._call_hooks("on_fit_start")`, `fire(event="on_step")`: an argument that is a string holding a name
// keeps it, quoted as a subscript's key is, for a callee that looks it up (`getattr(callback, hook_name)`).
void Lowerer::keep_name_text(TSNode argument, Expr& lowered) const {
  if (lowered.kind != ExprKind::Literal || !lowered.text.empty() || !lowered.children.empty() ||
      ts_node_symbol(argument) != g_.string ||
      ts_node_end_byte(argument) - ts_node_start_byte(argument) > 40 || is_f_string(argument))
    return;
  const std::optional<std::string> body = string_body(argument);
  if (body && is_identifier_text(*body, false)) lowered.text = "'" + *body + "'";
}

void Lowerer::lower_call(TSNode node, Expr& e) {
  e.kind = ExprKind::Call;
  const FieldChildren fields(*this, node);
  const TSNode args = fields[g_.f_arguments], function = fields[g_.f_function];
  // `f(x for x in xs)`: the generator is the one argument.
  const bool generator_argument = !ts_node_is_null(args) && ts_node_symbol(args) == g_.generator_expression;
  const NamedChildren args_children(*this, generator_argument ? TSNode{} : args);
  const uint32_t count = generator_argument ? 1 : args_children.size();
  if (!generator_argument && lower_getattr(function, args_children, count, e)) return;
  e.children.reserve(count + 1);
  e.arg_names.reserve(count + 1);
  e.children.push_back(lower_expr(function));
  e.arg_names.push_back("");  // slot for the callee
  if (generator_argument) {
    e.children.push_back(lower_expr(args));
    e.arg_names.push_back("");
    return;
  }
  for (uint32_t i = 0; i < count; ++i) {
    TSNode arg = args_children[i];
    const TSSymbol sym = ts_node_symbol(arg);
    if (sym == g_.keyword_argument) {
      const FieldChildren fields(*this, arg);
      const TSNode name = fields[g_.f_name];
      e.children.push_back(lower_expr(fields[g_.f_value]));
      keep_name_text(fields[g_.f_value], e.children.back());
      e.arg_names.push_back(text(name));
    } else if (sym == g_.list_splat) {
      e.children.push_back(ts_node_named_child_count(arg) ? lower_expr(ts_node_named_child(arg, 0)) : Expr{});
      e.arg_names.push_back("*");
    } else if (sym == g_.dictionary_splat) {
      e.children.push_back(ts_node_named_child_count(arg) ? lower_expr(ts_node_named_child(arg, 0)) : Expr{});
      e.arg_names.push_back("**");
    } else if (sym == g_.comment) {
      continue;
    } else {
      e.children.push_back(lower_expr(arg));
      keep_name_text(arg, e.children.back());
      e.arg_names.push_back("");
    }
  }
  // `d.get("name")`, `d.pop("name", None)`: the key keeps its text, written as a subscript's key is, so that
  // a model that reads by key (keyed_by_arg0) reads `d["name"]`, not any element of `d`.
  if (e.children.size() > 1 && e.arg_names[1].empty() && e.children[1].kind == ExprKind::Literal &&
      e.children[1].text.empty() && e.children[1].children.empty() &&
      ts_node_symbol(function) == g_.attribute) {
    const TSNode key = args_children[0];
    if (ts_node_symbol(key) == g_.string && !is_f_string(key) &&
        ts_node_end_byte(key) - ts_node_start_byte(key) <= 40)
      e.children[1].text = key_text(key);
  }

  // `hasattr(x, "item")` keeps its name, quoted as a subscript's key is: what fails the test is no tensor.
  if (count == 2 && e.children.size() == 3 && ts_node_symbol(function) == g_.identifier &&
      text_is(function, "hasattr") && e.children[2].kind == ExprKind::Literal) {
    const std::string name = attribute_name_of(args_children[1], false);
    if (!name.empty()) e.children[2].text = "'" + name + "'";
  }
}

void Lowerer::lower_comprehension(TSNode node, Expr& e) {
  e.kind = ExprKind::Container;
  const TSSymbol sym = ts_node_symbol(node);
  e.container = sym == g_.list_comprehension         ? ContainerKind::List
                : sym == g_.set_comprehension        ? ContainerKind::Set
                : sym == g_.dictionary_comprehension ? ContainerKind::Dict
                                                     : ContainerKind::Generator;
  e.text = "comprehension";
  std::vector<Expr> clauses;
  const NamedChildren node_children(*this, node);
  const uint32_t count = node_children.size();
  for (uint32_t i = 0; i < count; ++i) {
    TSNode child = node_children[i];
    if (ts_node_symbol(child) != g_.for_in_clause) continue;
    clauses.push_back(lower_target(field(child, g_.f_left)));
    clauses.push_back(lower_expr(field(child, g_.f_right)));
  }
  e.function_index = static_cast<int32_t>(clauses.size());  // number of clause expressions
  e.children = std::move(clauses);
  TSNode body = field(node, g_.f_body);
  if (!ts_node_is_null(body)) {
    if (ts_node_symbol(body) == g_.pair) {
      e.children.push_back(lower_expr(field(body, g_.f_key)));
      e.children.push_back(lower_expr(field(body, g_.f_value)));
    } else {
      e.children.push_back(lower_expr(body));
    }
  }
}

void Lowerer::lower_lambda(TSNode node, Expr& e) {
  e.kind = ExprKind::Function;
  std::vector<Param> params = lower_parameters(field(node, g_.f_parameters));
  const int32_t index = begin_function("<lambda>", site(node), true);
  {
    FunctionScope scope(*this, index, std::move(params));  // a lambda is a generator with `(yield x)`
    Stmt ret;
    ret.kind = StmtKind::Return;
    ret.site = site(node);
    ret.value = lower_expr(field(node, g_.f_body));
    facts_.functions[static_cast<size_t>(index)].body.push_back(std::move(ret));
  }
  e.function_index = index;
}

}  // namespace cyclecheck
