// Internal to the lowering: the Lowerer class its files share (analyzer/lower.cpp and analyzer/lower_*.cpp).
// Only the lowering's own .cpp files include this header; the public interface is lower_module() in
// analyzer/project.hpp. The Lowerer's members are defined by topic in lower.cpp (the module entry point and
// scopes), lower_statements.cpp (statements), lower_definitions.cpp (functions, parameters, annotations,
// decorators, classes and the generated __init__) and lower_expressions.cpp (targets and expressions).
#pragma once

#include <tree_sitter/api.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/project.hpp"
#include "analyzer/python_grammar.hpp"

namespace cyclecheck {

// Deeper nesting than this is cut off (and reported once) so that recursion stays bounded.
constexpr int kMaxNesting = 400;

class Lowerer {
 public:
  Lowerer(const SourceText& source, ModuleFacts& facts)
      : src_(source.text), facts_(facts), g_(PythonGrammar::get()) {}
  Lowerer(const Lowerer&) = delete;
  Lowerer& operator=(const Lowerer&) = delete;
  ~Lowerer() {
    if (cursor_) ts_tree_cursor_delete(&*cursor_);
  }

  void lower_module(TSNode root);

  bool hit_nesting_limit() const { return nesting_limit_site_.line != 0; }
  Site nesting_limit_site() const { return nesting_limit_site_; }

 private:
  const std::string& src_;
  ModuleFacts& facts_;
  const PythonGrammar& g_;
  int32_t current_function_ = 0;
  int32_t current_class_ = -1;  // set only while lowering a class body directly
  // "_Class" inside class Class (its body and the functions in it): what `__name` attributes are mangled
  // with; empty outside classes (and for a class named only with underscores, which Python leaves alone).
  std::string mangling_prefix_;
  // `name` as Python compiles it here: "__x" (not "__x__") becomes "_Class__x" inside class Class.
  std::string mangled(std::string name) const {
    if (mangling_prefix_.empty() || name.size() < 3 || name[0] != '_' || name[1] != '_' ||
        name.ends_with("__") || name.find('.') != std::string::npos)
      return name;
    return mangling_prefix_ + name;
  }
  // A name written directly in a class body (a class attribute, a method): mangled as attributes are, so that
  // `__cache = {}` there is the `self.__cache` its methods read. Names in functions are left alone: a
  // function's own locals are consistent either way.
  std::string class_body_name(std::string name) const {
    return current_class_ >= 0 ? mangled(std::move(name)) : name;
  }
  int depth_ = 0;
  Site nesting_limit_site_{};
  std::vector<std::unordered_set<std::string>> reads_;  // names read, per function

  struct DepthGuard {
    int& depth;
    explicit DepthGuard(int& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
  };

  // Whether the source text of `node` is `expected`, without copying it.
  bool text_is(TSNode node, std::string_view expected) const {
    const uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
    return end - start == expected.size() && end <= src_.size() &&
           std::string_view(src_).substr(start, end - start) == expected;
  }

  std::string text(TSNode node) const {
    const uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
    if (end <= start || end > src_.size()) return {};
    return src_.substr(start, end - start);
  }

  // A literal key as slots are named by it: a plain string in single quotes, as Python prints it, whichever
  // quotes it was written with (`d['a']`, `{"a": x}` and `d.get("a")` name one slot); anything else as
  // written.
  std::string key_text(TSNode node) const;

  // Whether `node` begins a chain of at least 32 binary operators nested by their left operand (`a + b + c
  // + ...`, as generated code writes), which the lowering flattens instead of recursing through.
  bool long_operator_chain(TSNode node) const;
  // Lowers such a chain into `e` (an Arith): its operands from the leftmost on.
  void lower_operator_chain(TSNode node, Expr& e);
  void note_class_test(TSNode condition, Expr& choice);

  static Site site(TSNode node) {
    const TSPoint s = ts_node_start_point(node), e = ts_node_end_point(node);
    return Site{s.row + 1, s.column + 1, e.row + 1, e.column + 1};
  }

  bool too_deep(TSNode node) {
    if (depth_ <= kMaxNesting) return false;
    if (nesting_limit_site_.line == 0) nesting_limit_site_ = site(node);
    return true;
  }

  TSNode field(TSNode node, TSFieldId id) const { return ts_node_child_by_field_id(node, id); }

