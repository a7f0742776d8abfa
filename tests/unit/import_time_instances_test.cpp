// Classes whose every instance a module-level variable keeps, made at import: which qualify, and which
// construction or reference elsewhere rules a class (and its bases) out.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/program.hpp"
#include "tests/unit/program_test_util.hpp"

using namespace cyclecheck;

namespace {

Program link(const std::string& text) {
  return cyclecheck::testing::link_one_module("fleet.py", "fleet", text);
}

const ImportTimeHolder* holder_of(const Program& program, const std::string& name) {
  const auto& classes = program.module(0).classes;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (classes[i].name == name) return program.import_time_holder(CodeRef{0, static_cast<int32_t>(i)});
  }
  ADD_FAILURE() << "no class " << name;
  return nullptr;
}

TEST(ImportTimeInstances, ElementsOfAModuleLevelComprehensionAndPlainAssignments) {
  const Program program = link(
      "class Device:\n    pass\n"
      "class Tracker:\n    pass\n"
      "class Unused:\n    pass\n"
      "FLEET = [Device(i) for i in range(8)]\n"
      "TRACKER = Tracker()\n"
      "def check(x):\n    return isinstance(x, (Device, Tracker))\n");
  const ImportTimeHolder* fleet = holder_of(program, "Device");
  ASSERT_NE(fleet, nullptr);
  EXPECT_EQ(fleet->name, "FLEET");
  EXPECT_TRUE(fleet->element);
  const ImportTimeHolder* tracker = holder_of(program, "Tracker");
  ASSERT_NE(tracker, nullptr);
  EXPECT_EQ(tracker->name, "TRACKER");
  EXPECT_FALSE(tracker->element);
  EXPECT_EQ(holder_of(program, "Unused"), nullptr);  // never made: nothing known
}

TEST(ImportTimeInstances, OtherConstructionsRuleTheClassOut) {
  const Program program = link(
      "class MadeInFunction:\n    pass\n"
      "class MadeInLoop:\n    pass\n"
      "class HandedOn:\n    pass\n"
      "class Factory:\n"
      "    @classmethod\n"
      "    def make(cls):\n        return cls()\n"
      "A = MadeInFunction()\n"
      "def build():\n    return MadeInFunction()\n"
      "for i in range(3):\n    B = MadeInLoop()\n"
      "C = HandedOn()\n"
      "REGISTRY = {'h': HandedOn}\n"
      "D = Factory()\n");
  EXPECT_EQ(holder_of(program, "MadeInFunction"), nullptr);
  EXPECT_EQ(holder_of(program, "MadeInLoop"), nullptr);
  EXPECT_EQ(holder_of(program, "HandedOn"), nullptr);
  EXPECT_EQ(holder_of(program, "Factory"), nullptr);
}

TEST(ImportTimeInstances, ASubclassMadeElsewhereRulesOutItsBase) {
  const Program program = link(
      "class Base:\n    pass\n"
      "class Child(Base):\n    pass\n"
      "class Leaf(Base):\n    pass\n"
      "X = Base()\n"
      "Y = Leaf()\n"
      "def make():\n    return Child()\n");
  EXPECT_EQ(holder_of(program, "Base"), nullptr);
  EXPECT_EQ(holder_of(program, "Child"), nullptr);
  const ImportTimeHolder* leaf = holder_of(program, "Leaf");
  ASSERT_NE(leaf, nullptr);
  EXPECT_EQ(leaf->name, "Y");
}

}  // namespace
