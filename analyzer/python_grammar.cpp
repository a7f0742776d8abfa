#include "analyzer/python_grammar.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

namespace cyclecheck {
namespace {

TSSymbol named_symbol(const TSLanguage* language, const char* name) {
  const TSSymbol symbol = ts_language_symbol_for_name(language, name, std::strlen(name), true);
  if (symbol == 0) throw std::logic_error(std::string("tree-sitter-python has no node type ") + name);
  return symbol;
}

TSFieldId field(const TSLanguage* language, const char* name) {
  const TSFieldId id = ts_language_field_id_for_name(language, name, std::strlen(name));
  if (id == 0) throw std::logic_error(std::string("tree-sitter-python has no field ") + name);
  return id;
}

PythonGrammar make_grammar() {
  PythonGrammar g{};
  const TSLanguage* l = tree_sitter_python();
  g.language = l;
#define CC_SYMBOL(member, text) g.member = named_symbol(l, text)
  CC_SYMBOL(module, "module");
  CC_SYMBOL(expression_statement, "expression_statement");
  CC_SYMBOL(assignment, "assignment");
  CC_SYMBOL(augmented_assignment, "augmented_assignment");
  CC_SYMBOL(function_definition, "function_definition");
  CC_SYMBOL(decorated_definition, "decorated_definition");
  CC_SYMBOL(decorator, "decorator");
  CC_SYMBOL(class_definition, "class_definition");
  CC_SYMBOL(parameters, "parameters");
  CC_SYMBOL(lambda_parameters, "lambda_parameters");
  CC_SYMBOL(identifier, "identifier");
  CC_SYMBOL(typed_parameter, "typed_parameter");
  CC_SYMBOL(default_parameter, "default_parameter");
  CC_SYMBOL(typed_default_parameter, "typed_default_parameter");
  CC_SYMBOL(list_splat_pattern, "list_splat_pattern");
  CC_SYMBOL(dictionary_splat_pattern, "dictionary_splat_pattern");
  CC_SYMBOL(lambda, "lambda");
  CC_SYMBOL(if_statement, "if_statement");
  CC_SYMBOL(elif_clause, "elif_clause");
  CC_SYMBOL(else_clause, "else_clause");
  CC_SYMBOL(for_statement, "for_statement");
  CC_SYMBOL(while_statement, "while_statement");
  CC_SYMBOL(try_statement, "try_statement");
  CC_SYMBOL(except_clause, "except_clause");
  CC_SYMBOL(except_group_clause, "except_group_clause");
  CC_SYMBOL(finally_clause, "finally_clause");
  CC_SYMBOL(with_statement, "with_statement");
  CC_SYMBOL(with_clause, "with_clause");
  CC_SYMBOL(with_item, "with_item");
  CC_SYMBOL(as_pattern, "as_pattern");
  CC_SYMBOL(return_statement, "return_statement");
  CC_SYMBOL(delete_statement, "delete_statement");
  CC_SYMBOL(raise_statement, "raise_statement");
  CC_SYMBOL(break_statement, "break_statement");
  CC_SYMBOL(continue_statement, "continue_statement");
  CC_SYMBOL(global_statement, "global_statement");
  CC_SYMBOL(nonlocal_statement, "nonlocal_statement");
  CC_SYMBOL(import_statement, "import_statement");
  CC_SYMBOL(import_from_statement, "import_from_statement");
  CC_SYMBOL(future_import_statement, "future_import_statement");
  CC_SYMBOL(aliased_import, "aliased_import");
  CC_SYMBOL(dotted_name, "dotted_name");
  CC_SYMBOL(relative_import, "relative_import");
  CC_SYMBOL(import_prefix, "import_prefix");
  CC_SYMBOL(wildcard_import, "wildcard_import");
  CC_SYMBOL(attribute, "attribute");
  CC_SYMBOL(subscript, "subscript");
  CC_SYMBOL(call, "call");
  CC_SYMBOL(argument_list, "argument_list");
  CC_SYMBOL(keyword_argument, "keyword_argument");
  CC_SYMBOL(list_splat, "list_splat");
  CC_SYMBOL(dictionary_splat, "dictionary_splat");
  CC_SYMBOL(list, "list");
  CC_SYMBOL(tuple, "tuple");
  CC_SYMBOL(set, "set");
  CC_SYMBOL(dictionary, "dictionary");
  CC_SYMBOL(pair, "pair");
  CC_SYMBOL(list_comprehension, "list_comprehension");
  CC_SYMBOL(dictionary_comprehension, "dictionary_comprehension");
  CC_SYMBOL(set_comprehension, "set_comprehension");
  CC_SYMBOL(generator_expression, "generator_expression");
  CC_SYMBOL(for_in_clause, "for_in_clause");
  CC_SYMBOL(if_clause, "if_clause");
  CC_SYMBOL(parenthesized_expression, "parenthesized_expression");
  CC_SYMBOL(binary_operator, "binary_operator");
  CC_SYMBOL(unary_operator, "unary_operator");
  CC_SYMBOL(not_operator, "not_operator");
  CC_SYMBOL(boolean_operator, "boolean_operator");
  CC_SYMBOL(comparison_operator, "comparison_operator");
  CC_SYMBOL(conditional_expression, "conditional_expression");
  CC_SYMBOL(named_expression, "named_expression");
  CC_SYMBOL(string, "string");
  CC_SYMBOL(concatenated_string, "concatenated_string");
  CC_SYMBOL(integer, "integer");
  CC_SYMBOL(float_, "float");
  CC_SYMBOL(true_, "true");
  CC_SYMBOL(false_, "false");
  CC_SYMBOL(none, "none");
  CC_SYMBOL(await, "await");
  CC_SYMBOL(yield, "yield");
  CC_SYMBOL(expression_list, "expression_list");
  CC_SYMBOL(pattern_list, "pattern_list");
  CC_SYMBOL(tuple_pattern, "tuple_pattern");
  CC_SYMBOL(list_pattern, "list_pattern");
  CC_SYMBOL(block, "block");
  CC_SYMBOL(match_statement, "match_statement");
  CC_SYMBOL(case_clause, "case_clause");
  CC_SYMBOL(comment, "comment");
  CC_SYMBOL(ellipsis, "ellipsis");
  CC_SYMBOL(type, "type");
  CC_SYMBOL(type_alias_statement, "type_alias_statement");
  CC_SYMBOL(keyword_separator, "keyword_separator");
  CC_SYMBOL(positional_separator, "positional_separator");
  CC_SYMBOL(parenthesized_list_splat, "parenthesized_list_splat");
  CC_SYMBOL(slice, "slice");
  CC_SYMBOL(splat_type, "splat_type");
#undef CC_SYMBOL
#define CC_FIELD(member, text) g.member = field(l, text)
  CC_FIELD(f_left, "left");
  CC_FIELD(f_right, "right");
  CC_FIELD(f_name, "name");
  CC_FIELD(f_parameters, "parameters");
  CC_FIELD(f_body, "body");
  CC_FIELD(f_value, "value");
  CC_FIELD(f_function, "function");
  CC_FIELD(f_arguments, "arguments");
  CC_FIELD(f_object, "object");
  CC_FIELD(f_attribute, "attribute");
  CC_FIELD(f_subscript, "subscript");
  CC_FIELD(f_condition, "condition");
  CC_FIELD(f_consequence, "consequence");
  CC_FIELD(f_alternative, "alternative");
  CC_FIELD(f_superclasses, "superclasses");
  CC_FIELD(f_definition, "definition");
  CC_FIELD(f_alias, "alias");
  CC_FIELD(f_module_name, "module_name");
  CC_FIELD(f_key, "key");
  CC_FIELD(f_operator, "operator");
  CC_FIELD(f_argument, "argument");
  CC_FIELD(f_type, "type");
  CC_FIELD(f_subject, "subject");
#undef CC_FIELD
  return g;
}

}  // namespace

const PythonGrammar& PythonGrammar::get() {
  static const PythonGrammar grammar = make_grammar();
  return grammar;
}

}  // namespace cyclecheck
