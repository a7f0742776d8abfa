#include "analyzer/annotations.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

std::string without_spaces(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (!std::isspace(static_cast<unsigned char>(ch))) out += ch;
  }
  return out;
}

std::string_view without_module(std::string_view name) {
  for (std::string_view prefix : {"typing.", "collections.abc.", "t.", "abc."}) {
    if (name.substr(0, prefix.size()) == prefix) return name.substr(prefix.size());
  }
  return name;
}

// Builtin and typing names that are not project classes.
bool is_builtin_type(std::string_view name) {
  static const std::array<std::string_view, 16> names = {
      "int",  "float", "str",   "bytes", "bool", "None",    "object",   "Any",
      "list", "dict",  "tuple", "set",   "type", "complex", "Callable", "Union"};
  return std::find(names.begin(), names.end(), without_module(name)) != names.end();
}

// `Outer[inner]` split at the outermost brackets; false when the text is not of that shape.
bool split_subscript(std::string_view text, std::string_view& outer, std::string_view& inner) {
  const size_t open = text.find('[');
  if (open == std::string_view::npos || text.back() != ']') return false;
  outer = text.substr(0, open);
  inner = text.substr(open + 1, text.size() - open - 2);
  return true;
}

// Keeps `depth` the bracket nesting at `ch`, for splitting at top-level separators.
void track_brackets(char ch, int& depth) {
  if (ch == '[' || ch == '(') ++depth;
  if (ch == ']' || ch == ')') --depth;
}

// The arguments of a subscript, split at top-level commas.
std::string_view first_argument(std::string_view inner, size_t& count) {
  int depth = 0;
  size_t start = 0;
  std::string_view first;
  count = 0;
  for (size_t i = 0; i <= inner.size(); ++i) {
    if (i < inner.size()) track_brackets(inner[i], depth);
    if (i == inner.size() || (inner[i] == ',' && depth == 0)) {
      if (count == 0) first = inner.substr(start, i - start);
      ++count;
      start = i + 1;
    }
  }
  return first;
}

size_t top_level_bar(std::string_view text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    track_brackets(text[i], depth);
    if (text[i] == '|' && depth == 0) return i;
  }
  return std::string_view::npos;
}

AnnotatedClass from_text(std::string_view text, int depth) {
  if (depth > 4) return {};
  text = unquoted(text);
  // `X | None` and `None | X`, at the top level (not inside brackets).
  if (const size_t bar = top_level_bar(text); bar != std::string_view::npos) {
    const std::string_view left = text.substr(0, bar), right = text.substr(bar + 1);
    if (right == "None") return from_text(left, depth + 1);
    if (left == "None") return from_text(right, depth + 1);
    return {};
  }
  std::string_view outer, inner;
  if (split_subscript(text, outer, inner)) {
    const std::string_view generic = without_module(outer);
    size_t count = 0;
    const std::string_view first = first_argument(inner, count);
    if (generic == "Optional" && count == 1) return from_text(first, depth + 1);
    static const std::array<std::string_view, 14> sequences = {
        "List", "list", "Sequence",  "MutableSequence", "Iterable", "Iterator", "Collection",
        "Set",  "set",  "FrozenSet", "frozenset",       "Deque",    "deque",    "AbstractSet"};
    const bool sequence = std::find(sequences.begin(), sequences.end(), generic) != sequences.end();
    const bool tuple = (generic == "Tuple" || generic == "tuple") && count == 2 && inner.size() >= 3 &&
                       inner.substr(inner.size() - 3) == "...";
    if ((sequence && count == 1) || tuple) {
      AnnotatedClass element = from_text(first, depth + 1);
      if (element.elements) return {};  // a list of lists
      element.elements = !element.dotted.empty();
      return element;
    }
    return {};
  }
  if (!is_dotted_name(text) || is_builtin_type(text)) return {};
  return AnnotatedClass{std::string(text), false};
}

}  // namespace

AnnotatedClass annotated_class(std::string_view annotation) {
  const std::string text = without_spaces(annotation);
  return from_text(text, 0);
}

}  // namespace cyclecheck
