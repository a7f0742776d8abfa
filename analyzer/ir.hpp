// Reference-flow facts of one module: a trimmed, syntax-free form of the program that keeps only
// what decides which objects can reference which. Everything after lowering works on this.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "analyzer/diagnostic.hpp"

namespace cyclecheck {

struct Site {
  uint32_t line = 0, column = 0, end_line = 0, end_column = 0;  // 1-based, columns in UTF-8 bytes
};

enum class ExprKind : uint8_t {
  Name,       // text = variable name
  Attribute,  // children[0] . text; a text with one `*` is a pattern of names (`getattr(x, f"on_{e}")`),
              // kDynamicAttribute a name held in a variable (`getattr(x, name)`), arg_names[0] that variable
  Subscript,  // children[0] [ text ]: text = literal key ("0", "'name'"), ":" for a slice, "" when dynamic
  Call,       // children[0] = callee, children[1..] = arguments, arg_names parallel to arguments
  Literal,    // numbers, strings, None, booleans: nothing the analysis tracks; text = an integer's digits,
              // "True", "False" or "None", or a call argument's or key's string quoted ("'on_step'")
  Container,  // list/tuple/set/dict display or comprehension; children = element (and dict value) expressions
  Function,   // a lambda: function_index into ModuleFacts::functions
  Arith,      // operators, f-strings, comparisons: a new value computed from children
  Choice,     // `a if c else b`, `a or b`: any of children; arg_names {"isinstance", name, Dotted} (or
              // "issubclass") when c is such a test; `a if c else b` has text "if" and c as a third child,
              // not a value (see choice_branches)
  Walrus,     // text := children[0]
  Starred,    // *children[0] in a call or display
  Unknown,    // await, yield and anything else: an unknown value
};

// The text of an Arith `a + b` neither of whose operands is a list or tuple display: a new sequence where an
// operand is a list or tuple (`bins[1:] + bins[:1]`), else a value computed from both (numbers, tensors).
inline constexpr const char* kMaybeConcatenation = "+?";

// The method an Arith's binary operator calls on its left operand (`__or__` for the text "|", `__add__` for
// kMaybeConcatenation), or null for one the lowering does not name. A project class may define it
// (`DEFAULT_STOP | Budget(session)`, `prompt | model`).
inline const char* binary_operator_method(std::string_view op) {
  if (op == kMaybeConcatenation) return "__add__";
  if (op == "|") return "__or__";
  if (op == "&") return "__and__";
  if (op == "^") return "__xor__";
  if (op == ">>") return "__rshift__";
  if (op == "<<") return "__lshift__";
  if (op == "@") return "__matmul__";
  return nullptr;
}

// The attribute text of `getattr(obj, name)` whose name is a variable: some attribute of obj.
inline constexpr const char* kDynamicAttribute = "<attribute>";

enum class ContainerKind : uint8_t { List, Tuple, Set, Dict, Generator };

struct Expr {
  ExprKind kind = ExprKind::Unknown;
  ContainerKind container = ContainerKind::List;
  int32_t function_index = -1;  // next to the kinds, where it fills padding (the IR holds ~800k of these)
  Site site;
  std::string text;
  std::vector<Expr> children;
  std::vector<std::string> arg_names;  // Call: "" positional, "*" star, "**" double star, else keyword
};

enum class StmtKind : uint8_t {
  Assign,     // targets (chained) = value; text "@": `f = decorator(f)` for a nested function's decorator
  AugAssign,  // targets[0] op= value; text = operator
  ExprStmt,   // value
  Return,     // value (Literal when bare)
  Delete,     // targets
  Raise,      // value
  If,         // body / orelse (value = condition)
  For,        // targets[0] = loop variable, value = iterable, body, orelse
  While,      // value = condition, body, orelse
  Try,        // body, handlers, orelse, finalbody
  With,       // items: value = context expressions (Container of them), targets parallel ("as" targets), body
  FunctionDef,  // function_index; binds functions[function_index].name
  ClassDef,     // class_index; binds classes[class_index].name
  Import,       // imports
  Global,       // names
  Nonlocal,     // names
  Break,        // nothing: kept for the paths it ends (see analyzer/early_exit.hpp)
  Continue,     // nothing, as Break
};

struct ImportBinding {
  std::string local_name;  // name bound in the scope
  std::string module;      // absolute dotted module ("torch.nn"); relative imports resolved at lowering
  std::string member;      // "" for `import a.b [as c]`; the imported name for `from m import member`
  bool binds_top_package = false;  // `import a.b` binds `a`
};

struct Handler;

struct Stmt {
  StmtKind kind = StmtKind::ExprStmt;
  Site site;
  std::string text;
  std::vector<Expr> targets;
  Expr value;
  std::vector<Stmt> body, orelse, finalbody;
  std::vector<Handler> handlers;
  int32_t function_index = -1;
  int32_t class_index = -1;
  std::vector<std::string> names;
  std::vector<ImportBinding> imports;
};

struct Handler {
  Site site;
  std::string name;  // `except E as name`, "" without
  Expr type;
  bool group = false;  // `except* E`: the name is an ExceptionGroup of the matched exceptions
  std::vector<Stmt> body;
};

enum class ParamKind : uint8_t { Positional, VarArgs, KeywordOnly, VarKeywords };

struct Param {
  std::string name;
  ParamKind kind = ParamKind::Positional;
  bool has_default = false;
  // A dataclass field's `field(default_factory=F)`: default_value is `F()`, made anew by every call that
  // leaves the parameter out (not once, as a def's default).
  bool default_per_call = false;
  // The dotted class name the annotation names (`cb: Callback`, `"Callback"`, `Optional[Callback]`), or
  // with annotation_elements that of the elements (`cbs: List[Callback]`); "" when it names none.
  bool annotation_elements = false;
  std::string annotation;
  Expr default_value;
  Site site;
};

struct Decorator {
  std::string dotted;  // "functools.lru_cache", "staticmethod"; "" when not a dotted name
  bool is_call = false;
  Site site;
};

struct Function {
  std::string name;      // "<module>" for the module body, "<lambda>" for lambdas
  std::string qualname;  // "Trainer.__init__.<locals>.hook"
  Site site;             // the name (or `lambda` keyword)
  std::vector<Param> params;
  std::vector<Stmt> body;  // a lambda's body is one Return
  std::vector<Decorator> decorators;
  int32_t parent_function = -1;  // lexically enclosing function (0 = module body for top-level)
  int32_t owner_class = -1;      // the class whose body defines it directly (a method)
  bool is_lambda = false;
  bool is_generator = false;
  bool is_async = false;  // `async def`: a call makes a coroutine (an async generator when it yields)
  std::vector<std::string> cell_vars;  // locals captured by nested functions
  std::vector<std::string> free_vars;  // names read from enclosing functions
  std::vector<std::string> globals;    // declared `global`
  std::vector<std::string> nonlocals;  // declared `nonlocal`
  std::vector<std::string> locals;     // every name bound in this scope (params included)
};

struct ClassDef {
  std::string name;
  std::string qualname;
  Site site;
  std::vector<Expr> bases;
  Expr metaclass;  // `class C(metaclass=M)`: M; kind Unknown without one
  std::vector<Decorator> decorators;
  std::vector<Stmt> body;  // class-level statements (methods appear as FunctionDef)
  int32_t parent_function = -1;
  bool defines_del = false;
};

// The children of a Choice that are its values: all but the condition of `a if c else b`.
inline size_t choice_branches(const Expr& choice) {
  return choice.text == "if" && choice.children.size() == 3 ? 2 : choice.children.size();
}

// Calls `visit(e)` for `e` and every expression under it, parents before children.
template <typename Visit>
void for_each_expr(const Expr& e, Visit&& visit) {
  visit(e);
  for (const Expr& child : e.children) for_each_expr(child, visit);
}

// Calls `visit(s)` for every statement of `body` and of the blocks nested in it (bodies, `else` and
// `finally` blocks, handlers), each statement before its nested blocks. Nested functions and classes are
// not entered: they have bodies of their own.
template <typename Visit>
void for_each_statement(std::span<const Stmt> body, Visit&& visit) {
  for (const Stmt& s : body) {
    visit(s);
    for_each_statement(s.body, visit);
    for_each_statement(s.orelse, visit);
    for_each_statement(s.finalbody, visit);
    for (const Handler& h : s.handlers) for_each_statement(h.body, visit);
  }
}

struct ModuleFacts {
  std::string path;
  std::string module_name;
  bool is_package = false;
  uint64_t content_hash = 0;
  uint32_t line_count = 0;
  std::vector<Function> functions;  // [0] is the module body
  std::vector<ClassDef> classes;
  std::vector<Diagnostic> file_diagnostics;  // syntax errors and limits hit while lowering
};

// A statement of a module and the function whose body holds it.
struct StatementLookup {
  const Stmt* statement = nullptr;
  size_t function = 0;  // index in the module's functions; 0 is the module body
};

// The statement at `site` (an event's primary site), or the one a call at `site` is part of (`x =
// _STAGES.setdefault(opt, {})`, `return _CACHE.setdefault(key, model)`): the statement starting on that line
// before the call.
inline StatementLookup find_statement(const ModuleFacts& facts, const Site& site) {
  StatementLookup found, enclosing;
  for (size_t fi = 0; fi < facts.functions.size() && found.statement == nullptr; ++fi) {
    for_each_statement(facts.functions[fi].body, [&](const Stmt& s) {
      if (found.statement != nullptr || s.site.line != site.line) return;
      if (s.site.column == site.column) {
        found = {&s, fi};
      } else if (s.site.column < site.column && enclosing.statement == nullptr) {
        enclosing = {&s, fi};
      }
    });
  }
  return found.statement != nullptr ? found : enclosing;
}

}  // namespace cyclecheck
