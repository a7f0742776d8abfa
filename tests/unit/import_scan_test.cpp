#include "analyzer/import_scan.hpp"

#include <gtest/gtest.h>

namespace cyclecheck {
namespace {

using Names = std::vector<std::string>;

TEST(ImportScan, PlainImportsGiveTheModulesAndTheirPackages) {
  EXPECT_EQ(imported_module_candidates("import os\nimport torch.nn as nn, proj.util\n", "train", false),
            (Names{"os", "proj", "proj.util", "torch", "torch.nn"}));
}

TEST(ImportScan, FromImportsGiveTheModuleAndEachNameAsAPossibleSubmodule) {
  EXPECT_EQ(imported_module_candidates("from proj.models import Net as Model, layers\n", "train", false),
            (Names{"proj", "proj.models", "proj.models.Net", "proj.models.layers"}));
  EXPECT_EQ(imported_module_candidates("from proj import *\n", "train", false), (Names{"proj"}));
}

TEST(ImportScan, RelativeImportsResolveAgainstThePackage) {
  // In module proj.train (package proj) and in proj/__init__.py (package proj itself).
  EXPECT_EQ(imported_module_candidates("from .base import Net\n", "proj.train", false),
            (Names{"proj", "proj.base", "proj.base.Net"}));
  EXPECT_EQ(imported_module_candidates("from . import base\n", "proj", true), (Names{"proj", "proj.base"}));
  EXPECT_EQ(imported_module_candidates("from ..common import x\n", "proj.sub.train", false),
            (Names{"proj", "proj.common", "proj.common.x"}));
  // Above the top package: nothing.
  EXPECT_TRUE(imported_module_candidates("from ... import x\n", "proj.train", false).empty());
}

TEST(ImportScan, StatementsOverSeveralLinesIndentedOrCommentedAreRead) {
  const std::string text =
      "try:\n"
      "    from proj.models import (  # the models\n"
      "        Net,\n"
      "        Head,\n"
      "    )\n"
      "except ImportError:\n"
      "    import proj.fallback \\\n"
      "        as models\n"
      "x = 1  # import nothing\n";
  EXPECT_EQ(imported_module_candidates(text, "train", false),
            (Names{"proj", "proj.fallback", "proj.models", "proj.models.Head", "proj.models.Net"}));
}

TEST(ImportScan, ProseThatStartsWithFromDoesNotSwallowTheLinesAfterIt) {
  const std::string text =
      "\"\"\"Adapted\n"
      "from the reference code (see the paper\n"
      "\"\"\"\n"
      "import proj.util\n";
  EXPECT_EQ(imported_module_candidates(text, "m", false), (Names{"proj", "proj.util"}));
}

TEST(ImportScan, WhatIsNotAnImportStatementIsLeftAlone) {
  EXPECT_TRUE(
      imported_module_candidates("important = 1\nfromage = 2\nprint('import x')\n", "m", false).empty());
  EXPECT_TRUE(imported_module_candidates("import\nfrom\nfrom x\nimport 1+2\n", "m", false).empty());
}

}  // namespace
}  // namespace cyclecheck
