// Lowers a tree-sitter-python syntax tree to reference-flow facts (analyzer/ir.hpp).
#include <tree_sitter/api.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>

#include "analyzer/annotations.hpp"
#include "analyzer/ir.hpp"
#include "analyzer/parse_arena.hpp"
#include "analyzer/parse_repair.hpp"
#include "analyzer/project.hpp"
#include "analyzer/python_grammar.hpp"
#include "analyzer/stdlib_backports.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

// Deeper nesting than this is cut off (and reported once) so that recursion stays bounded.
constexpr int kMaxNesting = 400;
constexpr size_t kMaxSyntaxErrorsReported = 20;

struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};
struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};

TSParser* thread_parser() {
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser = [] {
    std::unique_ptr<TSParser, ParserDeleter> made(ts_parser_new());
    ts_parser_set_language(made.get(), tree_sitter_python());
    return made;
  }();
  return parser.get();
}

class Lowerer {
 public:
  Lowerer(const SourceText& source, ModuleFacts& facts)
      : src_(source.text), facts_(facts), g_(PythonGrammar::get()) {}
  Lowerer(const Lowerer&) = delete;
  Lowerer& operator=(const Lowerer&) = delete;
  ~Lowerer() {
    if (cursor_) ts_tree_cursor_delete(&*cursor_);
  }

  void lower_module(TSNode root) {
    Function module_body;
    module_body.name = "<module>";
    module_body.qualname = "<module>";
    facts_.functions.push_back(std::move(module_body));
    reads_.emplace_back();
    local_sets_.emplace_back();
    current_function_ = 0;
    std::vector<Stmt> body;
    lower_block_children(root, body);
    facts_.functions[0].body = std::move(body);
    resolve_scopes();
  }

  bool hit_nesting_limit() const { return nesting_limit_site_.line != 0; }
  Site nesting_limit_site() const { return nesting_limit_site_; }

