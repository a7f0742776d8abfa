#include "analyzer/pooled_text.hpp"

#include <mutex>

namespace cyclecheck {
namespace {

thread_local TextPool* current_pool = nullptr;

// For texts made outside a solve (tests, tools): shared by all threads, kept until exit.
const std::string* intern_shared(std::string_view text) {
  static std::mutex mutex;
  static auto* pool = new TextPool();  // never destroyed: texts may be read during exit
  const std::lock_guard<std::mutex> lock(mutex);
  return pool->intern(text);
}

}  // namespace

const std::string PooledText::kEmpty;

TextPoolScope::TextPoolScope(TextPool& pool) : saved_(current_pool) { current_pool = &pool; }
TextPoolScope::~TextPoolScope() { current_pool = saved_; }

PooledText::PooledText(std::string_view text) {
  if (text.empty()) return;
  text_ = current_pool != nullptr ? current_pool->intern(text) : intern_shared(text);
}

}  // namespace cyclecheck
