// tree-sitter-python symbols and fields looked up once, so lowering compares integers, not strings.
#pragma once

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_python();

namespace cyclecheck {

struct PythonGrammar {
  const TSLanguage* language;
  // Named node symbols.
  TSSymbol module, expression_statement, assignment, augmented_assignment, function_definition,
      decorated_definition, decorator, class_definition, parameters, lambda_parameters, identifier,
      typed_parameter, default_parameter, typed_default_parameter, list_splat_pattern,
      dictionary_splat_pattern, lambda, if_statement, elif_clause, else_clause, for_statement,
      while_statement, try_statement, except_clause, except_group_clause, finally_clause, with_statement,
      with_clause, with_item, as_pattern, return_statement, delete_statement, raise_statement,
      break_statement, continue_statement, global_statement, nonlocal_statement, import_statement,
      import_from_statement, future_import_statement, aliased_import, dotted_name, relative_import,
      import_prefix, wildcard_import, attribute, subscript, call, argument_list, keyword_argument, list_splat,
      dictionary_splat, list, tuple, set, dictionary, pair, list_comprehension, dictionary_comprehension,
      set_comprehension, generator_expression, for_in_clause, if_clause, parenthesized_expression,
      binary_operator, unary_operator, not_operator, boolean_operator, comparison_operator,
      conditional_expression, named_expression, string, concatenated_string, integer, float_, true_, false_,
      none, await, yield, expression_list, pattern_list, tuple_pattern, list_pattern, block, match_statement,
      case_clause, comment, ellipsis, type, type_alias_statement, keyword_separator, positional_separator,
      parenthesized_list_splat, slice, splat_type;
  // Fields.
  TSFieldId f_left, f_right, f_name, f_parameters, f_body, f_value, f_function, f_arguments, f_object,
      f_attribute, f_subscript, f_condition, f_consequence, f_alternative, f_superclasses, f_definition,
      f_alias, f_module_name, f_key, f_operator, f_argument, f_type, f_subject;

  static const PythonGrammar& get();
};

}  // namespace cyclecheck
