// The fact cache's packs: entries survive a reopen, torn or tampered packs are never trusted, and
// compaction keeps what the current run used.
#include "analyzer/fact_cache.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/unit/infra_test_util.hpp"

namespace cyclecheck {
namespace {

namespace fs = std::filesystem;

SourceText source_of(const std::string& path, const std::string& text) {
  SourceText source;
  source.path = path;
  source.module_name = fs::path(path).stem().string();
  source.text = text;
  return source;
}

std::vector<fs::path> packs_in(const fs::path& root) {
  std::vector<fs::path> packs;
  for (const auto& entry : fs::recursive_directory_iterator(root / ".cyclecheck_cache")) {
    if (entry.path().extension() == ".pack") packs.push_back(entry.path());
  }
  return packs;
}

// Stores the facts of each source through one cache instance (one pack).
void store_all(const fs::path& root, const std::vector<SourceText>& sources) {
  auto cache = FactCache::open(root);
  ASSERT_NE(cache, nullptr);
  std::vector<std::shared_ptr<const ModuleFacts>> entries;
  for (const SourceText& source : sources) entries.push_back(lower_module(source));
  cache->store(entries);
}

TEST(FactCache, EntriesSurviveAReopenAndMatchOnlyTheirSource) {
  testing::TempDir dir;
  const SourceText a = source_of("a.py", "class A:\n    def __init__(self):\n        self.me = self\n");
  const SourceText b = source_of("b.py", "x = [1, 2]\n");
  store_all(dir.path(), {a, b});
  ASSERT_EQ(packs_in(dir.path()).size(), 1u);

  auto cache = FactCache::open(dir.path());
  for (const SourceText* source : {&a, &b}) {
    auto facts = cache->load(*source);
    ASSERT_NE(facts, nullptr) << source->path;
    EXPECT_EQ(serialize_facts(*facts), serialize_facts(*lower_module(*source)));
  }
  EXPECT_EQ(cache->load(source_of("a.py", a.text + "\n# edited\n")), nullptr);  // other content
  EXPECT_EQ(cache->load(source_of("c.py", a.text)), nullptr);                   // other path
}

TEST(FactCache, ClassKeywordsSurviveTheRoundTrip) {
  testing::TempDir dir;
  const SourceText a =
      source_of("a.py", "class Meta(type):\n    pass\n\n\nclass A(Base, metaclass=Meta):\n    pass\n");
  store_all(dir.path(), {a});
  auto facts = FactCache::open(dir.path())->load(a);
  ASSERT_NE(facts, nullptr);
  ASSERT_EQ(facts->classes.size(), 2u);
  EXPECT_EQ(facts->classes[0].metaclass.kind, ExprKind::Unknown);
  const ClassDef& c = facts->classes[1];
  ASSERT_EQ(c.bases.size(), 1u);
  EXPECT_EQ(c.bases[0].text, "Base");
  EXPECT_EQ(c.metaclass.kind, ExprKind::Name);
  EXPECT_EQ(c.metaclass.text, "Meta");
}

// Entries are keyed by the path and module name their facts carry (the check command's writer has no
// source texts: they move on to the report), and the writer pauses between entries for the analysis.
TEST(FactCache, EntriesAreKeyedWithoutTheTextAndTheWriterPausesBeforeEach) {
  testing::TempDir dir;
  const SourceText a = source_of("a.py", "class A:\n    def __init__(self):\n        self.me = self\n");
  const SourceText b = source_of("b.py", "x = [1, 2]\n");
  {
    auto cache = FactCache::open(dir.path());
    ASSERT_NE(cache, nullptr);
    const std::vector<std::shared_ptr<const ModuleFacts>> entries{lower_module(a), lower_module(b)};
    size_t pauses = 0;
    cache->store(entries, [&pauses] { ++pauses; });
    EXPECT_EQ(pauses, 2u);
  }
  auto cache = FactCache::open(dir.path());
  for (const SourceText* source : {&a, &b}) EXPECT_NE(cache->load(*source), nullptr) << source->path;
}

TEST(FactCache, TornOrTamperedPacksAreNotTrusted) {
  testing::TempDir dir;
  const SourceText a = source_of("a.py", "def f(x=[]):\n    x.append(1)\n");
  store_all(dir.path(), {a});
  const fs::path pack = packs_in(dir.path()).at(0);
  std::string bytes;
  {
    std::ifstream in(pack, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  auto rewrite = [&](const std::string& content) {
    std::ofstream(pack, std::ios::binary | std::ios::trunc) << content;
    return FactCache::open(dir.path());
  };
  for (size_t cut : {size_t{4}, size_t{20}, bytes.size() / 2, bytes.size() - 1}) {
    EXPECT_EQ(rewrite(bytes.substr(0, cut))->load(a), nullptr) << "cut at " << cut;
  }
  std::string flipped = bytes;
  flipped[flipped.size() - 10] ^= 0x5a;  // inside the entry: its checksum fails
  EXPECT_EQ(rewrite(flipped)->load(a), nullptr);
  std::string index_flipped = bytes;
  index_flipped[20] ^= 0x01;  // inside the index: the pack's checksum fails
  EXPECT_EQ(rewrite(index_flipped)->pack_count(), 0u);
  EXPECT_NE(rewrite(bytes)->load(a), nullptr);

  // A torn copy in one pack does not hide the good copy the next run writes into another.
  EXPECT_EQ(rewrite(bytes.substr(0, bytes.size() - 1))->load(a), nullptr);
  store_all(dir.path(), {a});
  ASSERT_EQ(packs_in(dir.path()).size(), 2u);
  EXPECT_NE(FactCache::open(dir.path())->load(a), nullptr);
}

TEST(FactCache, CompactionKeepsWhatTheRunUsedAndRemovesTheOldPacks) {
  testing::TempDir dir;
  std::vector<SourceText> sources;
  for (size_t i = 0; i < FactCache::kMaxPacks; ++i) {
    sources.push_back(source_of("m" + std::to_string(i) + ".py", "v" + std::to_string(i) + " = []\n"));
  }
  for (const SourceText& source : sources) store_all(dir.path(), {source});
  ASSERT_EQ(packs_in(dir.path()).size(), FactCache::kMaxPacks);

  const SourceText fresh = source_of("new.py", "class N:\n    pass\n");
  {
    auto cache = FactCache::open(dir.path());
    ASSERT_NE(cache->load(sources[0]), nullptr);  // used by this run
    ASSERT_NE(cache->load(sources[3]), nullptr);
    cache->store({lower_module(fresh)});
  }
  ASSERT_EQ(packs_in(dir.path()).size(), 1u);
  auto cache = FactCache::open(dir.path());
  EXPECT_NE(cache->load(sources[0]), nullptr);
  EXPECT_NE(cache->load(sources[3]), nullptr);
  EXPECT_NE(cache->load(fresh), nullptr);
  EXPECT_EQ(cache->load(sources[1]), nullptr);  // not used by the compacting run: lowered again if needed
}

TEST(FactCache, AnUnwritableTreeHasNoCache) {
  testing::TempDir dir;
  const fs::path file = dir.write("not-a-directory", "x");
  EXPECT_EQ(FactCache::open(file), nullptr);
}

}  // namespace
}  // namespace cyclecheck
