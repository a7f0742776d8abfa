// Library model files: the optional keys are read, and malformed entries are refused with where they are.
#include "analyzer/library_models.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cyclecheck {
namespace {

void expect_refused(const std::string& toml, const std::string& message_part);

TEST(LibraryModels, ReceiverRemovalAndRegistryKeysAreRead) {
  LibraryModels models;
  models.add_toml(R"([[method]]
names = ["addHandler"]
receivers = ["logging.getLogger"]
effects = ["root = arg0"]
keeps_every_registration = true
removed_by = ["removeHandler", "unregister_all"]
registry = "logger"
)",
                  "test.toml");
  const CallModel* model = models.method("addHandler");
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->receivers, std::vector<std::string>{"logging.getLogger"});
  EXPECT_EQ(model->removed_by, (std::vector<std::string>{"removeHandler", "unregister_all"}));
  EXPECT_EQ(model->registry, "logger");
  EXPECT_TRUE(model->keeps_every_registration);
}

TEST(LibraryModels, ChainYieldsTheElementsOfEachIterable) {
  // `list(chain([first], generator))` keeps what the generator yields, not the generator.
  const CallModel* chain = LibraryModels::builtin()->function("itertools.chain");
  ASSERT_NE(chain, nullptr);
  ASSERT_EQ(chain->effects.size(), 2u);
  EXPECT_EQ(chain->effects[1].source.base, ModelOperand::Base::RestArguments);
  EXPECT_EQ(chain->effects[1].source.position, 1);
  EXPECT_EQ(chain->effects[1].source.field, "[]");
  const CallModel* filter = LibraryModels::builtin()->function("builtins.filter");
  ASSERT_NE(filter, nullptr);
  ASSERT_EQ(filter->effects.size(), 1u);
  EXPECT_EQ(filter->effects[0].source.position, 1);
  EXPECT_EQ(filter->effects[0].source.field, "[]");
}

TEST(LibraryModels, BuiltinLoggerModelsApplyEachToItsOwnReceivers) {
  // One entry names addHandler and addFilter for loggers from getLogger; others name each for loggers made
  // directly: addFilter must not pick up addHandler's (handlers[] instead of filters[]).
  const auto& entries = LibraryModels::builtin()->methods("addFilter");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[1]->receivers, std::vector<std::string>{"logging.getLogger"});
  EXPECT_EQ(entries[0]->receivers.front(), "logging.Logger");
  ASSERT_EQ(entries[0]->effects.size(), 1u);
  EXPECT_EQ(entries[0]->effects[0].destination.field, "filters[]");
}

TEST(LibraryModels, MethodEntriesWithReceiversComeBeforeTheOneForAnyReceiver) {
  LibraryModels models;
  models.add_toml(R"([[method]]
names = ["add"]
effects = ["receiver[] = arg0"]

[[method]]
names = ["add"]
receivers = ["tarfile.open"]
effects = ["receiver.members[] = arg0"]

[[method]]
names = ["add"]
effects = ["receiver.items[] = arg0"]
)",
                  "order.toml");
  const auto& entries = models.methods("add");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0]->receivers, std::vector<std::string>{"tarfile.open"});
  EXPECT_TRUE(entries[1]->receivers.empty());
  EXPECT_EQ(entries[1]->effects[0].destination.field, "items[]");  // the later entry for any receiver wins
  EXPECT_TRUE(models.methods("remove").empty());
}

TEST(LibraryModels, WrapperFactoriesAreMarked) {
  const CallModel* lru_cache = LibraryModels::builtin()->function("functools.lru_cache");
  ASSERT_NE(lru_cache, nullptr);
  EXPECT_TRUE(lru_cache->decorator_factory);
  LibraryModels models;
  models.add_toml("[[function]]\nnames = [\"lib.wrap\"]\nreturns = \"new:wrapper\"\n", "plain.toml");
  EXPECT_FALSE(models.function("lib.wrap")->decorator_factory);
  EXPECT_FALSE(lru_cache->always_decorator_factory);
  // `register_kl(P, Q)` takes positional arguments and still makes the decorator.
  const CallModel* register_kl = LibraryModels::builtin()->function("torch.distributions.register_kl");
  ASSERT_NE(register_kl, nullptr);
  EXPECT_TRUE(register_kl->decorator_factory);
  EXPECT_TRUE(register_kl->always_decorator_factory);
  expect_refused("[[function]]\nnames = [\"lib.wrap\"]\ndecorator_factory = \"sometimes\"\n",
                 "decorator_factory is true, false or \"always\"");
  // functools' caches keep what each call of the wrapper is given; torch.compile's wrapper does not.
  EXPECT_TRUE(lru_cache->caches_calls);
  EXPECT_TRUE(LibraryModels::builtin()->function("functools.cache")->caches_calls);
  EXPECT_FALSE(LibraryModels::builtin()->function("torch.compile")->caches_calls);
  expect_refused("[[function]]\nnames = [\"lib.memo\"]\nreturns = \"arg0\"\ncaches_calls = true\n",
                 "caches_calls needs returns");
}

