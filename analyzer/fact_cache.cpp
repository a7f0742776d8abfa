#include "analyzer/fact_cache.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <string_view>

#include "analyzer/little_endian.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace fs = std::filesystem;
namespace {

// Pack layout: magic, entry count, then per entry (name key, content key, offset, length), a checksum of
// everything so far, then the entries (each a serialize_facts encoding, with its own checksum).
constexpr char kPackMagic[8] = {'C', 'C', 'P', 'A', 'C', 'K', '0', '1'};
constexpr size_t kHeaderBytes = 16;
constexpr size_t kIndexEntryBytes = 32;
constexpr uint64_t kMaxEntries = 1u << 20;
constexpr uint64_t kMaxEntryBytes = 1ull << 30;

bool read_exact(int fd, uint64_t offset, char* out, size_t length) {
  size_t done = 0;
  while (done < length) {
    const ssize_t n = ::pread(fd, out + done, length - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

const std::string& tool_identity() {
  static const std::string identity = [] {
    std::string id = CYCLECHECK_VERSION;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      const auto size = fs::file_size(exe, ec);
      const auto time = fs::last_write_time(exe, ec);
      if (!ec) id += "-" + std::to_string(size) + "-" + std::to_string(time.time_since_epoch().count());
    }
    return id;
  }();
  return identity;
}

std::unique_ptr<FactCache> FactCache::open(const fs::path& root) {
  std::error_code ec;
  const fs::path base = root / ".cyclecheck_cache";
  const fs::path directory = base / (std::string("v") + CYCLECHECK_VERSION);
  fs::create_directories(directory, ec);
  if (ec) return nullptr;
  const fs::path ignore = base / ".gitignore";
  if (!fs::exists(ignore, ec)) {
    std::ofstream out(ignore);
    out << "# Created by cyclecheck: the cache is not for version control.\n*\n";
  }
  std::unique_ptr<FactCache> cache(new FactCache(directory));
  std::vector<fs::path> packs;
  for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".pack") packs.push_back(it->path());
  }
  std::sort(packs.begin(), packs.end());
  for (const fs::path& pack : packs) cache->read_pack(pack);
  return cache;
}

FactCache::~FactCache() {
  for (const Pack& pack : packs_) ::close(pack.fd);
}

FactCache::Key FactCache::key_of(const std::string& path, const std::string& module_name, bool is_package,
                                 uint64_t content) {
  std::string name = tool_identity();
  name += '\0';
  name += path;
  name += '\0';
  name += module_name;
  name += is_package ? '\1' : '\0';
  return Key{hash_bytes(name), content};
}

void FactCache::read_pack(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // removed by a concurrent compaction: its entries are elsewhere or lowered again
  char header[kHeaderBytes];
  std::string index;
  bool valid = read_exact(fd, 0, header, sizeof header) && std::memcmp(header, kPackMagic, 8) == 0;
  const uint64_t count = valid ? get_u64(header + 8) : 0;
  valid = valid && count <= kMaxEntries;
  if (valid) {
    index.resize(count * kIndexEntryBytes + 8);
    valid = read_exact(fd, kHeaderBytes, index.data(), index.size());
  }
  if (valid) {
    const std::string checked =
        std::string(header, sizeof header) + index.substr(0, count * kIndexEntryBytes);
    valid = get_u64(index.data() + count * kIndexEntryBytes) == fast_hash_bytes(checked);
  }
  if (!valid) {
    ::close(fd);
    return;
  }
  const size_t pack = packs_.size();
  packs_.push_back(Pack{path, fd});
  for (uint64_t i = 0; i < count; ++i) {
    const char* entry = index.data() + i * kIndexEntryBytes;
    const Location where{pack, get_u64(entry + 16), get_u64(entry + 24)};
    if (where.length > kMaxEntryBytes) continue;
    index_[Key{get_u64(entry), get_u64(entry + 8)}].push_back(where);
  }
}

std::string FactCache::read_entry(const Location& where) const {
  std::string bytes(where.length, '\0');
  if (!read_exact(packs_[where.pack].fd, where.offset, bytes.data(), bytes.size())) return {};
  return bytes;
}

std::shared_ptr<const ModuleFacts> FactCache::load(const SourceText& source,
                                                   std::optional<uint64_t> content_hash) const {
  const Key key = key_of(source.path, source.module_name, source.is_package,
                         content_hash ? *content_hash : fast_hash_bytes(source.text));
  auto it = index_.find(key);
  if (it == index_.end()) return nullptr;
  for (const Location& where : it->second) {
    // A torn entry fails its checksum; a hash collision fails the path and content checks.
    auto facts = deserialize_facts(read_entry(where));
    if (!facts || facts->path != source.path || facts->content_hash != key.content) continue;
    std::lock_guard<std::mutex> lock(used_mutex_);
    used_.emplace(key, where);
    return facts;
  }
  return nullptr;
}

bool FactCache::write_pack(const std::vector<std::pair<Key, std::string>>& entries) const {
  std::string head(kPackMagic, sizeof kPackMagic);
  append_u64(head, entries.size());
  uint64_t offset = kHeaderBytes + entries.size() * kIndexEntryBytes + 8;
  for (const auto& [key, bytes] : entries) {
    append_u64(head, key.name);
    append_u64(head, key.content);
    append_u64(head, offset);
    append_u64(head, bytes.size());
    offset += bytes.size();
  }
  append_u64(head, fast_hash_bytes(head));

  static std::atomic<uint64_t> counter{0};
  const auto now = std::chrono::system_clock::now().time_since_epoch().count();
  const std::string stem =
      "pack-" + std::to_string(::getpid()) + "-" + std::to_string(now) + "-" + std::to_string(counter++);
  const fs::path temporary = directory_ / (stem + ".tmp");
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return false;  // a cache that cannot be written is just not used
  // The entries are written where they lie rather than gathered into one buffer first.
  bool written = write_all(fd, head);
  for (size_t i = 0; written && i < entries.size(); ++i) written = write_all(fd, entries[i].second);
  written = ::close(fd) == 0 && written;
  std::error_code ec;
  if (!written) {
    fs::remove(temporary, ec);
    return false;
  }
  fs::rename(temporary, directory_ / (stem + ".pack"), ec);  // atomic: readers see all of it or nothing
  if (ec) fs::remove(temporary, ec);
  return !ec;
}

void FactCache::store(const std::vector<std::shared_ptr<const ModuleFacts>>& entries,
                      const std::function<void()>& between_entries) {
  if (entries.empty()) return;
  std::vector<std::pair<Key, std::string>> pack;
  pack.reserve(entries.size());
  for (const auto& facts : entries) {
    if (between_entries) between_entries();
    pack.emplace_back(key_of(facts->path, facts->module_name, facts->is_package, facts->content_hash),
                      serialize_facts(*facts));  // no second pass over the text
  }
  if (packs_.size() < kMaxPacks) {
    write_pack(pack);
    return;
  }
  // Compaction: the entries this run used and the new ones in one pack, then the packs read at open go.
  // Entries only other file sets used are dropped; they are lowered again when needed.
  {
    std::lock_guard<std::mutex> lock(used_mutex_);
    for (const auto& [key, where] : used_) {
      std::string bytes = read_entry(where);
      if (!bytes.empty()) pack.emplace_back(key, std::move(bytes));
    }
  }
  if (!write_pack(pack)) return;
  std::error_code ec;
  for (const Pack& old : packs_) fs::remove(old.path, ec);
}

}  // namespace cyclecheck
