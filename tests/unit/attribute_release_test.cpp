// Attributes a method lets go of (`self._timer = None`, `del self.cb`, a swap to None), and when a call of
// that method breaks the cycles through them: called by code that does not set the attribute again, not
// from `__init__`, where the class can be named.
#include "analyzer/attribute_release.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analyzer/program.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

std::shared_ptr<const ModuleFacts> lower(const std::string& path, const std::string& name,
                                         const std::string& text) {
  auto facts = lower_module(SourceText{path, name, false, text});
  EXPECT_TRUE(facts->file_diagnostics.empty());
  return facts;
}

const Function& function_named(const ModuleFacts& facts, const std::string& qualname) {
  for (const Function& f : facts.functions) {
    if (f.qualname == qualname) return f;
  }
  ADD_FAILURE() << "no function " << qualname;
  return facts.functions[0];
}

CodeRef class_named(const Program& program, int32_t module, const std::string& name) {
  const auto& classes = program.module(module).classes;
  for (size_t i = 0; i < classes.size(); ++i) {
    if (classes[i].name == name) return CodeRef{module, static_cast<int32_t>(i)};
  }
  ADD_FAILURE() << "no class " << name;
  return {};
}

const char* const kWatchdog =
    "import threading\n"
    "class Watchdog:\n"
    "    def __init__(self):\n"
    "        self.reset()\n"
    "        self._timer = None\n"
    "    def arm(self):\n"
    "        self.disarm()\n"
    "        self._timer = threading.Timer(1.0, self.fire)\n"
    "    def disarm(self):\n"
    "        timer, self._timer = self._timer, None\n"
    "    def reset(self):\n"
    "        self.last = None\n"
    "    def drop(self):\n"
    "        del self.cb\n"
    "    def swap(self):\n"
    "        self.cb = None\n"
    "        self.cb = self.fire\n"
    "    @staticmethod\n"
    "    def helper(other):\n"
    "        other.cb = None\n"
    "    def fire(self):\n"
    "        pass\n"
    "class Quiet(Watchdog):\n"
    "    pass\n";

}  // namespace

TEST(AttributeRelease, MethodsLettingGoOfAttributes) {
  auto facts = lower("watchdog.py", "watchdog", kWatchdog);
  EXPECT_EQ(released_attributes(function_named(*facts, "Watchdog.disarm")),
            std::vector<std::string>{"_timer"});
  EXPECT_EQ(released_attributes(function_named(*facts, "Watchdog.reset")), std::vector<std::string>{"last"});
  EXPECT_EQ(released_attributes(function_named(*facts, "Watchdog.drop")), std::vector<std::string>{"cb"});
  // Set again in the same method: a restart, not a release.
  EXPECT_TRUE(released_attributes(function_named(*facts, "Watchdog.swap")).empty());
  EXPECT_TRUE(released_attributes(function_named(*facts, "Watchdog.__init__")).empty());
  EXPECT_TRUE(released_attributes(function_named(*facts, "Watchdog.helper")).empty());
  EXPECT_TRUE(sets_attribute_on_first_param(function_named(*facts, "Watchdog.arm"), "_timer"));
  EXPECT_FALSE(sets_attribute_on_first_param(function_named(*facts, "Watchdog.disarm"), "_timer"));
}

TEST(AttributeRelease, OnlyCallsThatDoNotSetItAgainRelease) {
  // arm() calls disarm() before setting a new timer, and __init__ calls reset(): neither releases.
  Program alone({lower("watchdog.py", "watchdog", kWatchdog)});
  const CodeRef watchdog = class_named(alone, 0, "Watchdog");
  EXPECT_FALSE(alone.attribute_released(watchdog, "_timer"));
  EXPECT_FALSE(alone.attribute_released(watchdog, "last"));
  EXPECT_FALSE(alone.attribute_released(watchdog, "cb"));

  Program used({lower("watchdog.py", "watchdog", kWatchdog), lower("predict.py", "predict",
                                                                   "from watchdog import Quiet\n"
                                                                   "def predict(batches):\n"
                                                                   "    w = Quiet()\n"
                                                                   "    for b in batches:\n"
                                                                   "        w.arm()\n"
                                                                   "    w.disarm()\n")});
  EXPECT_TRUE(used.attribute_released(class_named(used, 0, "Watchdog"), "_timer"));
  // Inherited from a project base.
  EXPECT_TRUE(used.attribute_released(class_named(used, 0, "Quiet"), "_timer"));
  EXPECT_FALSE(used.attribute_released(class_named(used, 0, "Watchdog"), "cb"));
}

