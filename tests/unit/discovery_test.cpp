#include "analyzer/discovery.hpp"

#include <gtest/gtest.h>

#include "tests/unit/infra_test_util.hpp"

namespace cyclecheck {
namespace {

using testing::ScopedWorkingDirectory;
using testing::TempDir;
namespace fs = std::filesystem;

std::vector<std::string> display_paths(const std::vector<DiscoveredFile>& files) {
  std::vector<std::string> paths;
  for (const auto& file : files) paths.push_back(file.display_path);
  return paths;
}

// A project with sources, a virtual environment, caches and build outputs.
void write_project(const TempDir& dir) {
  dir.write("pkg/__init__.py", "");
  dir.write("pkg/train.py", "x = 1\n");
  dir.write("pkg/types.pyi", "x: int\n");
  dir.write("pkg/notes.txt", "not python\n");
  dir.write("pkg/sub/model.py", "");
  dir.write("main.py", "");
  dir.write(".git/hooks/pre_commit.py", "");
  dir.write("env/pyvenv.cfg", "home = /usr/bin\n");
  dir.write("env/lib/site.py", "");
  dir.write("build/lib/pkg/train.py", "");
  dir.write("pkg/__pycache__/train.cpython-311.py", "");
  dir.write("node_modules/x/y.py", "");
  dir.write(".cyclecheck_cache/a.py", "");
}

TEST(Discovery, WalksSortedAndSkipsVenvsCachesAndBuildOutputs) {
  TempDir dir;
  write_project(dir);
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  Config config;
  config.root = dir.path();
  const auto files = discover_python_files({"."}, config, false, errors);
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(display_paths(files), (std::vector<std::string>{"main.py", "pkg/__init__.py", "pkg/sub/model.py",
                                                            "pkg/train.py", "pkg/types.pyi"}));
  EXPECT_EQ(files[0].path, dir.path() / "main.py");
}

TEST(Discovery, ConfiguredExcludes) {
  TempDir dir;
  write_project(dir);
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  Config config;
  config.root = dir.path();
  config.extend_exclude = {"pkg/sub", "*.pyi"};
  EXPECT_EQ(display_paths(discover_python_files({dir.path()}, config, false, errors)),
            (std::vector<std::string>{"main.py", "pkg/__init__.py", "pkg/train.py"}));

  // `exclude` replaces the defaults, as in ruff: build/ is walked now (the venv is still skipped).
  config.exclude = {"pkg/**"};
  config.extend_exclude.clear();
  EXPECT_EQ(display_paths(discover_python_files({dir.path()}, config, false, errors)),
            (std::vector<std::string>{".cyclecheck_cache/a.py", ".git/hooks/pre_commit.py",
                                      "build/lib/pkg/train.py", "main.py", "node_modules/x/y.py"}));
  EXPECT_TRUE(errors.empty());
}

TEST(Discovery, ExplicitFilesAreKeptUnlessForceExclude) {
  TempDir dir;
  write_project(dir);
  dir.write("scripts/run", "#!/usr/bin/env python3\n");
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  Config config;
  config.root = dir.path();
  config.extend_exclude = {"scripts"};
  EXPECT_EQ(
      display_paths(discover_python_files({"scripts/run", "build/lib/pkg/train.py"}, config, false, errors)),
      (std::vector<std::string>{"build/lib/pkg/train.py", "scripts/run"}));
  EXPECT_TRUE(discover_python_files({"scripts/run", "build/lib/pkg/train.py"}, config, true, errors).empty());
  EXPECT_TRUE(errors.empty());
}

TEST(Discovery, DuplicatesAreRemoved) {
  TempDir dir;
  write_project(dir);
  fs::create_symlink(dir.path() / "pkg/train.py", dir.path() / "pkg/alias.py");
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  Config config;
  const auto files = discover_python_files({"pkg/train.py", "pkg", "./pkg/train.py"}, config, false, errors);
  EXPECT_EQ(display_paths(files), (std::vector<std::string>{"pkg/__init__.py", "pkg/sub/model.py",
                                                            "pkg/train.py", "pkg/types.pyi"}));
}

TEST(Discovery, MissingPathIsAnIoErrorAndTheRunGoesOn) {
  TempDir dir;
  write_project(dir);
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  const auto files = discover_python_files({"nope.py", "main.py"}, Config{}, false, errors);
  EXPECT_EQ(display_paths(files), (std::vector<std::string>{"main.py"}));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, "CC002");
  EXPECT_EQ(errors[0].rule_name, "io-error");
  EXPECT_EQ(errors[0].severity, Severity::Error);
  EXPECT_EQ(errors[0].range.path, "nope.py");
  EXPECT_NE(errors[0].message.find("No such file or directory"), std::string::npos);
  EXPECT_FALSE(errors[0].fingerprint.empty());
}

TEST(Discovery, SymlinkLoopIsReportedOnceAndTheWalkContinues) {
  TempDir dir;
  write_project(dir);
  fs::create_directory_symlink(dir.path() / "pkg", dir.path() / "pkg/sub/back_to_pkg");
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  const auto files = discover_python_files({"."}, Config{}, false, errors);
  EXPECT_EQ(display_paths(files), (std::vector<std::string>{"main.py", "pkg/__init__.py", "pkg/sub/model.py",
                                                            "pkg/train.py", "pkg/types.pyi"}));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].code, "CC002");
  EXPECT_EQ(errors[0].range.path, "pkg/sub/back_to_pkg");
  EXPECT_NE(errors[0].message.find("Symbolic link loop"), std::string::npos);
}

