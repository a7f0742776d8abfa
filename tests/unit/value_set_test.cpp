// ValueSet (analyzer/heap.hpp) keeps up to four ids inline and moves to the heap beyond that: the set
// must behave the same on both sides of that line, through copies and moves.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "analyzer/heap.hpp"

using cyclecheck::ObjId;
using cyclecheck::ValueSet;

namespace {

std::vector<ObjId> ids_of(const ValueSet& set) { return {set.begin(), set.end()}; }

TEST(ValueSet, KeepsIdsSortedAndUniqueInlineAndOnTheHeap) {
  ValueSet set;
  for (ObjId id : {9u, 3u, 7u, 3u, 1u}) set.insert(id);
  EXPECT_EQ(ids_of(set), (std::vector<ObjId>{1, 3, 7, 9}));
  set.insert(5);  // the fifth id leaves the inline storage
  set.insert(0);
  set.insert(9);
  EXPECT_EQ(ids_of(set), (std::vector<ObjId>{0, 1, 3, 5, 7, 9}));
  EXPECT_TRUE(set.contains(5));
  EXPECT_FALSE(set.contains(4));
  EXPECT_EQ(set[0], 0u);
  EXPECT_EQ(set.size(), 6u);
}

TEST(ValueSet, StopsGrowingAtTheLimit) {
  ValueSet set;
  for (ObjId id = 100; id > 0; --id) set.insert(id);
  EXPECT_EQ(set.size(), ValueSet::kMaxValues);
  EXPECT_TRUE(set.contains(100));
  set.insert(500);
  EXPECT_FALSE(set.contains(500));
}

TEST(ValueSet, CopiesAndMovesAreIndependentOnBothSidesOfTheInlineLimit) {
  for (const ObjId count : {2u, 4u, 5u, 20u}) {
    ValueSet original;
    for (ObjId id = 0; id < count; ++id) original.insert(id * 2);
    ValueSet copy = original;
    copy.insert(1);
    EXPECT_EQ(original.size(), count);
    EXPECT_EQ(copy.size(), count + 1);
    EXPECT_FALSE(original.contains(1));

    ValueSet assigned{42};
    assigned = original;
    EXPECT_EQ(assigned, original);
    assigned = assigned;  // self-assignment keeps the ids
    EXPECT_EQ(assigned, original);

    ValueSet moved = std::move(copy);
    EXPECT_EQ(moved.size(), count + 1);
    EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): a moved-from set is empty
    copy.insert(7);             // and usable
    EXPECT_EQ(ids_of(copy), (std::vector<ObjId>{7}));

    ValueSet move_assigned{1, 2, 3, 4, 5, 6};
    move_assigned = std::move(moved);
    EXPECT_EQ(move_assigned.size(), count + 1);
    EXPECT_TRUE(move_assigned.contains(1));
  }
}

TEST(ValueSet, MergeAndEquality) {
  ValueSet a{1, 2, 3};
  const ValueSet b{3, 4, 5, 6, 7};
  a.merge(b);
  EXPECT_EQ(ids_of(a), (std::vector<ObjId>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_NE(a, b);
  EXPECT_EQ(ValueSet({7, 6, 5, 4, 3}), b);
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a, ValueSet{});
}

}  // namespace
