#include "analyzer/suppression.hpp"

#include <algorithm>
#include <cctype>

namespace cyclecheck {

namespace {

struct Comment {
  uint32_t line;
  uint32_t column;        // 1-based byte column of the '#'
  std::string_view text;  // from the '#' to the end of the line
};

// Finds the real comments of a Python source: a '#' inside a string literal (single, double, triple
// quoted, any prefix) is not one. Python 3.11 lexing: an f-string's braces do not nest quotes.
std::vector<Comment> find_comments(std::string_view source) {
  std::vector<Comment> comments;
  uint32_t line = 1;
  size_t line_start = 0;
  char quote = 0;       // the open string's quote character, 0 outside strings
  bool triple = false;  // whether the open string is triple-quoted
  size_t i = 0;
  auto newline_at = [&](size_t pos) -> size_t {  // the newline's length at pos, 0 when none
    if (source[pos] == '\n') return 1;
    if (source[pos] == '\r') return pos + 1 < source.size() && source[pos + 1] == '\n' ? 2 : 1;
    return 0;
  };
  while (i < source.size()) {
    const char c = source[i];
    if (const size_t length = newline_at(i)) {
      if (quote != 0 && !triple) quote = 0;  // an unterminated one-line string ends at the newline
      i += length;
      ++line;
      line_start = i;
      continue;
    }
    if (quote != 0) {
      if (c == '\\' && i + 1 < source.size()) {
        // An escaped quote does not end the string; an escaped newline continues it on the next line.
        if (const size_t length = newline_at(i + 1)) {
          i += 1 + length;
          ++line;
          line_start = i;
        } else {
          i += 2;
        }
        continue;
      }
      if (c == quote) {
        if (!triple) {
          quote = 0;
        } else if (source.substr(i, 3) == std::string(3, quote)) {
          quote = 0;
          i += 3;
          continue;
        }
      }
      ++i;
      continue;
    }
    if (c == '#') {
      size_t end = i;
      while (end < source.size() && source[end] != '\n' && source[end] != '\r') ++end;
      comments.push_back({line, static_cast<uint32_t>(i - line_start + 1), source.substr(i, end - i)});
      i = end;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      triple = source.substr(i, 3) == std::string(3, c);
      i += triple ? 3 : 1;
      continue;
    }
    ++i;
  }
  return comments;
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    if (std::tolower(static_cast<unsigned char>(text[k])) != prefix[k]) return false;
  }
  return true;
}

bool is_code_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }

// A noqa entry: an upper-case code ("CC104", "E501") or a rule name ("callable-holds-owner").
bool looks_like_noqa_entry(std::string_view token) {
  if (token.empty()) return false;
  size_t k = 0;
  while (k < token.size() && std::isupper(static_cast<unsigned char>(token[k]))) ++k;
  if (k > 0) {
    const size_t letters = k;
    while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
    return k == token.size() && k > letters;
  }
  const bool lower_kebab = std::all_of(token.begin(), token.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
           c == '-';
  });
  return lower_kebab && token.find('-') != std::string_view::npos;
}

size_t skip_spaces(std::string_view text, size_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  return pos;
}

// `cyclecheck: ignore` or `cyclecheck: ignore[A, B]` starting at `pos` (just after "cyclecheck:").
// Returns the directive's end, or npos when it is not one.
size_t parse_cyclecheck_ignore(std::string_view text, size_t pos, SuppressionComment& out) {
  pos = skip_spaces(text, pos);
  if (text.substr(pos, 6) != "ignore") return std::string_view::npos;
  pos += 6;
  if (pos < text.size() && is_code_char(text[pos])) return std::string_view::npos;  // "ignored", "ignore_x"
  if (pos >= text.size() || text[pos] != '[') {
    out.blanket = true;
    return pos;
  }
  const size_t close = text.find(']', pos);
  if (close == std::string_view::npos) return std::string_view::npos;  // malformed: suppress nothing
  std::string_view list = text.substr(pos + 1, close - pos - 1);
  size_t k = 0;
  while (k < list.size()) {
    while (k < list.size() && !is_code_char(list[k])) ++k;
    const size_t start = k;
    while (k < list.size() && is_code_char(list[k])) ++k;
    if (k > start) out.codes.emplace_back(list.substr(start, k - start));
  }
  return close + 1;
}

