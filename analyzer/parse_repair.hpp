// Works around a gap in tree-sitter-python 0.23.6: in a tuple without parentheses, a starred operand must be
// a name, attribute, subscript or call. Valid Python such as `host, *rest = endpoint, *[]`,
// `return x, *f() or ()` or `a[i, *(1, 2)]` parses as an ERROR, which would be reported as a false CC001.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <vector>

namespace cyclecheck {

// ERROR and MISSING nodes in document order, outermost first (an ERROR's insides are not visited).
// Iterative: deep trees must not overflow the stack.
std::vector<TSNode> error_nodes(TSNode root);

struct RepairedParse {
  std::string text;  // the source with the offending `*` replaced by a space: same length, same positions
  TSTree* tree = nullptr;      // owned by the caller (ts_tree_delete)
  std::vector<TSNode> errors;  // error_nodes of the repaired tree: the syntax errors that remain
};

// Given `text`, its tree and that tree's `errors` (error_nodes), finds each `*` that opens a starred element
// of a bare tuple inside a syntax error and parses the text again without it. Returns true (filling `out`)
// only when that removes errors and every removed star stands where Python allows one (an element of a tuple
// or of a subscript), so a real syntax error such as `a = *[1]` is still reported.
bool repair_bare_tuple_stars(TSParser* parser, const std::string& text, TSNode root,
                             const std::vector<TSNode>& errors, RepairedParse& out);

}  // namespace cyclecheck
