// What names mean to the solver: classes by their spelling, loss functions, model-like names.
#include "analyzer/torch_names.hpp"

#include <gtest/gtest.h>

namespace cyclecheck {
namespace {

TEST(TorchNames, ClassesAreCamelCaseOrAcronyms) {
  EXPECT_TRUE(is_camel_case("torch.optim.Adam"));
  EXPECT_TRUE(is_camel_case("torch.optim.SGD"));
  EXPECT_TRUE(is_camel_case("torch.nn.LSTM"));
  EXPECT_TRUE(is_camel_case("torch.nn.GELU"));
  EXPECT_TRUE(is_camel_case("Trainer"));
  EXPECT_FALSE(is_camel_case("torch.cat"));
  EXPECT_FALSE(is_camel_case("config.MAX_LEN"));  // a constant, not a class
  EXPECT_FALSE(is_camel_case("X"));
  EXPECT_FALSE(is_camel_case(""));
}

TEST(TorchNames, LossFunctionsAndModelLikeNames) {
  EXPECT_TRUE(is_loss_function("torch.nn.functional.cross_entropy"));
  EXPECT_TRUE(is_loss_function("my.compute_loss"));
  EXPECT_FALSE(is_loss_function("torch.cat"));
  EXPECT_TRUE(is_model_like_name("Model"));
  EXPECT_TRUE(is_model_like_name("lstm"));
  EXPECT_FALSE(is_model_like_name("optimizer"));
}

}  // namespace
}  // namespace cyclecheck