  // The named children of a node. ts_node_named_child(node, i) walks from the first child on every
  // call, quadratic on long bodies and literals (and tree-sitter 0.20's sibling functions start from
  // the root), so children are collected once with one reused cursor into a buffer shared by the
  // whole walk: a nested collection pushes above its parent's and pops back when it goes out of scope.
  class NamedChildren {
   public:
    NamedChildren(Lowerer& lowerer, TSNode node)
        : buffer_(lowerer.child_buffer_), begin_(lowerer.child_buffer_.size()) {
      if (!ts_node_is_null(node)) {
        TSTreeCursor* cursor = lowerer.cursor_at(node);
        if (ts_tree_cursor_goto_first_child(cursor)) {
          do {
            const TSNode child = ts_tree_cursor_current_node(cursor);
            if (ts_node_is_named(child)) buffer_.push_back(child);
          } while (ts_tree_cursor_goto_next_sibling(cursor));
        }
      }
      end_ = buffer_.size();
    }
    NamedChildren(const NamedChildren&) = delete;
    NamedChildren& operator=(const NamedChildren&) = delete;
    ~NamedChildren() { buffer_.resize(begin_); }
    uint32_t size() const { return static_cast<uint32_t>(end_ - begin_); }
    TSNode operator[](uint32_t i) const { return buffer_[begin_ + i]; }

   private:
    std::vector<TSNode>& buffer_;
    size_t begin_, end_ = 0;
  };
  std::vector<TSNode> child_buffer_;
  std::optional<TSTreeCursor> cursor_;

  // The children of a node that a field names, found in one walk: every ts_node_child_by_field_id call
  // walks the children again, and most nodes the lowering reads have two or three fields. The first
  // child with a field wins, as with ts_node_child_by_field_id (a field on a hidden node names its first
  // visible child).
  class FieldChildren {
   public:
    FieldChildren(Lowerer& lowerer, TSNode node) {
      if (ts_node_is_null(node)) return;
      TSTreeCursor* cursor = lowerer.cursor_at(node);
      if (!ts_tree_cursor_goto_first_child(cursor)) return;
      do {
        const TSFieldId id = ts_tree_cursor_current_field_id(cursor);
        if (id == 0 || count_ == kMaxFields || find(id) != nullptr) continue;
        ids_[count_] = id;
        nodes_[count_] = ts_tree_cursor_current_node(cursor);
        ++count_;
      } while (ts_tree_cursor_goto_next_sibling(cursor));
    }
    TSNode operator[](TSFieldId id) const {
      const TSNode* found = find(id);
      return found != nullptr ? *found : TSNode{};
    }

   private:
    const TSNode* find(TSFieldId id) const {
      for (uint32_t i = 0; i < count_; ++i) {
        if (ids_[i] == id) return &nodes_[i];
      }
      return nullptr;
    }
    static constexpr uint32_t kMaxFields = 8;  // tree-sitter-python 0.23 names at most five per node
    std::array<TSFieldId, kMaxFields> ids_{};
    std::array<TSNode, kMaxFields> nodes_{};
    uint32_t count_ = 0;
  };

  // A slice's bounds as "start:stop", each "" when left out, the digits of a non-negative integer literal,
  // else "?" (a step makes it "?:?"). `exc_info()[:2]` keeps the first two slots of the tuple it copies.
  std::string slice_bounds(TSNode slice);

  TSTreeCursor* cursor_at(TSNode node) {
    if (!cursor_) {
      cursor_.emplace(ts_tree_cursor_new(node));
    } else {
      ts_tree_cursor_reset(&*cursor_, node);
    }
    return &*cursor_;
  }

  Function& fn() { return facts_.functions[static_cast<size_t>(current_function_)]; }

  void bind_local(const std::string& name);
  static constexpr size_t kLocalsScanned = 32;
  std::vector<std::unordered_set<std::string>> local_sets_;

  // Only a function nested in another can read its enclosing function's locals (resolve_scopes): the
  // names read anywhere else are not kept.
  void note_read(const std::string& name);

  // ---- statements -------------------------------------------------------------------------------

  void lower_block_children(TSNode parent, std::vector<Stmt>& out);

  void lower_body(TSNode node, std::vector<Stmt>& out);

  void lower_statement(TSNode node, std::vector<Stmt>& out);

  // Whether the first `count` arguments are all plain positional ones (no keyword, splat or comment).
  bool plain_positional(const NamedChildren& args, uint32_t count) const;

  // `setattr(obj, "name", value)` as a statement is `obj.name = value`. False when `call` is not one.
  bool lower_setattr(TSNode call, std::vector<Stmt>& out);

  void lower_expression_statement(TSNode node, std::vector<Stmt>& out);
  void lower_type_statement(TSNode node, std::vector<Stmt>& out);

  Expr first_expression_or_literal(TSNode node);

  void lower_if(TSNode node, std::vector<Stmt>& out);

  void lower_try(TSNode node, std::vector<Stmt>& out);

  void lower_with(TSNode node, std::vector<Stmt>& out);

  void lower_match(TSNode node, std::vector<Stmt>& out);

