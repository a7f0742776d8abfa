// Helpers shared by the unit tests of the linked program: one module lowered and linked alone.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "analyzer/program.hpp"
#include "analyzer/project.hpp"

namespace cyclecheck::testing {

// The program of one module, `path` (module `module_name`), with `text` as its source; fails the test if
// the text does not lower cleanly.
inline Program link_one_module(const std::string& path, const std::string& module_name,
                               const std::string& text) {
  const SourceText source{path, module_name, false, text};
  auto facts = lower_module(source);
  EXPECT_TRUE(facts->file_diagnostics.empty());
  return Program({facts});
}

}  // namespace cyclecheck::testing
