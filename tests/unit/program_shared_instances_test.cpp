// Objects made once and shared by every call or instance: a parameter's default instance (`def fit(...,
// stopper=EarlyStopping())`, a dataclass field `last: LastLoss = LastLoss()`) and an instance a class body
// binds (`running = RunningLoss()`). The solver treats them as module-level state.
#include <gtest/gtest.h>

#include <string>

#include "analyzer/program.hpp"
#include "tests/unit/program_test_util.hpp"

using namespace cyclecheck;

namespace {

Program link(const std::string& text) {
  return cyclecheck::testing::link_one_module("train.py", "train", text);
}

CodeRef function_named(const Program& program, const std::string& qualname) {
  const auto& functions = program.module(0).functions;
  for (size_t i = 0; i < functions.size(); ++i) {
    if (functions[i].qualname == qualname) return CodeRef{0, static_cast<int32_t>(i)};
  }
  ADD_FAILURE() << "no function " << qualname;
  return {};
}

CodeRef class_named(const Program& program, const std::string& name) {
  const auto& classes = program.module(0).classes;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (classes[i].name == name) return CodeRef{0, static_cast<int32_t>(i)};
  }
  ADD_FAILURE() << "no class " << name;
  return {};
}

const char* const kSource =
    "from dataclasses import dataclass, field\n"
    "class Meter:\n"
    "    pass\n"
    "def fit(model, stopper=Meter(), opts=dict(), other=None):\n"
    "    def inner(x, meter=Meter()):\n"
    "        pass\n"
    "class Trainer:\n"
    "    running = Meter()\n"
    "    shadowed = Meter()\n"
    "    lock = object()\n"
    "    def __init__(self):\n"
    "        self.shadowed = Meter()\n"
    "    def step(self, meter=Meter()):\n"
    "        pass\n"
    "@dataclass\n"
    "class State:\n"
    "    epoch: int\n"
    "    last: Meter = Meter()\n"
    "    lrs: list = field(default_factory=list)\n";

TEST(SharedInstances, ADefaultInstanceOfAModuleLevelDefIsNamedAfterItsParameter) {
  const Program program = link(kSource);
  const CodeRef fit = function_named(program, "fit");
  EXPECT_EQ(program.default_instance_name(fit, 1), "fit(stopper=...)");
  EXPECT_EQ(program.global_instance_class(0, "fit(stopper=...)"), class_named(program, "Meter"));
  // A library call, a missing default and None make no project instance.
  EXPECT_EQ(program.default_instance_name(fit, 2), "");
  EXPECT_EQ(program.default_instance_name(fit, 3), "");
  EXPECT_EQ(program.default_instance_name(fit, 0), "");
}

TEST(SharedInstances, AMethodsDefaultIsSharedAndANestedFunctionsIsMadePerCall) {
  const Program program = link(kSource);
  EXPECT_EQ(program.default_instance_name(function_named(program, "Trainer.step"), 1),
            "Trainer.step(meter=...)");
  EXPECT_EQ(program.default_instance_name(function_named(program, "fit.<locals>.inner"), 1), "");
}

TEST(SharedInstances, ADataclassFieldDefaultIsTheGeneratedInitsDefault) {
  const Program program = link(kSource);
  const CodeRef init = function_named(program, "State.__init__");
  const Function& f = program.function(init);
  ASSERT_EQ(f.params.size(), 4u);  // self, epoch, last, lrs
  EXPECT_EQ(program.default_instance_name(init, 2), "State.__init__(last=...)");
  EXPECT_EQ(program.default_instance_name(init, 1), "");
  EXPECT_EQ(program.default_instance_name(init, 3), "");  // field(default_factory=list)
}

TEST(SharedInstances, AClassBodyInstanceNoInstanceShadowsIsShared) {
  const Program program = link(kSource);
  const CodeRef trainer = class_named(program, "Trainer");
  EXPECT_EQ(program.shared_instance_owner(trainer, "running"), trainer);
  EXPECT_EQ(program.class_attribute_instance_class(trainer, "running"), class_named(program, "Meter"));
  EXPECT_FALSE(program.shared_instance_owner(trainer, "shadowed").valid());  // self.shadowed = ...
  EXPECT_FALSE(program.shared_instance_owner(trainer, "lock").valid());      // no project class
}

