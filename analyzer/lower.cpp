// Lowers a tree-sitter-python syntax tree to reference-flow facts (analyzer/ir.hpp).
// This file: lower_module() (parsing when no tree is given, syntax errors, the nesting limit), and the
// Lowerer's module entry point and Python's scoping; the rest of the Lowerer is in analyzer/lower_*.cpp
// (declared in analyzer/lowerer.hpp).
#include <tree_sitter/api.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/lowerer.hpp"
#include "analyzer/parse_arena.hpp"
#include "analyzer/parse_repair.hpp"
#include "analyzer/project.hpp"
#include "analyzer/python_grammar.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

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

}  // namespace

void Lowerer::lower_module(TSNode root) {
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

void Lowerer::bind_local(const std::string& name) {
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

void Lowerer::note_read(const std::string& name) {
  if (fn().parent_function > 0) reads_[static_cast<size_t>(current_function_)].insert(name);
}

void Lowerer::resolve_scopes() {
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
    if (locals.size() < kLocalsScanned) return std::find(locals.begin(), locals.end(), name) != locals.end();
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
      if (std::find(defining.cell_vars.begin(), defining.cell_vars.end(), name) == defining.cell_vars.end()) {
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

namespace {

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