  void lower_import(TSNode node, std::vector<Stmt>& out);

  // `from ..pkg import x` inside module a.b.c resolves against the package of this module.
  std::string resolve_import_module(TSNode module_node);

  // ---- definitions ------------------------------------------------------------------------------

  // `name = decorator(name)` for a decorated function `def name`, marked as a decorator's (Stmt::text "@").
  Stmt decorator_application(Expr decorator, TSNode def);

  Decorator lower_decorator(TSNode node);

  void lower_function_definition(TSNode node, std::vector<Decorator> decorators, std::vector<Stmt>& out);

  bool contains_yield_ = false;

  // `async def` is a function_definition whose first child is the anonymous `async` keyword.
  static bool starts_with_async(TSNode definition);

  int32_t begin_function(const std::string& name, Site where, bool is_lambda);

  // While one function's body is lowered (a def or a lambda): it is the current function, with its
  // parameters bound, and not a class body. A yield makes its own function a generator: one in a nested
  // def (before or after it) says nothing about the enclosing function, nor the enclosing function's about
  // the nested one. Leaving records the function's and gives the enclosing function its state back.
  class FunctionScope {
   public:
    FunctionScope(Lowerer& lowerer, int32_t index, std::vector<Param> params);
    ~FunctionScope();
    FunctionScope(const FunctionScope&) = delete;
    FunctionScope& operator=(const FunctionScope&) = delete;

   private:
    Lowerer& lowerer_;
    int32_t index_;
    int32_t saved_function_, saved_class_;
    bool enclosing_yields_;
  };

  std::vector<Param> lower_parameters(TSNode node);

  // The class a parameter's annotation names (`*args: X`: each element is an X; `**kwargs` are left out).
  void annotate(TSNode type, Param& p);

  void lower_class_definition(TSNode node, std::vector<Decorator> decorators, std::vector<Stmt>& out);

  // ---- classes whose decorator writes __init__ ---------------------------------------------------

  static bool generates_init(const std::vector<Decorator>& decorators);

  // The `__init__` that `@dataclass` (or attrs' `@define`) writes when the class has none: one parameter
  // per annotated field, in order, each stored on self, then `self.__post_init__()` if the class has it.
  // `Node(name, parent=self)` then links the two objects as the real constructor does. A field whose
  // default is a call (`meter: AverageMeter = AverageMeter()`) has that default: one object, made with
  // the class, that every instance made without the argument shares (`field(...)` is resolved later).
  void add_generated_init(TSNode class_body, int32_t class_index, std::vector<Stmt>& body);

  // ---- expressions ------------------------------------------------------------------------------

  Expr lower_target(TSNode node, bool binds = true);

  // `a is not b` or `a != b`: the single operator between the two operands.
  static bool is_distinctness_test(TSNode comparison);

  Expr lower_expr(TSNode node);

  // Only an f-string has interpolations: the prefix before the opening quote says so, without walking
  // the string's children (most strings are plain, and docstrings are many).
  bool is_f_string(TSNode node) const;

  static bool is_identifier_text(std::string_view s, bool allow_empty);

  // The text between the quotes of a one-line string with no escapes or interpolations in the way, with
  // its prefix letters: `"on_"` -> "on_". nullopt for anything else.
  std::optional<std::string> string_body(TSNode node) const;
  // A call's argument `argument`, lowered as `lowered`: a string holding a name keeps it ("'on_step'").
  void keep_name_text(TSNode argument, Expr& lowered) const;

  // The attribute name `getattr(obj, name)` / `setattr(obj, name, v)` reads or writes: a literal
  // identifier (`"trainer"`), or, for a name built from literal parts around a variable, a pattern with
  // one `*` (`f"_{loss}_loss"` -> "_*_loss", `"on_" + event` -> "on_*"). "" when it says nothing.
  std::string attribute_name_of(TSNode node, bool allow_pattern);

  // `getattr(obj, "name")` is `obj.name`, with a default `obj.name` or the default; a name built around a
  // variable reads any attribute the pattern matches (see ExprKind::Attribute). False when `call` is not
  // such a getattr, and `e` is untouched.
  bool lower_getattr(TSNode function, const NamedChildren& args, uint32_t count, Expr& e);

  void lower_interpolations(TSNode node, Expr& e);

  void lower_call(TSNode node, Expr& e);

  // [body for t in it if c ...]: children = pairs (target, iterable) then the body (dict: key, value).
  void lower_comprehension(TSNode node, Expr& e);

  void lower_lambda(TSNode node, Expr& e);

  // Python's scoping: a name read in a nested function that is bound in an enclosing function (not
  // the module, not a class body) is a free variable there and a cell variable of its owner.
  void resolve_scopes();
};

}  // namespace cyclecheck
