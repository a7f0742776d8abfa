#include "analyzer/import_scan.hpp"

#include <algorithm>
#include <string_view>

#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

// A statement spread over lines (parentheses, backslashes) ends within this many lines, or is cut there.
constexpr int kMaxStatementLines = 200;

std::string_view without_comment(std::string_view line) {
  const size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

// `keyword` followed by a space, a tab or (for `from`) the dots of a relative import.
bool starts_with_keyword(std::string_view s, std::string_view keyword) {
  if (s.substr(0, keyword.size()) != keyword || s.size() == keyword.size()) return false;
  const char next = s[keyword.size()];
  return next == ' ' || next == '\t' || (keyword == "from" && next == '.');
}

// "a.b.c" adds "a", "a.b" and "a.b.c".
void add_with_parents(std::string_view dotted, std::vector<std::string>& out) {
  for (size_t dot = dotted.find('.'); dot != std::string_view::npos; dot = dotted.find('.', dot + 1)) {
    out.emplace_back(dotted.substr(0, dot));
  }
  out.emplace_back(dotted);
}

// The first word of an imported item: "Net" of "Net as Model".
std::string_view item_name(std::string_view item) {
  item = trim_blanks(item);
  const size_t space = item.find_first_of(" \t");
  return space == std::string_view::npos ? item : item.substr(0, space);
}

// The absolute module of `from <dots><rest> import`; "" when it climbs above the top package.
std::string resolve_relative(size_t dots, std::string_view rest, const std::string& module_name,
                             bool is_package) {
  std::vector<std::string_view> parts;
  std::string_view name = module_name;
  while (!name.empty()) {
    const size_t dot = name.find('.');
    parts.push_back(name.substr(0, dot));
    name = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
  }
  if (!is_package && !parts.empty()) parts.pop_back();  // a module's package
  if (dots - 1 > parts.size()) return "";
  parts.resize(parts.size() - (dots - 1));
  std::string resolved;
  for (std::string_view part : parts) {
    if (!resolved.empty()) resolved += '.';
    resolved += part;
  }
  if (!rest.empty()) {
    if (!resolved.empty()) resolved += '.';
    resolved += rest;
  }
  return resolved;
}

void scan_statement(std::string_view statement, const std::string& module_name, bool is_package,
                    std::vector<std::string>& out) {
  if (starts_with_keyword(statement, "import")) {
    std::string_view items = statement.substr(6);
    while (!items.empty()) {
      const size_t comma = items.find(',');
      const std::string_view name = item_name(items.substr(0, comma));
      if (is_dotted_name(name)) add_with_parents(name, out);
      items = comma == std::string_view::npos ? std::string_view() : items.substr(comma + 1);
    }
    return;
  }
  // from <module> import <names>
  std::string_view rest = trim_blanks(statement.substr(4));
  size_t import_at = std::string_view::npos;
  for (size_t at = rest.find("import"); at != std::string_view::npos; at = rest.find("import", at + 1)) {
    const bool word_before = at > 0 && (rest[at - 1] == ' ' || rest[at - 1] == '\t' || rest[at - 1] == '.');
    const bool word_after =
        at + 6 < rest.size() && (rest[at + 6] == ' ' || rest[at + 6] == '\t' || rest[at + 6] == '(');
    if (word_before && word_after) {
      import_at = at;
      break;
    }
  }
  if (import_at == std::string_view::npos) return;
  std::string_view source = trim_blanks(rest.substr(0, import_at));
  size_t dots = 0;
  while (dots < source.size() && source[dots] == '.') ++dots;
  const std::string_view dotted = trim_blanks(source.substr(dots));
  if (!dotted.empty() && !is_dotted_name(dotted)) return;
  const std::string from =
      dots == 0 ? std::string(dotted) : resolve_relative(dots, dotted, module_name, is_package);
  if (from.empty()) return;
  add_with_parents(from, out);
  std::string_view names = rest.substr(import_at + 6);
  while (!names.empty()) {
    const size_t comma = names.find(',');
    std::string_view item = names.substr(0, comma);
    const size_t open = item.find('(');
    if (open != std::string_view::npos) item.remove_prefix(open + 1);
    const size_t close = item.find(')');
    if (close != std::string_view::npos) item = item.substr(0, close);
    const std::string_view name = item_name(item);
    if (is_identifier(name)) out.push_back(from + "." + std::string(name));
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
  }
}

}  // namespace

std::vector<std::string> imported_module_candidates(const std::string& text, const std::string& module_name,
                                                    bool is_package) {
  std::vector<std::string> out;
  const std::string_view all = text;
  size_t start = 0;
  auto next_line = [&](std::string_view& line) {
    if (start >= all.size()) return false;
    const size_t end = all.find('\n', start);
    line = all.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    start = end == std::string_view::npos ? all.size() : end + 1;
    return true;
  };
  std::string_view line;
  while (next_line(line)) {
    // Most lines start with neither keyword: look no further than their first word.
    size_t indent = 0;
    while (indent < line.size() && (line[indent] == ' ' || line[indent] == '\t' || line[indent] == '\f'))
      ++indent;
    if (indent == line.size() || (line[indent] != 'i' && line[indent] != 'f')) continue;
    const std::string_view code = trim_blanks(without_comment(line));
    if (!starts_with_keyword(code, "import") && !starts_with_keyword(code, "from")) continue;
    std::string statement(code);
    // Parenthesised names (`from m import (`, not prose in a docstring that starts with "from") and
    // backslash continuations go on over the following lines.
    const size_t paren = statement.find('(');
    const bool names_in_parentheses =
        paren != std::string::npos && paren >= 6 && statement.rfind("import", paren - 1) != std::string::npos;
    for (int extra = 0; extra < kMaxStatementLines; ++extra) {
      const bool open_paren = names_in_parentheses && std::count(statement.begin(), statement.end(), '(') >
                                                          std::count(statement.begin(), statement.end(), ')');
      const bool backslash = !statement.empty() && statement.back() == '\\';
      if (!open_paren && !backslash) break;
      if (backslash) statement.pop_back();
      std::string_view more;
      if (!next_line(more)) break;
      statement += ' ';
      statement += trim_blanks(without_comment(more));
    }
    const std::string_view first = std::string_view(statement).substr(0, statement.find(';'));
    scan_statement(trim_blanks(first), module_name, is_package, out);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace cyclecheck
