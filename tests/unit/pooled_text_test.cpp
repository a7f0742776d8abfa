// PooledText (analyzer/pooled_text.hpp): equal texts share one copy per pool, a scope decides which
// pool, and texts made outside any scope stay valid too.
#include "analyzer/pooled_text.hpp"

#include <gtest/gtest.h>

#include <string>

using cyclecheck::PooledText;
using cyclecheck::TextPool;
using cyclecheck::TextPoolScope;

namespace {

TEST(PooledText, EqualTextsShareOneCopyInTheScopesPool) {
  TextPool pool;
  const TextPoolScope scope(pool);
  const std::string built = std::string("function ") + "train_step";
  const PooledText first(built);
  const PooledText second("function train_step");
  EXPECT_EQ(&first.str(), &second.str());
  EXPECT_EQ(first.str(), "function train_step");
  EXPECT_EQ(pool.intern("function train_step"), &first.str());
  const PooledText other("function eval_step");
  EXPECT_NE(&other.str(), &first.str());
}

TEST(PooledText, ScopesNestAndRestoreThePreviousPool) {
  TextPool outer_pool, inner_pool;
  const TextPoolScope outer(outer_pool);
  const PooledText in_outer("self.callback = ...");
  {
    const TextPoolScope inner(inner_pool);
    const PooledText in_inner("self.callback = ...");
    EXPECT_NE(&in_inner.str(), &in_outer.str());  // another pool, another copy
    EXPECT_EQ(inner_pool.intern("self.callback = ..."), &in_inner.str());
  }
  const PooledText again("self.callback = ...");
  EXPECT_EQ(&again.str(), &in_outer.str());
}

TEST(PooledText, EmptyAndOutsideAnyScope) {
  const PooledText empty;
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(empty.str(), "");
  EXPECT_TRUE(PooledText("").empty());
  const PooledText shared("call to attach()");  // no scope: the process-wide pool
  const PooledText copy = shared;
  EXPECT_EQ(static_cast<const std::string&>(copy), "call to attach()");
  EXPECT_EQ(&PooledText("call to attach()").str(), &shared.str());
}

}  // namespace