TEST(SharedInstances, WritesThroughVarsMayShadowAnyAttribute) {
  const Program program = link(
      "class Meter:\n"
      "    pass\n"
      "class Server:\n"
      "    threads = Meter()\n"
      "    def serve(self):\n"
      "        vars(self).setdefault('threads', [])\n");
  EXPECT_FALSE(program.shared_instance_owner(class_named(program, "Server"), "threads").valid());
}

// An enum's members are instances of the enum, made once and held by the class; settings, private names and
// methods are not members, and a plain class's attributes are no instances.
TEST(SharedInstances, EnumMembersAreInstancesOfTheEnum) {
  const Program program = link(
      "import enum\n"
      "from enum import IntEnum\n"
      "class Phase(enum.Enum):\n"
      "    _ignore_ = ['helper']\n"
      "    TRAIN = 'train'\n"
      "    VALID = enum.auto()\n"
      "    scale = lambda self: 2\n"
      "    def record(self, loss):\n"
      "        self.latest = loss\n"
      "class SubPhase(Phase):\n"
      "    pass\n"
      "class Split(IntEnum):\n"
      "    FIT = 0\n"
      "class Plain:\n"
      "    TRAIN = 'train'\n");
  const CodeRef phase = class_named(program, "Phase");
  EXPECT_TRUE(program.class_info(phase).is_enum);
  EXPECT_TRUE(program.class_info(class_named(program, "SubPhase")).is_enum);
  EXPECT_EQ(program.class_attribute_instance_class(phase, "TRAIN"), phase);
  EXPECT_EQ(program.class_attribute_instance_class(phase, "VALID"), phase);
  EXPECT_FALSE(program.class_attribute_instance_class(phase, "_ignore_").valid());
  EXPECT_FALSE(program.class_attribute_instance_class(phase, "scale").valid());
  const CodeRef split = class_named(program, "Split");
  EXPECT_EQ(program.class_attribute_instance_class(split, "FIT"), split);
  const CodeRef plain = class_named(program, "Plain");
  EXPECT_FALSE(program.class_info(plain).is_enum);
  EXPECT_FALSE(program.class_attribute_instance_class(plain, "TRAIN").valid());
}

// `self.tracker = Tracker()`: in the class's methods the attribute is a Tracker when every store of it, in
// the class, its bases and its subclasses, makes one; None stores leave it so.
TEST(SharedInstances, AnAttributeEveryStoreMakesOfOneClassIsThatClass) {
  const Program program = link(
      "import torch.nn as nn\n"
      "class Tracker:\n"
      "    pass\n"
      "class Sink:\n"
      "    pass\n"
      "class Head(nn.Module):\n"
      "    pass\n"
      "class Trainer:\n"
      "    def __init__(self):\n"
      "        self.tracker = Tracker()\n"
      "        self.meter = None\n"
      "        self.sink = Tracker()\n"
      "        self.head = Head()\n"
      "        self.pair, self.other = Tracker(), Tracker()\n"
      "        self.count = len([])\n"
      "    def reset(self):\n"
      "        self.meter = Tracker()\n"
      "        self.sink = Sink()\n"
      "class Child(Trainer):\n"
      "    pass\n"
      "class Base:\n"
      "    def __init__(self):\n"
      "        self.tracker = Tracker()\n"
      "class Quiet(Base):\n"
      "    def __init__(self):\n"
      "        self.tracker = Sink()\n");
  const CodeRef tracker = class_named(program, "Tracker");
  const CodeRef trainer = class_named(program, "Trainer");
  EXPECT_EQ(program.instance_attribute_class(trainer, "tracker"), tracker);
  EXPECT_EQ(program.instance_attribute_class(trainer, "meter"), tracker);  // None, then a Tracker
  EXPECT_EQ(program.instance_attribute_class(class_named(program, "Child"), "tracker"), tracker);
  EXPECT_FALSE(program.instance_attribute_class(trainer, "sink").valid());   // a Tracker or a Sink
  EXPECT_FALSE(program.instance_attribute_class(trainer, "head").valid());   // an nn.Module
  EXPECT_FALSE(program.instance_attribute_class(trainer, "pair").valid());   // unpacked
  EXPECT_FALSE(program.instance_attribute_class(trainer, "count").valid());  // no project class
  EXPECT_FALSE(program.instance_attribute_class(trainer, "missing").valid());
  // A subclass storing another class: the base's methods may run on either.
  EXPECT_FALSE(program.instance_attribute_class(class_named(program, "Base"), "tracker").valid());
  EXPECT_EQ(program.instance_attribute_class(class_named(program, "Quiet"), "tracker"),
            class_named(program, "Sink"));
}

}  // namespace