// `noqa` or `noqa: A, B` starting at `pos` (just after "noqa", any case).
size_t parse_noqa(std::string_view text, size_t pos, SuppressionComment& out) {
  if (pos < text.size() && is_code_char(text[pos])) return std::string_view::npos;  // "noqaX"
  size_t after_colon = skip_spaces(text, pos);
  if (after_colon >= text.size() || text[after_colon] != ':') {
    out.blanket = true;
    return pos;
  }
  size_t k = after_colon + 1;
  size_t end = k;
  while (true) {
    size_t start = k;
    while (start < text.size() && (text[start] == ' ' || text[start] == '\t' || text[start] == ',')) ++start;
    size_t stop = start;
    while (stop < text.size() && is_code_char(text[stop])) ++stop;
    const std::string_view token = text.substr(start, stop - start);
    if (!looks_like_noqa_entry(token)) break;
    out.codes.emplace_back(token);
    end = k = stop;
  }
  if (out.codes.empty()) {
    out.blanket = true;  // `# noqa:` without codes acts as a blanket noqa, as in ruff and flake8
    return after_colon + 1;
  }
  return end;
}

// Every directive in one comment: "# type: ignore  # noqa: CC104" holds one after its second '#'.
void parse_directives(const Comment& comment, std::vector<SuppressionComment>& out) {
  const std::string_view text = comment.text;
  for (size_t hash = text.find('#'); hash != std::string_view::npos; hash = text.find('#', hash + 1)) {
    const size_t start = skip_spaces(text, hash + 1);
    SuppressionComment directive;
    directive.line = comment.line;
    directive.column = comment.column + static_cast<uint32_t>(hash);
    size_t end = std::string_view::npos;
    if (text.substr(start, 11) == "cyclecheck:") {
      directive.kind = SuppressionComment::Kind::CycleCheckIgnore;
      end = parse_cyclecheck_ignore(text, start + 11, directive);
    } else if (starts_with_ignoring_case(text.substr(start), "noqa")) {
      directive.kind = SuppressionComment::Kind::Noqa;
      end = parse_noqa(text, start + 4, directive);
    }
    if (end == std::string_view::npos) continue;
    directive.end_column = comment.column + static_cast<uint32_t>(end);
    out.push_back(std::move(directive));
  }
}

bool comment_matches(const SuppressionComment& comment, std::string_view code, std::string_view rule_name) {
  if (comment.blanket) return true;
  return std::any_of(comment.codes.begin(), comment.codes.end(), [&](const std::string& entry) {
    return entry == code || (!rule_name.empty() && entry == rule_name);
  });
}

}  // namespace

SuppressionIndex::SuppressionIndex(std::string_view source_text) {
  for (const Comment& comment : find_comments(source_text)) parse_directives(comment, comments_);
}

std::vector<const SuppressionComment*> SuppressionIndex::comments_on_line(uint32_t line) const {
  std::vector<const SuppressionComment*> found;
  auto it = std::lower_bound(comments_.begin(), comments_.end(), line,
                             [](const SuppressionComment& c, uint32_t l) { return c.line < l; });
  for (; it != comments_.end() && it->line == line; ++it) found.push_back(&*it);
  return found;
}

bool SuppressionIndex::suppresses(uint32_t line, std::string_view code) const {
  return suppresses(line, code, {});
}

bool SuppressionIndex::suppresses(uint32_t line, std::string_view code, std::string_view rule_name) const {
  for (const SuppressionComment* comment : comments_on_line(line)) {
    if (comment_matches(*comment, code, rule_name)) return true;
  }
  return false;
}

bool SuppressionIndex::suppresses(const Diagnostic& diagnostic) const {
  return suppresses(diagnostic.range.line, diagnostic.code, diagnostic.rule_name);
}

std::vector<Diagnostic> remove_suppressed(std::vector<Diagnostic> diagnostics,
                                          const SuppressionIndex& index) {
  std::erase_if(diagnostics, [&](const Diagnostic& d) { return index.suppresses(d); });
  return diagnostics;
}

}  // namespace cyclecheck
