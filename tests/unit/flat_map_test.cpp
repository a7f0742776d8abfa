// FlatMap and FlatSet (analyzer/flat_map.hpp): the solver's heaps and edges. They must agree with
// std::unordered_map on every lookup however keys collide, keep insertion order (the solver's
// determinism rests on it), and keep every remaining key reachable after an erase.
#include "analyzer/flat_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

using cyclecheck::FlatMap;
using cyclecheck::FlatSet;

namespace {

// Sends every key to one of four home slots: long probe runs that wrap around the table.
struct FewHomes {
  size_t operator()(uint64_t key) const { return static_cast<size_t>(key % 4); }
};

TEST(FlatMap, FindsWhatWasAddedAndIteratesInInsertionOrder) {
  FlatMap<uint64_t, std::string, std::hash<uint64_t>> map;
  EXPECT_TRUE(map.empty());
  EXPECT_EQ(map.find(7), map.end());
  const std::vector<uint64_t> keys{42, 7, 1ULL << 40, 3, 99};
  for (uint64_t key : keys) EXPECT_TRUE(map.try_emplace(key, "v" + std::to_string(key)).second);
  EXPECT_FALSE(map.try_emplace(7, "other").second);
  EXPECT_EQ(map.at(7), "v7");
  map[3] += "!";
  EXPECT_EQ(map.find(3)->second, "v3!");
  EXPECT_EQ(map.count(5), 0u);
  std::vector<uint64_t> order;
  for (const auto& [key, value] : map) order.push_back(key);
  EXPECT_EQ(order, keys);
  EXPECT_THROW(static_cast<void>(map.at(5)), std::out_of_range);
}

TEST(FlatMap, CopiesAreIndependent) {
  FlatMap<uint64_t, int, std::hash<uint64_t>> map;
  for (int i = 0; i < 100; ++i) map[static_cast<uint64_t>(i)] = i;
  auto copy = map;
  copy[5] = -1;
  copy[1000] = 1;
  EXPECT_EQ(map.at(5), 5);
  EXPECT_EQ(map.count(1000), 0u);
  EXPECT_EQ(copy.size(), 101u);
}

TEST(FlatMap, EraseKeepsEveryOtherKeyReachable) {
  FlatMap<uint64_t, int, FewHomes> map;
  for (uint64_t key = 0; key < 40; ++key) map[key] = static_cast<int>(key);
  EXPECT_EQ(map.erase(1000), 0u);
  for (uint64_t key = 0; key < 40; key += 3) EXPECT_EQ(map.erase(key), 1u);
  for (uint64_t key = 0; key < 40; ++key) {
    if (key % 3 == 0) {
      EXPECT_EQ(map.find(key), map.end()) << key;
    } else {
      ASSERT_NE(map.find(key), map.end()) << key;
      EXPECT_EQ(map.find(key)->second, static_cast<int>(key));
    }
  }
  EXPECT_EQ(map.size(), 26u);
}

// Random adds, overwrites and erases against std::unordered_map, with many collisions and growth.
TEST(FlatMap, AgreesWithUnorderedMapUnderRandomOperations) {
  std::mt19937_64 random(12345);
  FlatMap<uint64_t, uint64_t, FewHomes> flat;
  std::unordered_map<uint64_t, uint64_t> reference;
  for (int step = 0; step < 20000; ++step) {
    const uint64_t key = random() % 300;
    switch (random() % 3) {
      case 0:
        flat[key] = static_cast<uint64_t>(step);
        reference[key] = static_cast<uint64_t>(step);
        break;
      case 1:
        EXPECT_EQ(flat.erase(key), reference.erase(key));
        break;
      default: {
        auto found = flat.find(key);
        auto expected = reference.find(key);
        ASSERT_EQ(found == flat.end(), expected == reference.end()) << "step " << step;
        if (found != flat.end()) {
          EXPECT_EQ(found->second, expected->second);
        }
      }
    }
    ASSERT_EQ(flat.size(), reference.size());
  }
  size_t seen = 0;
  for (const auto& [key, value] : flat) {
    EXPECT_EQ(reference.at(key), value);
    ++seen;
  }
  EXPECT_EQ(seen, reference.size());
}

TEST(FlatSet, InsertsOnceAndIteratesInInsertionOrder) {
  FlatSet<uint64_t, std::hash<uint64_t>> set;
  EXPECT_TRUE(set.insert(9));
  EXPECT_TRUE(set.insert(2));
  EXPECT_FALSE(set.insert(9));
  EXPECT_EQ(set.count(2), 1u);
  EXPECT_EQ(set.count(3), 0u);
  const std::vector<uint64_t> keys(set.begin(), set.end());
  EXPECT_EQ(keys, (std::vector<uint64_t>{9, 2}));
}

}  // namespace
