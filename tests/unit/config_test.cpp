#include "analyzer/config.hpp"

#include <gtest/gtest.h>

#include "tests/unit/infra_test_util.hpp"

namespace cyclecheck {
namespace {

using testing::TempDir;
namespace fs = std::filesystem;

std::string load_error(const fs::path& file) {
  try {
    load_config(file);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

TEST(GlobMatch, SegmentsStarsAndClasses) {
  EXPECT_TRUE(glob_match("*.py", "train.py"));
  EXPECT_FALSE(glob_match("*.py", "pkg/train.py"));  // '*' does not cross '/'
  EXPECT_TRUE(glob_match("**/*.py", "pkg/sub/train.py"));
  EXPECT_TRUE(glob_match("**/*.py", "train.py"));  // '**' matches zero segments
  EXPECT_TRUE(glob_match("tests/**", "tests/a/b.py"));
  EXPECT_TRUE(glob_match("pkg/**/gen_*.py", "pkg/x/y/gen_1.py"));
  EXPECT_FALSE(glob_match("pkg/**/gen_*.py", "other/x/gen_1.py"));
  EXPECT_TRUE(glob_match("test_?.py", "test_1.py"));
  EXPECT_FALSE(glob_match("test_?.py", "test_12.py"));
  EXPECT_TRUE(glob_match("[ab]*.py", "b1.py"));
  EXPECT_FALSE(glob_match("[!ab]*.py", "b1.py"));
  EXPECT_TRUE(glob_match("[a-c].py", "c.py"));
  EXPECT_TRUE(glob_match("[.py", "[.py"));  // an unclosed '[' is literal
  EXPECT_FALSE(glob_match("/abs/*.py", "abs/x.py"));
  EXPECT_TRUE(glob_match("/abs/*.py", "/abs/x.py"));
}

TEST(PathMatchesPattern, BareNamesMatchAnyComponentBelowTheRoot) {
  const fs::path root = "/project";
  EXPECT_TRUE(path_matches_pattern("build", "/project/build", root));
  EXPECT_TRUE(path_matches_pattern("build", "/project/a/build/x.py", root));
  EXPECT_TRUE(path_matches_pattern("__init__.py", "/project/pkg/__init__.py", root));
  EXPECT_TRUE(path_matches_pattern("*_pb2.py", "/project/pkg/msg_pb2.py", root));
  // A directory above the root does not count: ~/build/project is not excluded by "build".
  EXPECT_FALSE(path_matches_pattern("build", "/home/build/project/x.py", "/home/build/project"));
}

TEST(PathMatchesPattern, PatternsWithSlashAreRootRelative) {
  const fs::path root = "/project";
  EXPECT_TRUE(path_matches_pattern("src/generated", "/project/src/generated/a.py", root));
  EXPECT_TRUE(path_matches_pattern("./src/generated/", "/project/src/generated/a.py", root));
  EXPECT_FALSE(path_matches_pattern("src/generated", "/project/lib/src/generated/a.py", root));
  EXPECT_TRUE(path_matches_pattern("tests/**/*.py", "/project/tests/unit/t.py", root));
  EXPECT_FALSE(path_matches_pattern("tests/*.py", "/elsewhere/tests/t.py", root));
  EXPECT_TRUE(path_matches_pattern("/abs/**", "/abs/x/y.py", root));
}

TEST(PathPatterns, AnyOfSeveralPatternsMatchesLikeEachAlone) {
  const PathPatterns patterns({"build", "src/generated", "/abs/**", "*_pb2.py", "./"}, "/project/");
  EXPECT_TRUE(patterns.matches("/project/a/build/x.py"));
  EXPECT_TRUE(patterns.matches("/project/src/generated/a.py"));
  EXPECT_TRUE(patterns.matches("/abs/x/y.py"));
  EXPECT_TRUE(patterns.matches("/project/pkg/msg_pb2.py"));
  EXPECT_FALSE(patterns.matches("/project/pkg/msg.py"));
  EXPECT_FALSE(patterns.matches("/project"));              // the root itself is never excluded by a bare name
  EXPECT_FALSE(patterns.matches("/projects/build/x.py"));  // a sibling sharing the root's prefix
  EXPECT_FALSE(patterns.matches("/home/build/x.py"));      // above the root: only the file name counts
  EXPECT_TRUE(patterns.matches("/home/build"));
}

TEST(PathPatterns, FilesystemRootAsProjectRoot) {
  const PathPatterns patterns({"build", "src/*.py"}, "/");
  EXPECT_TRUE(patterns.matches("/build/x.py"));
  EXPECT_TRUE(patterns.matches("/src/a.py"));
  EXPECT_FALSE(patterns.matches("/lib/a.py"));
}

TEST(FindConfigFile, SearchesUpwardAndSkipsPyprojectWithoutSection) {
  TempDir dir;
  dir.write("pyproject.toml", "[tool.cyclecheck]\nselect = [\"CC1\"]\n");
  dir.write("sub/pyproject.toml", "[tool.black]\nline-length = 100\n");
  dir.write("sub/deeper/x.py", "");
  EXPECT_EQ(find_config_file(dir.path() / "sub/deeper"), dir.path() / "pyproject.toml");

  dir.write("sub/cyclecheck.toml", "select = [\"CC2\"]\n");
  EXPECT_EQ(find_config_file(dir.path() / "sub/deeper"), dir.path() / "sub/cyclecheck.toml");
  dir.write("sub/.cyclecheck.toml", "select = [\"CC3\"]\n");  // ruff's order: the dotted file first
  EXPECT_EQ(find_config_file(dir.path() / "sub"), dir.path() / "sub/.cyclecheck.toml");
  EXPECT_EQ(find_config_file(dir.path() / "sub/missing/dir"), dir.path() / "sub/.cyclecheck.toml");
}

TEST(LoadConfig, ReadsEveryKey) {
  TempDir dir;
  dir.write("models/torch_extra.toml", "# models\n");
  const fs::path file = dir.write("pyproject.toml",
                                  "[project]\nname = \"x\"\n\n"
                                  "[tool.cyclecheck]\n"
                                  "select = [\"CC1\", \"frame-cycle\"]\n"
                                  "ignore = [\"CC104\"]\n"
                                  "extend-select = [\"CC2\"]\n"
                                  "exclude = [\"legacy\"]\n"
                                  "extend-exclude = [\"gen/**\"]\n"
                                  "show-possible = true\n"
                                  "models = [\"models/torch_extra.toml\"]\n"
                                  "[tool.cyclecheck.per-file-ignores]\n"
                                  "\"tests/**\" = [\"CC1\"]\n"
                                  "\"__init__.py\" = [\"CC201\", \"CC202\"]\n");
  const Config config = load_config(file);
  EXPECT_EQ(config.root, dir.path());
  EXPECT_EQ(config.file, file);
  EXPECT_EQ(config.select, (std::vector<std::string>{"CC1", "frame-cycle"}));
  EXPECT_EQ(config.ignore, (std::vector<std::string>{"CC104"}));
  EXPECT_EQ(config.extend_select, (std::vector<std::string>{"CC2"}));
  EXPECT_EQ(config.exclude, (std::vector<std::string>{"legacy"}));
  EXPECT_EQ(config.extend_exclude, (std::vector<std::string>{"gen/**"}));
  EXPECT_TRUE(config.show_possible);
  ASSERT_EQ(config.model_files.size(), 1u);
  EXPECT_EQ(config.model_files[0], dir.path() / "models/torch_extra.toml");
  ASSERT_EQ(config.per_file_ignores.size(), 2u);
  EXPECT_EQ(config.per_file_ignores[0].first, "tests/**");
  EXPECT_EQ(config.per_file_ignores[1].second, (std::vector<std::string>{"CC201", "CC202"}));
}

TEST(LoadConfig, DefaultsWithoutSection) {
  TempDir dir;
  const Config config = load_config(dir.write("pyproject.toml", "[tool.black]\n"));
  EXPECT_TRUE(config.select.empty());
  EXPECT_EQ(config.exclude, default_exclude_patterns());
  EXPECT_FALSE(config.show_possible);
  const Config plain;
  EXPECT_NE(std::find(plain.exclude.begin(), plain.exclude.end(), ".git"), plain.exclude.end());
}

TEST(LoadConfig, UnknownKeyNamesFileAndLine) {
  TempDir dir;
  const fs::path file = dir.write("cyclecheck.toml", "select = [\"CC1\"]\n\nshow_possible = true\n");
  const std::string error = load_error(file);
  EXPECT_NE(error.find(file.string() + ":3:"), std::string::npos) << error;
  EXPECT_NE(error.find("unknown key 'show_possible'"), std::string::npos) << error;
  EXPECT_NE(error.find("show-possible"), std::string::npos) << error;  // lists the valid keys
}

TEST(LoadConfig, WrongTypesNameTheLine) {
  TempDir dir;
  const fs::path not_list = dir.write("a/cyclecheck.toml", "# comment\nselect = \"CC1\"\n");
  EXPECT_NE(load_error(not_list).find(":2: 'select' must be an array of strings"), std::string::npos)
      << load_error(not_list);
  const fs::path not_string = dir.write("b/cyclecheck.toml", "ignore = [\n  \"CC1\",\n  3,\n]\n");
  EXPECT_NE(load_error(not_string).find(":3: 'ignore' must be an array of strings"), std::string::npos)
      << load_error(not_string);
  const fs::path not_bool = dir.write("c/cyclecheck.toml", "show-possible = \"yes\"\n");
  EXPECT_NE(load_error(not_bool).find(":1: 'show-possible' must be true or false"), std::string::npos);
  const fs::path bad_selector = dir.write("d/cyclecheck.toml", "select = [\"E501!\"]\n");
  EXPECT_NE(load_error(bad_selector).find("invalid rule selector 'E501!'"), std::string::npos);
  const fs::path pfi = dir.write("e/cyclecheck.toml", "per-file-ignores = [\"x\"]\n");
  EXPECT_NE(load_error(pfi).find("'per-file-ignores' must be a table"), std::string::npos);
  const fs::path section = dir.write("f/pyproject.toml", "[tool]\ncyclecheck = 3\n");
  EXPECT_NE(load_error(section).find(":2: 'tool.cyclecheck' must be a table"), std::string::npos)
      << load_error(section);
}

TEST(LoadConfig, InvalidTomlAndMissingFiles) {
  TempDir dir;
  const fs::path broken = dir.write("cyclecheck.toml", "select = [\"CC1\"\nignore = 1\n");
  const std::string error = load_error(broken);
  EXPECT_NE(error.find("invalid TOML"), std::string::npos) << error;
  EXPECT_NE(error.find(broken.string() + ":"), std::string::npos) << error;
  EXPECT_NE(load_error(dir.path() / "missing.toml").find("not found"), std::string::npos);
  const fs::path model = dir.write("m/cyclecheck.toml", "models = [\"nope.toml\"]\n");
  EXPECT_NE(load_error(model).find(":1: library models file 'nope.toml' not found"), std::string::npos)
      << load_error(model);
}

TEST(IsCodeEnabled, EmptySelectMeansAll) {
  Config config;
  EXPECT_TRUE(is_code_enabled(config, "CC104", "train.py"));
}

TEST(IsCodeEnabled, PrefixSelectAndMoreSpecificIgnore) {
  Config config;
  config.select = {"CC1"};
  config.ignore = {"CC104"};
  EXPECT_TRUE(is_code_enabled(config, "CC101", "x.py"));
  EXPECT_FALSE(is_code_enabled(config, "CC104", "x.py"));
  EXPECT_FALSE(is_code_enabled(config, "CC201", "x.py"));
  config.extend_select = {"CC2"};
  EXPECT_TRUE(is_code_enabled(config, "CC201", "x.py"));
}

TEST(IsCodeEnabled, MoreSpecificSelectBeatsBroaderIgnore) {
  Config config;
  config.select = {"ALL", "CC104"};
  config.ignore = {"CC1"};
  EXPECT_FALSE(is_code_enabled(config, "CC101", "x.py"));
  EXPECT_TRUE(is_code_enabled(config, "CC104", "x.py"));
  config.ignore = {"CC104"};  // equal specificity: ignore wins
  EXPECT_FALSE(is_code_enabled(config, "CC104", "x.py"));
}

TEST(IsCodeEnabled, RuleNames) {
  Config config;
  config.ignore = {"callable-holds-owner"};
  EXPECT_FALSE(is_code_enabled(config, "CC104", "callable-holds-owner", "x.py"));
  EXPECT_TRUE(is_code_enabled(config, "CC105", "other-rule", "x.py"));
}

TEST(IsCodeEnabled, PerFileIgnores) {
  Config config;
  config.root = "/project";
  config.per_file_ignores = {{"tests/**", {"CC1"}}, {"__init__.py", {"CC201"}}};
  EXPECT_FALSE(is_code_enabled(config, "CC104", "/project/tests/unit/test_a.py"));
  EXPECT_TRUE(is_code_enabled(config, "CC201", "/project/tests/unit/test_a.py"));
  EXPECT_FALSE(is_code_enabled(config, "CC201", "/project/pkg/__init__.py"));
  EXPECT_TRUE(is_code_enabled(config, "CC104", "/project/pkg/train.py"));
}

TEST(IsCodeEnabled, PerFileIgnoresWithRelativeDisplayPath) {
  TempDir dir;
  testing::ScopedWorkingDirectory cwd(dir.path());
  Config config;
  config.root = dir.path();
  config.per_file_ignores = {{"scripts/*.py", {"ALL"}}};
  EXPECT_FALSE(is_code_enabled(config, "CC104", "scripts/run.py"));
  EXPECT_TRUE(is_code_enabled(config, "CC104", "scripts/sub/run.py"));
}

}  // namespace
}  // namespace cyclecheck
