#include "analyzer/parse_repair.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace cyclecheck {
namespace {

// A file with more candidate stars than this in its errors is not repaired: each candidate costs walks
// through the tree, and so many are a sign of something else than the grammar's gap.
constexpr size_t kMaxStars = 64;

bool is_error(TSNode node) { return std::strcmp(ts_node_type(node), "ERROR") == 0; }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == '\f'; }
bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// What precedes the star allows a starred element there: `x, *...`, `= *..., x`, `(*...`, `return *...`.
bool starts_an_element(const std::string& text, size_t star) {
  size_t i = star;
  while (i > 0 && is_space(text[i - 1])) --i;
  if (i == 0) return false;
  const char before = text[i - 1];
  if (before == ',' || before == '=' || before == '(' || before == '[') return true;
  size_t word_start = i;
  while (word_start > 0 && is_word_char(text[word_start - 1])) --word_start;
  const std::string word = text.substr(word_start, i - word_start);
  return word == "return" || word == "yield" || word == "in";
}

// After the repair, the starred operand must be an element of a tuple (with or without parentheses) or of a
// subscript, outside any remaining error.
bool is_tuple_element(TSNode root, const std::string& text, size_t star) {
  size_t operand = star + 1;
  while (operand < text.size() && is_space(text[operand])) ++operand;
  if (operand >= text.size()) return false;
  TSNode node = ts_node_named_descendant_for_byte_range(root, static_cast<uint32_t>(operand),
                                                        static_cast<uint32_t>(operand + 1));
  if (ts_node_is_null(node) || ts_node_start_byte(node) != operand) return false;
  auto holds_elements = [operand](TSNode parent) {
    const char* type = ts_node_type(parent);
    return std::strcmp(type, "expression_list") == 0 || std::strcmp(type, "tuple") == 0 ||
           std::strcmp(type, "pattern_list") == 0 ||
           (std::strcmp(type, "subscript") == 0 && ts_node_start_byte(parent) < operand);
  };
  TSNode parent = ts_node_parent(node);
  // Climb to the whole operand: `*[1] + y` splats `[1] + y`.
  while (!ts_node_is_null(parent) && ts_node_start_byte(parent) == operand && !holds_elements(parent)) {
    node = parent;
    parent = ts_node_parent(node);
  }
  if (ts_node_is_null(parent) || !holds_elements(parent)) return false;
  for (TSNode up = parent; !ts_node_is_null(up); up = ts_node_parent(up)) {
    if (is_error(up)) return false;
  }
  return true;
}

}  // namespace

std::vector<TSNode> error_nodes(TSNode root) {
  std::vector<TSNode> found;
  if (!ts_node_has_error(root)) return found;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  while (true) {
    const TSNode node = ts_tree_cursor_current_node(&cursor);
    const bool error = is_error(node);
    if (error || ts_node_is_missing(node)) found.push_back(node);
    if (!error && ts_node_has_error(node) && ts_tree_cursor_goto_first_child(&cursor)) continue;
    bool moved = ts_tree_cursor_goto_next_sibling(&cursor);
    while (!moved && ts_tree_cursor_goto_parent(&cursor)) moved = ts_tree_cursor_goto_next_sibling(&cursor);
    if (!moved) break;
  }
  ts_tree_cursor_delete(&cursor);
  return found;
}

bool repair_bare_tuple_stars(TSParser* parser, const std::string& text, TSNode root,
                             const std::vector<TSNode>& errors, RepairedParse& out) {
  std::vector<size_t> stars;
  size_t looked_up = 0;
  size_t scanned = 0;  // errors come in document order: each line is scanned once, however many errors it has
  for (const TSNode& error : errors) {
    if (!is_error(error)) continue;
    // The lines around the error: recovery often pulls the star outside the ERROR node itself.
    size_t begin = ts_node_start_byte(error), end = std::min<size_t>(ts_node_end_byte(error), text.size());
    if (end <= scanned) continue;
    if (begin < scanned) {
      begin = scanned;
    } else {
      while (begin > scanned && text[begin - 1] != '\n') --begin;
    }
    while (end < text.size() && text[end] != '\n') ++end;
    scanned = end;
    for (size_t i = begin; i < end; ++i) {
      if (text[i] != '*' || (i + 1 < text.size() && text[i + 1] == '*') || (i > 0 && text[i - 1] == '*')) {
        continue;
      }
      if (!starts_an_element(text, i)) continue;
      // A `*` token, not part of a string or comment. Each lookup walks the tree: past the limit, give up.
      if (++looked_up > kMaxStars) return false;
      const TSNode leaf =
          ts_node_descendant_for_byte_range(root, static_cast<uint32_t>(i), static_cast<uint32_t>(i + 1));
      if (ts_node_is_null(leaf) || ts_node_is_named(leaf) || ts_node_start_byte(leaf) != i ||
          std::strcmp(ts_node_type(leaf), "*") != 0) {
        continue;
      }
      stars.push_back(i);
    }
  }
  std::sort(stars.begin(), stars.end());
  stars.erase(std::unique(stars.begin(), stars.end()), stars.end());
  if (stars.empty()) return false;

  // Remove the stars, keep only the removals that leave a tuple element, and parse again until they agree.
  for (int attempt = 0; attempt < 3 && !stars.empty(); ++attempt) {
    std::string patched = text;
    for (size_t star : stars) patched[star] = ' ';
    TSTree* tree =
        ts_parser_parse_string(parser, nullptr, patched.data(), static_cast<uint32_t>(patched.size()));
    if (tree == nullptr) return false;
    const TSNode patched_root = ts_tree_root_node(tree);
    std::vector<size_t> kept;
    for (size_t star : stars) {
      if (is_tuple_element(patched_root, patched, star)) kept.push_back(star);
    }
    if (kept.size() == stars.size()) {
      std::vector<TSNode> remaining = error_nodes(patched_root);
      if (remaining.size() < errors.size()) {
        out.text = std::move(patched);
        out.tree = tree;
        out.errors = std::move(remaining);
        return true;
      }
    }
    ts_tree_delete(tree);
    if (kept.size() == stars.size()) return false;  // no error went away
    stars = std::move(kept);
  }
  return false;
}

}  // namespace cyclecheck