 private:
  const std::string& src_;
  ModuleFacts& facts_;
  const PythonGrammar& g_;
  int32_t current_function_ = 0;
  int32_t current_class_ = -1;  // set only while lowering a class body directly
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
  std::string slice_bounds(TSNode slice) {
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

  TSTreeCursor* cursor_at(TSNode node) {
    if (!cursor_) {
      cursor_.emplace(ts_tree_cursor_new(node));
    } else {
      ts_tree_cursor_reset(&*cursor_, node);
    }
    return &*cursor_;
  }

  Function& fn() { return facts_.functions[static_cast<size_t>(current_function_)]; }

  void bind_local(const std::string& name) {
    // Most functions bind a handful of names, found faster by a scan than by hashing; module bodies
    // bind thousands, so past a few dozen a set is built beside the vector.
    std::vector<std::string>& locals = fn().locals;
    auto& seen = local_sets_[static_cast<size_t>(current_function_)];
    if (locals.size() < kLocalsScanned) {
      if (std::find(locals.begin(), locals.end(), name) == locals.end()) locals.push_back(name);
      return;
    }
    if (seen.empty()) seen.insert(locals.begin(), locals.end());
    if (seen.insert(name).second) locals.push_back(name);
  }
  static constexpr size_t kLocalsScanned = 32;
  std::vector<std::unordered_set<std::string>> local_sets_;

  // Only a function nested in another can read its enclosing function's locals (resolve_scopes): the
  // names read anywhere else are not kept.
  void note_read(const std::string& name) {
    if (fn().parent_function > 0) reads_[static_cast<size_t>(current_function_)].insert(name);
  }

  // ---- statements -------------------------------------------------------------------------------

  void lower_block_children(TSNode parent, std::vector<Stmt>& out) {
    const NamedChildren parent_children(*this, parent);
    const uint32_t count = parent_children.size();
    // Reserved up front: statements are large, and growing a long body moved each of them many times.
    if (out.empty()) out.reserve(count);
    for (uint32_t i = 0; i < count; ++i) lower_statement(parent_children[i], out);
  }

  void lower_body(TSNode node, std::vector<Stmt>& out) {
    if (ts_node_is_null(node)) return;
    if (ts_node_symbol(node) == g_.block) {
      lower_block_children(node, out);
    } else {
      lower_statement(node, out);
    }
  }

  void lower_statement(TSNode node, std::vector<Stmt>& out) {
    DepthGuard guard(depth_);
    if (too_deep(node)) return;
    const TSSymbol sym = ts_node_symbol(node);
    if (sym == g_.expression_statement) {
      lower_expression_statement(node, out);
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
    // pass/break/continue/assert/print/exec/type aliases/comments/future imports carry no references.
  }

  // Whether the first `count` arguments are all plain positional ones (no keyword, splat or comment).
  bool plain_positional(const NamedChildren& args, uint32_t count) const {
    for (uint32_t i = 0; i < count; ++i) {
      const TSSymbol sym = ts_node_symbol(args[i]);
      if (sym == g_.keyword_argument || sym == g_.list_splat || sym == g_.dictionary_splat ||
          sym == g_.comment)
        return false;
    }
    return true;
  }

  // `setattr(obj, "name", value)` as a statement is `obj.name = value`. False when `call` is not one.
  bool lower_setattr(TSNode call, std::vector<Stmt>& out) {
    // Most statements are other calls: the text says so before any walk of the children.
    if (ts_node_symbol(call) != g_.call ||
        !std::string_view(src_).substr(ts_node_start_byte(call)).starts_with("setattr"))
      return false;
    const FieldChildren fields(*this, call);
    const TSNode function = fields[g_.f_function], args = fields[g_.f_arguments];
    if (ts_node_is_null(function) || ts_node_symbol(function) != g_.identifier ||
        !text_is(function, "setattr") || ts_node_is_null(args) ||
        ts_node_symbol(args) == g_.generator_expression)
      return false;
    const NamedChildren arguments(*this, args);
    if (arguments.size() != 3 || !plain_positional(arguments, 3)) return false;
    const std::string name = attribute_name_of(arguments[1], false);
    if (name.empty()) return false;
    Stmt s;
    s.kind = StmtKind::Assign;
    s.site = site(call);
    Expr target;
    target.kind = ExprKind::Attribute;
    target.site = s.site;
    target.text = name;
    target.children.push_back(lower_expr(arguments[0]));
    s.targets.push_back(std::move(target));
    s.value = lower_expr(arguments[2]);
    out.push_back(std::move(s));
    return true;
  }

  void lower_expression_statement(TSNode node, std::vector<Stmt>& out) {
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

  Expr first_expression_or_literal(TSNode node) {
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

  void lower_if(TSNode node, std::vector<Stmt>& out) {
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

  void lower_try(TSNode node, std::vector<Stmt>& out) {
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
        TSNode value = field(child, g_.f_value);
        TSNode alias = field(child, g_.f_alias);
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

  void lower_with(TSNode node, std::vector<Stmt>& out) {
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

  void lower_match(TSNode node, std::vector<Stmt>& out) {
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

  void lower_import(TSNode node, std::vector<Stmt>& out) {
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

  // `from ..pkg import x` inside module a.b.c resolves against the package of this module.
  std::string resolve_import_module(TSNode module_node) {
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

  // `name = decorator(name)` for a decorated function `def name`, marked as a decorator's (Stmt::text "@").
  Stmt decorator_application(Expr decorator, TSNode def) {
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

  Decorator lower_decorator(TSNode node) {
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

  void lower_function_definition(TSNode node, std::vector<Decorator> decorators, std::vector<Stmt>& out) {
    TSNode name_node = field(node, g_.f_name);
    const std::string name = ts_node_is_null(name_node) ? "<anonymous>" : text(name_node);
    const int32_t index =
        begin_function(name, ts_node_is_null(name_node) ? site(node) : site(name_node), false);
    Function& f = facts_.functions[static_cast<size_t>(index)];
    f.decorators = std::move(decorators);
    const int32_t saved_function = current_function_;
    const int32_t saved_class = current_class_;
    // Defaults are evaluated in the enclosing scope.
    std::vector<Param> params = lower_parameters(field(node, g_.f_parameters));
    current_function_ = index;
    current_class_ = -1;
    // A yield makes its own function a generator: one in a nested def (before or after it) says
    // nothing about the enclosing function, nor the enclosing function's about the nested one.
    const bool enclosing_yields = contains_yield_;
    contains_yield_ = false;
    for (const auto& p : params) bind_local(p.name);
    facts_.functions[static_cast<size_t>(index)].params = std::move(params);
    std::vector<Stmt> body;
    lower_body(field(node, g_.f_body), body);
    facts_.functions[static_cast<size_t>(index)].body = std::move(body);
    facts_.functions[static_cast<size_t>(index)].is_generator = contains_yield_;
    facts_.functions[static_cast<size_t>(index)].is_async = starts_with_async(node);
    contains_yield_ = enclosing_yields;
    current_function_ = saved_function;
    current_class_ = saved_class;
    bind_local(name);
    Stmt s;
    s.kind = StmtKind::FunctionDef;
    s.site = site(node);
    s.function_index = index;
    s.text = name;
    out.push_back(std::move(s));
  }

  bool contains_yield_ = false;

  // `async def` is a function_definition whose first child is the anonymous `async` keyword.
  static bool starts_with_async(TSNode definition) {
    if (ts_node_child_count(definition) == 0) return false;
    const TSNode first = ts_node_child(definition, 0);
    return !ts_node_is_named(first) && std::strcmp(ts_node_type(first), "async") == 0;
  }

  int32_t begin_function(const std::string& name, Site where, bool is_lambda) {
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

  std::vector<Param> lower_parameters(TSNode node) {
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
      if (sym == g_.typed_parameter || sym == g_.typed_default_parameter)
        annotate(field(child, g_.f_type), p);
      params.push_back(std::move(p));
    }
    return params;
  }

  // The class a parameter's annotation names (`*args: X`: each element is an X; `**kwargs` are left out).
  void annotate(TSNode type, Param& p) {
    if (ts_node_is_null(type) || p.kind == ParamKind::VarKeywords) return;
    AnnotatedClass hint = annotated_class(text(type));
    if (p.kind == ParamKind::VarArgs) {
      if (hint.elements) return;
      hint.elements = true;
    }
    p.annotation = std::move(hint.dotted);
    p.annotation_elements = hint.elements && !p.annotation.empty();
  }

  void lower_class_definition(TSNode node, std::vector<Decorator> decorators, std::vector<Stmt>& out) {
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
        if (ts_node_symbol(base) == g_.keyword_argument) continue;  // metaclass=...
        c.bases.push_back(lower_expr(base));
      }
    }
    facts_.classes.push_back(std::move(c));
    const int32_t index = static_cast<int32_t>(facts_.classes.size() - 1);
    const int32_t saved_class = current_class_;
    current_class_ = index;
    std::vector<Stmt> body;
    lower_body(field(node, g_.f_body), body);
    current_class_ = saved_class;
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

  static bool generates_init(const std::vector<Decorator>& decorators) {
    static constexpr std::array<std::string_view, 8> kNames = {
        "dataclass",   "dataclasses.dataclass", "define",       "frozen",
        "attr.define", "attr.frozen",           "attrs.define", "attrs.frozen"};
    return std::any_of(decorators.begin(), decorators.end(), [](const Decorator& d) {
      return std::find(kNames.begin(), kNames.end(), d.dotted) != kNames.end();
    });
  }

  // The `__init__` that `@dataclass` (or attrs' `@define`) writes when the class has none: one parameter
  // per annotated field, in order, each stored on self, then `self.__post_init__()` if the class has it.
  // `Node(name, parent=self)` then links the two objects as the real constructor does. A field whose
  // default is a call (`meter: AverageMeter = AverageMeter()`) has that default: one object, made with
  // the class, that every instance made without the argument shares (`field(...)` is resolved later).
  void add_generated_init(TSNode class_body, int32_t class_index, std::vector<Stmt>& body) {
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
      if (annotation.find("ClassVar") != std::string::npos ||
          annotation.find("KW_ONLY") != std::string::npos ||
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

  // ---- expressions ------------------------------------------------------------------------------

  Expr lower_target(TSNode node, bool binds = true) {
    Expr e;
    if (ts_node_is_null(node)) return e;
    DepthGuard guard(depth_);
    e.site = site(node);
    if (too_deep(node)) return e;
    const TSSymbol sym = ts_node_symbol(node);
    if (sym == g_.identifier) {
      e.kind = ExprKind::Name;
      e.text = text(node);
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
      for (uint32_t i = 0; i < count; ++i) e.children.push_back(lower_target(node_children[i], binds));
    } else if (sym == g_.list_splat_pattern || sym == g_.list_splat) {
      e.kind = ExprKind::Starred;
      if (ts_node_named_child_count(node) > 0)
        e.children.push_back(lower_target(ts_node_named_child(node, 0), binds));
    } else if (sym == g_.parenthesized_expression && ts_node_named_child_count(node) > 0) {
      return lower_target(ts_node_named_child(node, 0), binds);
    }
    return e;
  }

  // `a is not b` or `a != b`: the single operator between the two operands.
  static bool is_distinctness_test(TSNode comparison) {
    const uint32_t count = ts_node_child_count(comparison);
    for (uint32_t i = 0; i < count; ++i) {
      const TSNode child = ts_node_child(comparison, i);
      if (ts_node_is_named(child)) continue;
      const char* type = ts_node_type(child);
      return std::strcmp(type, "is not") == 0 || std::strcmp(type, "!=") == 0;
    }
    return false;
  }

  Expr lower_expr(TSNode node) {
    Expr e;
    if (ts_node_is_null(node)) return e;
    DepthGuard guard(depth_);
    e.site = site(node);
    if (too_deep(node)) return e;
    const TSSymbol sym = ts_node_symbol(node);
    if (sym == g_.identifier) {
      e.kind = ExprKind::Name;
      e.text = text(node);
      note_read(e.text);
    } else if (sym == g_.attribute) {
      e.kind = ExprKind::Attribute;
      const FieldChildren fields(*this, node);
      const TSNode attribute = fields[g_.f_attribute];
      e.children.push_back(lower_expr(fields[g_.f_object]));
      e.text = text(attribute);
    } else if (sym == g_.subscript) {
      e.kind = ExprKind::Subscript;
      const FieldChildren fields(*this, node);
      const TSNode key = fields[g_.f_subscript];
      e.children.push_back(lower_expr(fields[g_.f_value]));
      if (!ts_node_is_null(key)) {
        const TSSymbol key_sym = ts_node_symbol(key);
        if (key_sym == g_.integer || key_sym == g_.string) {
          e.text = text(key);
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
      for (uint32_t i = 0; i < count; ++i) e.children.push_back(lower_expr(node_children[i]));
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
          // Keep the literal key on the value so `{"a": x}["a"]` can be resolved.
          value.arg_names.push_back(key.kind == ExprKind::Literal ? text(key_node) : "");
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
    } else if (sym == g_.list_comprehension || sym == g_.set_comprehension ||
               sym == g_.generator_expression || sym == g_.dictionary_comprehension) {
      lower_comprehension(node, e);
    } else if (sym == g_.parenthesized_expression) {
      if (ts_node_named_child_count(node) == 0) return e;
      return lower_expr(ts_node_named_child(node, 0));
    } else if (sym == g_.binary_operator || sym == g_.unary_operator || sym == g_.not_operator ||
               sym == g_.comparison_operator) {
      e.kind = ExprKind::Arith;
      const NamedChildren node_children(*this, node);
      const uint32_t count = node_children.size();
      e.children.reserve(count);
      for (uint32_t i = 0; i < count; ++i) e.children.push_back(lower_expr(node_children[i]));
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
      // a if cond else b: the value is a or b (the condition carries no reference we track).
      if (count >= 3) {
        e.children.reserve(2);
        e.children.push_back(lower_expr(node_children[0]));
        e.children.push_back(lower_expr(node_children[2]));
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
      if (ts_node_named_child_count(node) > 0) e.children.push_back(lower_expr(ts_node_named_child(node, 0)));
    } else {
      e.kind = ExprKind::Unknown;
    }
    return e;
  }

  // Only an f-string has interpolations: the prefix before the opening quote says so, without walking
  // the string's children (most strings are plain, and docstrings are many).
  bool is_f_string(TSNode node) const {
    const uint32_t start = ts_node_start_byte(node),
                   end = std::min<uint32_t>(ts_node_end_byte(node), src_.size());
    for (uint32_t i = start; i < end && i < start + 4; ++i) {
      const char c = src_[i];
      if (c == '\'' || c == '"') return false;
      if (c == 'f' || c == 'F') return true;
    }
    return false;
  }

  static bool is_identifier_text(std::string_view s, bool allow_empty) {
    if (s.empty()) return allow_empty;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  }

  // The text between the quotes of a one-line string with no escapes or interpolations in the way, with
  // its prefix letters: `"on_"` -> "on_". nullopt for anything else.
  std::optional<std::string> string_body(TSNode node) const {
    if (ts_node_is_null(node) || ts_node_symbol(node) != g_.string) return std::nullopt;
    const std::string s = text(node);
    size_t open = 0;
    while (open < s.size() && std::isalpha(static_cast<unsigned char>(s[open]))) ++open;
    if (open + 2 > s.size() || (s[open] != '"' && s[open] != '\'') || s.back() != s[open])
      return std::nullopt;
    return s.substr(open + 1, s.size() - open - 2);
  }

  // The attribute name `getattr(obj, name)` / `setattr(obj, name, v)` reads or writes: a literal
  // identifier (`"trainer"`), or, for a name built from literal parts around a variable, a pattern with
  // one `*` (`f"_{loss}_loss"` -> "_*_loss", `"on_" + event` -> "on_*"). "" when it says nothing.
  std::string attribute_name_of(TSNode node, bool allow_pattern) {
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
      if (suffix && !prefix && !is_f_string(right) && is_identifier_text(*suffix, false))
        return "*" + *suffix;
    }
    return {};
  }

  // `getattr(obj, "name")` is `obj.name`, with a default `obj.name` or the default; a name built around a
  // variable reads any attribute the pattern matches (see ExprKind::Attribute). False when `call` is not
  // such a getattr, and `e` is untouched.
  bool lower_getattr(TSNode function, const NamedChildren& args, uint32_t count, Expr& e) {
    if (ts_node_symbol(function) != g_.identifier || !text_is(function, "getattr") || count < 2 ||
        count > 3 || !plain_positional(args, count))
      return false;
    std::string name = attribute_name_of(args[1], true);
    // `getattr(obj, part)` walking a dotted path: some attribute of obj (a plain name only, so that nothing
    // the name expression does is lost).
    if (name.empty() && count == 2 && ts_node_symbol(args[1]) == g_.identifier) name = kDynamicAttribute;
    if (name.empty()) return false;
    Expr attribute;
    attribute.kind = ExprKind::Attribute;
    attribute.site = e.site;
    attribute.text = name;
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

  void lower_interpolations(TSNode node, Expr& e) {
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

  void lower_call(TSNode node, Expr& e) {
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
        e.arg_names.push_back(text(name));
      } else if (sym == g_.list_splat) {
        e.children.push_back(ts_node_named_child_count(arg) ? lower_expr(ts_node_named_child(arg, 0))
                                                            : Expr{});
        e.arg_names.push_back("*");
      } else if (sym == g_.dictionary_splat) {
        e.children.push_back(ts_node_named_child_count(arg) ? lower_expr(ts_node_named_child(arg, 0))
                                                            : Expr{});
        e.arg_names.push_back("**");
      } else if (sym == g_.comment) {
        continue;
      } else {
        e.children.push_back(lower_expr(arg));
        e.arg_names.push_back("");
      }
    }
    // `hasattr(x, "item")` keeps its name, quoted as a subscript's key is: what fails the test is no tensor.
    if (count == 2 && e.children.size() == 3 && ts_node_symbol(function) == g_.identifier &&
        text_is(function, "hasattr") && e.children[2].kind == ExprKind::Literal) {
      const std::string name = attribute_name_of(args_children[1], false);
      if (!name.empty()) e.children[2].text = "'" + name + "'";
    }
  }

  // [body for t in it if c ...]: children = pairs (target, iterable) then the body (dict: key, value).
  void lower_comprehension(TSNode node, Expr& e) {
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

  void lower_lambda(TSNode node, Expr& e) {
    e.kind = ExprKind::Function;
    const int32_t saved_function = current_function_;
    const int32_t saved_class = current_class_;
    std::vector<Param> params = lower_parameters(field(node, g_.f_parameters));
    const int32_t index = begin_function("<lambda>", site(node), true);
    current_function_ = index;
    current_class_ = -1;
    const bool enclosing_yields = contains_yield_;
    contains_yield_ = false;
    for (const auto& p : params) bind_local(p.name);
    facts_.functions[static_cast<size_t>(index)].params = std::move(params);
    Stmt ret;
    ret.kind = StmtKind::Return;
    ret.site = site(node);
    ret.value = lower_expr(field(node, g_.f_body));
    facts_.functions[static_cast<size_t>(index)].body.push_back(std::move(ret));
    facts_.functions[static_cast<size_t>(index)].is_generator = contains_yield_;  // lambda: (yield x)
    contains_yield_ = enclosing_yields;
    current_function_ = saved_function;
    current_class_ = saved_class;
    e.function_index = index;
  }

  // Python's scoping: a name read in a nested function that is bound in an enclosing function (not
  // the module, not a class body) is a free variable there and a cell variable of its owner.
  void resolve_scopes() {
    for (auto& f : facts_.functions) {
      auto declared = [&f](const std::string& name) {
        return std::find(f.globals.begin(), f.globals.end(), name) != f.globals.end() ||
               std::find(f.nonlocals.begin(), f.nonlocals.end(), name) != f.nonlocals.end();
      };
      f.locals.erase(std::remove_if(f.locals.begin(), f.locals.end(), declared), f.locals.end());
    }
    // Most function bodies bind few names: a scan beats building a set for every function, and only the
    // few with many locals get one.
    std::vector<std::unordered_set<std::string>> local_sets(facts_.functions.size());
    auto binds = [&](size_t function, const std::string& name) {
      const std::vector<std::string>& locals = facts_.functions[function].locals;
      if (locals.size() < kLocalsScanned)
        return std::find(locals.begin(), locals.end(), name) != locals.end();
      if (local_sets[function].empty()) local_sets[function].insert(locals.begin(), locals.end());
      return local_sets[function].count(name) != 0;
    };
    for (size_t index = 1; index < facts_.functions.size(); ++index) {
      Function& f = facts_.functions[index];
      std::vector<std::string> names(reads_[index].begin(), reads_[index].end());
      std::sort(names.begin(), names.end());  // deterministic cell and free variable order
      for (const std::string& name : names) {
        if (binds(index, name)) continue;
        if (std::find(f.globals.begin(), f.globals.end(), name) != f.globals.end()) continue;
        int32_t owner = f.parent_function;
        std::vector<int32_t> path;
        while (owner > 0) {
          if (binds(static_cast<size_t>(owner), name)) break;
          Function& candidate = facts_.functions[static_cast<size_t>(owner)];
          path.push_back(owner);
          owner = candidate.parent_function;
        }
        if (owner <= 0) continue;  // a global or builtin
        Function& defining = facts_.functions[static_cast<size_t>(owner)];
        if (std::find(defining.cell_vars.begin(), defining.cell_vars.end(), name) ==
            defining.cell_vars.end()) {
          defining.cell_vars.push_back(name);
        }
        f.free_vars.push_back(name);
        for (int32_t middle : path) {
          auto& free = facts_.functions[static_cast<size_t>(middle)].free_vars;
          if (std::find(free.begin(), free.end(), name) == free.end()) free.push_back(name);
        }
      }
      std::sort(f.free_vars.begin(), f.free_vars.end());
      f.free_vars.erase(std::unique(f.free_vars.begin(), f.free_vars.end()), f.free_vars.end());
    }
  }
};

// `errors` are the tree's error_nodes.
void collect_syntax_errors(const std::vector<TSNode>& errors, const std::string& path,
                           std::vector<Diagnostic>& out) {
  const size_t reported = std::min(errors.size(), kMaxSyntaxErrorsReported);
  for (size_t i = 0; i < reported; ++i) {
    const TSNode node = errors[i];
    const TSPoint s = ts_node_start_point(node), e = ts_node_end_point(node);
    Diagnostic d;
    d.code = "CC001";
    d.rule_name = "syntax-error";
    d.severity = Severity::Error;
    d.range = SourceRange{path, s.row + 1, s.column + 1, e.row + 1, e.column + 1};
    d.message =
        ts_node_is_missing(node)
            ? std::string("SyntaxError: expected ") + ts_node_type(node)
            : "SyntaxError: invalid syntax; the rest of the file is analysed as far as the parser recovers";
    d.fix = "Fix the syntax error; findings near it may be missing.";
    out.push_back(std::move(d));
  }
  if (errors.size() > reported) {
    out.back().message +=
        " (" + std::to_string(errors.size() - reported) + " more syntax errors in this file not shown)";
  }
}

}  // namespace

namespace {

// Lowers `tree` (null when the parser gave up); `parser` parses a repaired copy when one is needed.
std::shared_ptr<const ModuleFacts> lower_parsed(const SourceText& source, const TSTree* tree,
                                                TSParser* parser, std::optional<uint64_t> content_hash) {
  auto facts = std::make_shared<ModuleFacts>();
  facts->path = source.path;
  facts->module_name = source.module_name;
  facts->is_package = source.is_package;
  facts->content_hash = content_hash ? *content_hash : fast_hash_bytes(source.text);
  facts->line_count = static_cast<uint32_t>(std::count(source.text.begin(), source.text.end(), '\n') +
                                            (source.text.empty() || source.text.back() == '\n' ? 0 : 1));
  if (tree == nullptr) {
    Diagnostic d;
    d.code = "CC002";
    d.rule_name = "io-error";
    d.severity = Severity::Error;
    d.range = SourceRange{source.path, 1, 1, 1, 1};
    d.message = "The parser gave up on this file; it was not analysed";
    facts->file_diagnostics.push_back(std::move(d));
    return facts;
  }
  TSNode root = ts_tree_root_node(tree);
  // Valid Python the grammar rejects (`x, *[]`) is lowered from a same-length copy it accepts.
  std::vector<TSNode> errors = error_nodes(root);
  RepairedParse repaired;
  std::unique_ptr<TSTree, TreeDeleter> repaired_tree;
  SourceText repaired_source;
  const SourceText* lowered = &source;
  if (!errors.empty() && repair_bare_tuple_stars(parser, source.text, root, errors, repaired)) {
    repaired_tree.reset(repaired.tree);
    root = ts_tree_root_node(repaired_tree.get());
    errors = std::move(repaired.errors);
    repaired_source =
        SourceText{source.path, source.module_name, source.is_package, std::move(repaired.text)};
    lowered = &repaired_source;
  }
  collect_syntax_errors(errors, source.path, facts->file_diagnostics);
  Lowerer lowerer(*lowered, *facts);
  lowerer.lower_module(root);
  if (lowerer.hit_nesting_limit()) {
    const Site s = lowerer.nesting_limit_site();
    Diagnostic d;
    d.code = "CC003";
    d.rule_name = "analysis-limit";
    d.severity = Severity::Info;
    d.range = SourceRange{source.path, s.line, s.column, s.end_line, s.end_column};
    d.message = "Code nested deeper than " + std::to_string(kMaxNesting) +
                " levels starting here was not analysed (findings inside it may be missing)";
    facts->file_diagnostics.push_back(std::move(d));
  }
  return facts;
}

}  // namespace

std::shared_ptr<const ModuleFacts> lower_module(const SourceText& source, const TSTree* tree,
                                                std::optional<uint64_t> content_hash) {
  if (tree != nullptr) return lower_parsed(source, tree, thread_parser(), content_hash);
  // A tree parsed here only lives while it is lowered: it goes to an arena dropped whole afterwards, and the
  // tree is never deleted node by node. The parser is made in the arena too (one made outside must not grow
  // there) and deleted, which frees its external scanner (allocated with malloc by the grammar).
  ParseArenaScope arena;
  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  ts_parser_set_language(parser.get(), tree_sitter_python());
  const TSTree* parsed = ts_parser_parse_string(parser.get(), nullptr, source.text.data(),
                                                static_cast<uint32_t>(source.text.size()));
  return lower_parsed(source, parsed, parser.get(), content_hash);
}

}  // namespace cyclecheck