TEST(LibraryModels, ParametersAreMarkedAsParameters) {
  for (const char* method : {"parameters", "named_parameters"})
    EXPECT_TRUE(LibraryModels::builtin()->method(method)->yields_parameters) << method;
  // Buffers and submodules require no grad.
  for (const char* method : {"buffers", "named_buffers", "modules", "named_children"})
    EXPECT_FALSE(LibraryModels::builtin()->method(method)->yields_parameters) << method;
}

TEST(LibraryModels, NamedIterationYieldsPairs) {
  for (const char* method : {"named_modules", "named_children", "named_parameters", "items"}) {
    const CallModel* model = LibraryModels::builtin()->method(method);
    ASSERT_NE(model, nullptr) << method;
    EXPECT_TRUE(model->yields_pairs) << method;
  }
  EXPECT_FALSE(LibraryModels::builtin()->method("modules")->yields_pairs);
  LibraryModels models;
  models.add_toml("[[method]]\nnames = [\"entries\"]\nreturns = \"new:list\"\nyields_pairs = true\n",
                  "pairs.toml");
  EXPECT_TRUE(models.method("entries")->yields_pairs);
}

void expect_refused(const std::string& toml, const std::string& message_part) {
  LibraryModels models;
  try {
    models.add_toml(toml, "bad.toml");
    ADD_FAILURE() << "accepted: " << toml;
  } catch (const ModelError& error) {
    EXPECT_NE(std::string(error.what()).find(message_part), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("bad.toml:1"), std::string::npos) << error.what();
  }
}

TEST(LibraryModels, MalformedOptionalKeysAreRefused) {
  expect_refused("[[method]]\nnames = [\"add\"]\nremoved_by = [\"clear_all\"]\n", "must start with 'remove'");
  expect_refused("[[method]]\nnames = [\"add\"]\nreceivers = \"logging.getLogger\"\n",
                 "'receivers' must be an array of strings");
  expect_refused("[[method]]\nnames = [\"add\"]\nremoved_by = [1]\n",
                 "'removed_by' must be an array of strings");
  expect_refused("[[method]]\nnames = [\"entries\"]\nreturns = \"receiver[]\"\nyields_pairs = true\n",
                 "yields_pairs needs returns");
  expect_refused("[[function]]\nnames = [\"split\"]\nreturns = \"arg0\"\nelement_label = \"Part\"\n",
                 "element_label needs returns");
  expect_refused("[[method]]\nnames = [\"lookup\"]\nreturns = \"new:entry\"\nkeyed_by_arg0 = true\n",
                 "keyed_by_arg0 needs returns");
  expect_refused(
      "[[function]]\nnames = [\"split\"]\nreturns = \"new:list\"\neffects = [\"return[].whole = arg0\"]\n",
      "it needs element_label");
  expect_refused("[[method]]\nnames = [\"map\"]\nreturns = \"new:pipe\"\nchains = true\n", "chains needs");
  expect_refused(
      "[[method]]\nnames = [\"map\"]\nreceivers = [\"pipes.*\"]\nreturns = \"receiver\"\nchains = true\n",
      "chains needs");
}

TEST(LibraryModels, DataPipeFunctionalFormsChainOnPipes) {
  // `pipe.map(f).batch(8)`: each form makes a pipe the next form applies to; other objects' `map` is unknown.
  const CallModel* batch = LibraryModels::builtin()->method("batch");
  ASSERT_NE(batch, nullptr);
  EXPECT_TRUE(batch->chains);
  EXPECT_EQ(batch->returns, ModelReturn::New);
  EXPECT_NE(std::find(batch->receivers.begin(), batch->receivers.end(), "torch.utils.data.datapipes.iter.*"),
            batch->receivers.end());
  EXPECT_EQ(LibraryModels::builtin()->methods("batch").size(), 1u);
}

TEST(LibraryModels, ElementsOfAFreshSequenceAreDescribed) {
  const CallModel* model = LibraryModels::builtin()->function("torch.utils.data.random_split");
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->returns, ModelReturn::New);
  EXPECT_EQ(model->element_label, "Subset");
  ASSERT_EQ(model->effects.size(), 1u);
  EXPECT_EQ(model->effects[0].destination.base, ModelOperand::Base::Return);
  EXPECT_EQ(model->effects[0].destination.field, "[].dataset");
  EXPECT_EQ(model->effects[0].source.position, 0);
}

}  // namespace
}  // namespace cyclecheck
