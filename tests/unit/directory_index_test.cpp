#include "analyzer/directory_index.hpp"

#include <gtest/gtest.h>

#include "tests/unit/infra_test_util.hpp"

namespace cyclecheck {
namespace {

using testing::ScopedWorkingDirectory;
using testing::TempDir;
namespace fs = std::filesystem;
using Type = DirectoryIndex::EntryType;

TEST(DirectoryIndex, AnswersAsTheFileSystemDoes) {
  TempDir dir;
  dir.write("proj/models/layers.py", "");
  dir.write("proj/models/__init__.py", "");
  dir.write("proj/train.py", "");
  fs::create_directory_symlink(dir.path() / "proj/models", dir.path() / "proj/linked_models");
  fs::create_symlink(dir.path() / "proj/train.py", dir.path() / "proj/linked_train.py");
  fs::create_symlink(dir.path() / "proj/gone.py", dir.path() / "proj/dangling.py");
  const std::string root = dir.path().generic_string();

  DirectoryIndex index;
  EXPECT_EQ(index.type(root + "/proj"), Type::Directory);
  EXPECT_EQ(index.type(root + "/proj/train.py"), Type::File);
  EXPECT_EQ(index.type(root + "/proj/models/layers.py"), Type::File);
  EXPECT_EQ(index.type(root + "/proj/models"), Type::Directory);
  EXPECT_EQ(index.type(root + "/proj/linked_models"), Type::Directory);
  EXPECT_EQ(index.type(root + "/proj/linked_models/layers.py"), Type::File);
  EXPECT_EQ(index.type(root + "/proj/linked_train.py"), Type::File);
  EXPECT_EQ(index.type(root + "/proj/dangling.py"), Type::Missing);
  EXPECT_EQ(index.type(root + "/proj/missing.py"), Type::Missing);
  // Below a file, or below a directory that does not exist: nothing.
  EXPECT_EQ(index.type(root + "/proj/train.py/x.py"), Type::Missing);
  EXPECT_EQ(index.type(root + "/proj/absent/deeper/x.py"), Type::Missing);
  EXPECT_TRUE(index.is_regular_file(root + "/proj/models/__init__.py"));
  EXPECT_FALSE(index.is_regular_file(root + "/proj/models"));
  EXPECT_TRUE(index.is_directory(root + "/proj/models"));
  EXPECT_FALSE(index.is_directory(root + "/proj/train.py"));
  EXPECT_EQ(index.type("/"), Type::Directory);
}

TEST(DirectoryIndex, RelativePathsAreFromTheWorkingDirectory) {
  TempDir dir;
  dir.write("utils.py", "");
  dir.write("pkg/helpers.py", "");
  ScopedWorkingDirectory cwd(dir.path());
  DirectoryIndex index;
  EXPECT_EQ(index.type("utils.py"), Type::File);
  EXPECT_EQ(index.type("pkg"), Type::Directory);
  EXPECT_EQ(index.type("pkg/helpers.py"), Type::File);
  EXPECT_EQ(index.type("pkg/other.py"), Type::Missing);
  EXPECT_EQ(index.type("other.py"), Type::Missing);
}

// A listing is read once: what changes afterwards is not seen, which is why an index lives for one lookup
// of a run's imports only.
TEST(DirectoryIndex, ListsEachDirectoryOnce) {
  TempDir dir;
  dir.write("pkg/a.py", "");
  const std::string root = dir.path().generic_string();
  DirectoryIndex index;
  EXPECT_EQ(index.type(root + "/pkg/b.py"), Type::Missing);
  dir.write("pkg/b.py", "");
  EXPECT_EQ(index.type(root + "/pkg/b.py"), Type::Missing);
  EXPECT_EQ(DirectoryIndex().type(root + "/pkg/b.py"), Type::File);
}

}  // namespace
}  // namespace cyclecheck