TEST(AttributeRelease, CallsWhereTheClassCannotBeNamedDoNotCount) {
  // Another module's disarm() of some other object, in a module that does not import the class's.
  Program program({lower("watchdog.py", "watchdog", kWatchdog), lower("alarm.py", "alarm",
                                                                      "class Alarm:\n"
                                                                      "    def disarm(self):\n"
                                                                      "        pass\n"
                                                                      "def stop(alarm):\n"
                                                                      "    alarm.disarm()\n")});
  EXPECT_FALSE(program.attribute_released(class_named(program, 0, "Watchdog"), "_timer"));
}

const char* const kHookHelpers =
    "def add_hook(module):\n"
    "    if hasattr(module, '_old_forward'):\n"
    "        remove_hook(module)\n"
    "    module._old_forward = module.forward\n"
    "def remove_hook(module):\n"
    "    vars(module).pop('forward', None)\n"
    "    delattr(module, '_hook')\n"
    "    del module._old_forward\n"
    "    module._state = None\n"
    "def reset(module):\n"
    "    del module.cache\n"
    "    module.cache = {}\n";

TEST(AttributeRelease, PlainFunctionsDeletingAttributesOfTheirArgument) {
  auto facts = lower("hooks.py", "hooks", kHookHelpers);
  auto released = attributes_released_by_function(function_named(*facts, "remove_hook"));
  std::sort(released.begin(), released.end());
  // Setting `module._state = None` in a plain function may be making the object: only deletions count.
  EXPECT_EQ(released, (std::vector<std::string>{"_hook", "_old_forward", "forward"}));
  // Deleted, then set again: a reset.
  EXPECT_TRUE(attributes_released_by_function(function_named(*facts, "reset")).empty());
  EXPECT_TRUE(attributes_released_by_function(function_named(*facts, "add_hook")).empty());
}

TEST(AttributeRelease, AHelperReleasesWhereItsModuleStoresWhenCalled) {
  // Only add_hook() calls remove_hook(), and it sets the attribute again: nothing is let go of.
  Program alone({lower("hooks.py", "hooks", kHookHelpers)});
  EXPECT_FALSE(alone.attribute_released_by_a_function("_old_forward", 0));

  Program used({lower("hooks.py", "hooks", kHookHelpers), lower("train.py", "train",
                                                                "from hooks import add_hook, remove_hook\n"
                                                                "def fit(model):\n"
                                                                "    add_hook(model)\n"
                                                                "    remove_hook(model)\n")});
  EXPECT_TRUE(used.attribute_released_by_a_function("_old_forward", 0));
  EXPECT_TRUE(used.attribute_released_by_a_function("forward", 0));
  // An attribute the other module stores is not this helper's to let go of.
  EXPECT_FALSE(used.attribute_released_by_a_function("_old_forward", 1));
}

TEST(AttributeRelease, EmptiedContainersCountWhereTheCallerIsDoneWithThem) {
  const char* const subscriber =
      "class Live:\n"
      "    def attach(self):\n"
      "        self.subs = [self.on_lr]\n"
      "    def detach(self):\n"
      "        while self.subs:\n"
      "            self.subs.pop()\n"
      "    def close(self):\n"
      "        self.pending.clear()\n"
      "    def drain(self):\n"
      "        self.pending.clear()\n"
      "    def reset(self):\n"
      "        self.log.clear()\n"
      "        self.log.append(self.on_lr)\n"
      "    def on_lr(self, value):\n"
      "        pass\n";
  auto facts = lower("live.py", "live", subscriber);
  const std::string emptied(kEmptiedSuffix);
  EXPECT_EQ(released_attributes(function_named(*facts, "Live.detach")),
            std::vector<std::string>{"subs" + emptied});
  EXPECT_EQ(released_attributes(function_named(*facts, "Live.close")),
            std::vector<std::string>{"pending" + emptied});
  // Not named for ending anything, or adding again.
  EXPECT_TRUE(released_attributes(function_named(*facts, "Live.drain")).empty());
  EXPECT_TRUE(released_attributes(function_named(*facts, "Live.reset")).empty());

  // Detached in a `finally`: released. Detached first, before attaching again: not.
  Program done({lower("live.py", "live", subscriber), lower("fit.py", "fit",
                                                            "from live import Live\n"
                                                            "def fit(live):\n"
                                                            "    live.attach()\n"
                                                            "    try:\n"
                                                            "        run(live)\n"
                                                            "    finally:\n"
                                                            "        live.detach()\n")});
  EXPECT_TRUE(done.attribute_released(class_named(done, 0, "Live"), "subs"));
  Program restarted({lower("live.py", "live", subscriber), lower("fit.py", "fit",
                                                                 "from live import Live\n"
                                                                 "def fit(live):\n"
                                                                 "    live.detach()\n"
                                                                 "    live.attach()\n"
                                                                 "    run(live)\n")});
  EXPECT_FALSE(restarted.attribute_released(class_named(restarted, 0, "Live"), "subs"));
}
