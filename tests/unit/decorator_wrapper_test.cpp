// Which decorated functions run a wrapper of the project when called: the outermost decorator is a project
// function returning a nested function (directly, or through a factory call).
#include <gtest/gtest.h>

#include <string>

#include "analyzer/program.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

CodeRef function_named(const Program& program, const std::string& qualname) {
  const auto& functions = program.module(0).functions;
  for (size_t i = 0; i < functions.size(); ++i) {
    if (functions[i].qualname == qualname) return CodeRef{0, static_cast<int32_t>(i)};
  }
  ADD_FAILURE() << "no function " << qualname;
  return {};
}

const char* const kSource =
    "import functools\n"
    "def logged(fn):\n"
    "    @functools.wraps(fn)\n"
    "    def wrapper(*args, **kwargs):\n"
    "        return fn(*args, **kwargs)\n"
    "    return wrapper\n"
    "def report(stream=None):\n"
    "    def decorate(func):\n"
    "        def inner(*args):\n"
    "            return func(*args)\n"
    "        return inner\n"
    "    return decorate\n"
    "REGISTRY = []\n"
    "def register(fn):\n"
    "    REGISTRY.append(fn)\n"
    "    return fn\n"
    "@logged\n"
    "def step(x):\n"
    "    return x\n"
    "@report()\n"
    "def evaluate(x):\n"
    "    return x\n"
    "@register\n"
    "def plugin(x):\n"
    "    return x\n"
    "@functools.lru_cache\n"
    "@logged\n"
    "def cached(x):\n"
    "    return x\n"
    "class Model:\n"
    "    @logged\n"
    "    def forward(self, x):\n"
    "        return x\n"
    "    @staticmethod\n"
    "    @logged\n"
    "    def helper(x):\n"
    "        return x\n";

}  // namespace

TEST(DecoratorWrapper, ProjectDecoratorsReturningANestedFunctionWrap) {
  auto facts = lower_module(SourceText{"train.py", "train", false, kSource});
  ASSERT_TRUE(facts->file_diagnostics.empty());
  Program program({facts});

  const DecoratorWrapper* step = program.decorator_wrapper(function_named(program, "step"));
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(step->wrapper, function_named(program, "logged.<locals>.wrapper"));
  EXPECT_EQ(step->function_cell, "fn");
  EXPECT_EQ(step->name, "logged(step)");

  const DecoratorWrapper* evaluate = program.decorator_wrapper(function_named(program, "evaluate"));
  ASSERT_NE(evaluate, nullptr);
  EXPECT_EQ(evaluate->wrapper, function_named(program, "report.<locals>.decorate.<locals>.inner"));
  EXPECT_EQ(evaluate->function_cell, "func");
  EXPECT_EQ(evaluate->name, "report()(evaluate)");

  const DecoratorWrapper* forward = program.decorator_wrapper(function_named(program, "Model.forward"));
  ASSERT_NE(forward, nullptr);
  EXPECT_EQ(forward->name, "logged(Model.forward)");

  // Returns what it registers; the outermost is a library's; a static method binds differently.
  EXPECT_EQ(program.decorator_wrapper(function_named(program, "plugin")), nullptr);
  EXPECT_EQ(program.decorator_wrapper(function_named(program, "cached")), nullptr);
  EXPECT_EQ(program.decorator_wrapper(function_named(program, "Model.helper")), nullptr);
  EXPECT_EQ(program.decorator_wrapper(function_named(program, "logged")), nullptr);
}
