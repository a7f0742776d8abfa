// Linking with a ModuleLinkCache: modules whose facts are the same objects are linked from what an earlier
// Program found in them, with the same result as walking them; replaced facts are linked again and the
// entries of facts no longer given are dropped.
#include "analyzer/module_link_cache.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "analyzer/program.hpp"
#include "analyzer/project.hpp"

using namespace cyclecheck;

namespace {

std::shared_ptr<const ModuleFacts> lower(const std::string& name, const std::string& text) {
  auto facts = lower_module(SourceText{name + ".py", name, false, text});
  EXPECT_TRUE(facts->file_diagnostics.empty());
  return facts;
}

const char* const kTimer =
    "import threading\n"
    "import torch\n"
    "REGISTRY = []\n"
    "class Watchdog:\n"
    "    def arm(self):\n"
    "        self._timer = threading.Timer(1.0, self.fire)\n"
    "    def disarm(self):\n"
    "        self._timer = None\n"
    "    def fire(self):\n"
    "        REGISTRY.remove(self)\n"
    "def drop_hook(module):\n"
    "    del module._old_forward\n";

const char* const kUser =
    "from timer import Watchdog, drop_hook\n"
    "def run(model):\n"
    "    w = Watchdog()\n"
    "    w.arm()\n"
    "    w.disarm()\n"
    "    drop_hook(model)\n";

// What the link says about the two modules, as text, to compare a walked link with a cached one.
std::string describe(const Program& program) {
  const CodeRef watchdog{0, 0};
  std::string out;
  out += program.attribute_released(watchdog, "_timer") ? "released " : "kept ";
  out += program.attribute_released_by_a_function("_old_forward", 0) ? "dropped " : "stays ";
  out += program.global_has_removal(0, "REGISTRY") ? "removal " : "none ";
  out += program.module_references(1, "disarm") ? "names " : "silent ";
  out += std::to_string(program.class_info(watchdog).methods.size()) + " methods ";
  out += std::to_string(program.imported_modules(1).size()) + " imports ";
  out += program.uses_torch() ? "torch" : "plain";
  return out;
}

TEST(ModuleLinkCache, ACachedLinkSaysWhatAWalkedOneSays) {
  const auto timer = lower("timer", kTimer);
  const auto user = lower("user", kUser);
  const std::string walked = describe(Program({timer, user}));
  EXPECT_EQ(walked, "released dropped removal names 3 methods 4 imports torch");

  ModuleLinkCache cache;
  const std::string first = describe(Program({timer, user}, &cache));
  EXPECT_EQ(cache.size(), 2u);
  const std::string second = describe(Program({timer, user}, &cache));
  EXPECT_EQ(first, walked);
  EXPECT_EQ(second, walked);
}

TEST(ModuleLinkCache, ReplacedFactsAreLinkedAgainAndOldEntriesDropped) {
  const auto timer = lower("timer", kTimer);
  ModuleLinkCache cache;
  describe(Program({timer, lower("user", kUser)}, &cache));
  // The user module edited: no call of disarm() or drop_hook() any more.
  const auto edited = lower("user", "from timer import Watchdog\ndef run(model):\n    Watchdog().arm()\n");
  const std::string after = describe(Program({timer, edited}, &cache));
  EXPECT_EQ(after, "kept stays removal silent 3 methods 2 imports torch");
  EXPECT_EQ(cache.size(), 2u);
  // A module closed: its entry goes.
  const Program alone({timer}, &cache);
  EXPECT_TRUE(alone.global_has_removal(0, "REGISTRY"));
  EXPECT_EQ(cache.size(), 1u);
}

}  // namespace