TEST(Discovery, SelfReferentialAndDanglingLinks) {
  TempDir dir;
  write_project(dir);
  fs::create_symlink(dir.path() / "loop_a", dir.path() / "loop_b");
  fs::create_symlink(dir.path() / "loop_b", dir.path() / "loop_a");
  fs::create_symlink(dir.path() / "deleted.py", dir.path() / "gone.py");
  fs::create_symlink(dir.path() / "deleted_data", dir.path() / "stale_data");  // not Python: ignored
  ScopedWorkingDirectory cwd(dir.path());
  std::vector<Diagnostic> errors;
  const auto files = discover_python_files({"."}, Config{}, false, errors);
  EXPECT_EQ(files.size(), 5u);
  ASSERT_EQ(errors.size(), 3u);
  std::vector<std::string> reported;
  for (const auto& error : errors) reported.push_back(error.range.path + ": " + error.message);
  std::sort(reported.begin(), reported.end());
  EXPECT_EQ(reported[0], "gone.py: Broken symbolic link (its target does not exist)");
  EXPECT_EQ(reported[1], "loop_a: Symbolic link loop");
  EXPECT_EQ(reported[2], "loop_b: Symbolic link loop");

  errors.clear();
  EXPECT_TRUE(discover_python_files({"loop_a"}, Config{}, false, errors).empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "Symbolic link loop");
}

TEST(Discovery, PathsOutsideTheWorkingDirectoryStayAbsolute) {
  TempDir project;
  TempDir elsewhere;
  project.write("a.py", "");
  ScopedWorkingDirectory cwd(elsewhere.path());
  std::vector<Diagnostic> errors;
  const auto files = discover_python_files({project.path()}, Config{}, false, errors);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].display_path, (project.path() / "a.py").generic_string());
}

TEST(DisplayPath, RelativeBelowTheWorkingDirectory) {
  EXPECT_EQ(display_path_for("/w/pkg/../pkg/a.py", "/w"), "pkg/a.py");
  EXPECT_EQ(display_path_for("/other/a.py", "/w"), "/other/a.py");
  EXPECT_EQ(display_path_for("/w2/a.py", "/w"), "/w2/a.py");
}

}  // namespace
}  // namespace cyclecheck
