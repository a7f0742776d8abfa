// Strings kept once per solve. The solver copies abstract objects and the sites of their edges into
// every caller that applies a summary; with their labels, names and notes pooled, a copy is a pointer
// copy instead of a string copy (and, past 15 bytes, an allocation).
#pragma once

#include <string>
#include <string_view>

#include "analyzer/string_interner.hpp"

namespace cyclecheck {

class TextPool {
 public:
  // The pooled copy of `text`: the same address for equal texts, valid as long as the pool.
  const std::string* intern(std::string_view text) { return &texts_.text(texts_.intern(text)); }

 private:
  StringInterner texts_;
};

// Makes `pool` the one PooledText interns into on this thread until the scope ends. Outside any scope
// texts go to a process-wide pool (never freed), so a PooledText is always valid.
class TextPoolScope {
 public:
  explicit TextPoolScope(TextPool& pool);
  ~TextPoolScope();
  TextPoolScope(const TextPoolScope&) = delete;
  TextPoolScope& operator=(const TextPoolScope&) = delete;

 private:
  TextPool* saved_;
};

class PooledText {
 public:
  PooledText() = default;
  PooledText(std::string_view text);  // NOLINT(google-explicit-constructor): used like a string
  PooledText(const std::string& text) : PooledText(std::string_view(text)) {}  // NOLINT
  PooledText(const char* text) : PooledText(std::string_view(text)) {}         // NOLINT

  const std::string& str() const { return *text_; }
  operator const std::string&() const { return *text_; }  // NOLINT
  bool empty() const { return text_->empty(); }

 private:
  static const std::string kEmpty;
  const std::string* text_ = &kEmpty;
};

}  // namespace cyclecheck
