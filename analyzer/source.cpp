// Reading user files: every failure becomes a CC002 diagnostic, never an exception or a crash.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "analyzer/project.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

// Larger files are almost surely generated data, not training code; reading them would only cost memory.
constexpr uintmax_t kMaxFileBytes = 64ull * 1024 * 1024;

Diagnostic io_error(const std::string& display_path, const std::string& message, uint32_t line = 1) {
  Diagnostic d;
  d.code = "CC002";
  d.rule_name = "io-error";
  d.severity = Severity::Error;
  d.range = SourceRange{display_path, line, 1, line, 1};
  d.message = message;
  return d;
}

std::string over_limit(uintmax_t size) {
  return "File skipped: " + std::to_string(size / (1024 * 1024)) +
         " MiB is over the 64 MiB limit for one file";
}

}  // namespace

std::string module_name_for(const std::filesystem::path& file, bool& is_package) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string stem = file.stem().string();
  is_package = stem == "__init__";
  std::vector<std::string> parts;
  if (!is_package) parts.push_back(stem);
  fs::path dir = fs::absolute(file, ec).parent_path();
  // Climb while the directory is a package (has __init__.py).
  for (int depth = 0; depth < 64 && !dir.empty(); ++depth) {
    if (!fs::exists(dir / "__init__.py", ec)) break;
    parts.push_back(dir.filename().string());
    const fs::path parent = dir.parent_path();
    if (parent == dir) break;
    dir = parent;
  }
  std::reverse(parts.begin(), parts.end());
  std::string name;
  for (const auto& part : parts) {
    if (!name.empty()) name += '.';
    name += part;
  }
  return name;
}

std::filesystem::path package_root(const std::filesystem::path& file, const std::string& module_name,
                                   bool is_package) {
  std::filesystem::path dir = file.parent_path();
  size_t climbs = static_cast<size_t>(std::count(module_name.begin(), module_name.end(), '.'));
  if (is_package && !module_name.empty()) ++climbs;  // proj/__init__.py sits inside its package
  for (size_t i = 0; i < climbs && dir.has_relative_path(); ++i) dir = dir.parent_path();
  return dir;
}

std::optional<SourceText> read_source(const std::filesystem::path& file, const std::string& display_path,
                                      Diagnostic& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(file, ec);
  if (ec || !fs::exists(status)) {
    error = io_error(display_path, "Cannot read file: No such file or directory");
    return std::nullopt;
  }
  if (fs::is_directory(status)) {
    error = io_error(display_path, "Cannot read file: it is a directory");
    return std::nullopt;
  }
  if (!fs::is_regular_file(status)) {
    // A FIFO would block the run until something writes to it, and a device such as /dev/zero never ends.
    error = io_error(display_path, "File skipped: not a regular file (a FIFO, socket or device)");
    return std::nullopt;
  }
  const uintmax_t size = fs::file_size(file, ec);
  if (!ec && size > kMaxFileBytes) {
    error = io_error(display_path, over_limit(size));
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    error = io_error(display_path, std::string("Cannot read file: ") + std::strerror(errno));
    return std::nullopt;
  }
  SourceText source;
  source.path = display_path;
  // Read straight into the text, in chunks, and no further than the limit: the file may grow while it is
  // read.
  source.text.reserve(ec ? 0 : static_cast<size_t>(size));
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    source.text.append(chunk, static_cast<size_t>(in.gcount()));
    if (source.text.size() > kMaxFileBytes) {
      error = io_error(display_path, over_limit(source.text.size()));
      return std::nullopt;
    }
  }
  if (in.bad()) {
    error = io_error(display_path, std::string("Cannot read file: ") + std::strerror(errno));
    return std::nullopt;
  }
  if (source.text.find('\0') != std::string::npos) {
    error = io_error(display_path, "File skipped: it is binary (contains NUL bytes), not Python source");
    return std::nullopt;
  }
  const size_t bad = first_invalid_utf8(source.text);
  if (bad != std::string::npos) {
    const auto line =
        static_cast<uint32_t>(std::count(source.text.begin(), source.text.begin() + bad, '\n') + 1);
    error = io_error(display_path,
                     "File skipped: not valid UTF-8 (byte offset " + std::to_string(bad) +
                         "); cyclecheck reads Python source as UTF-8",
                     line);
    return std::nullopt;
  }
  // A UTF-8 byte order mark is legal in Python source; the parser does not want it.
  if (source.text.rfind("\xEF\xBB\xBF", 0) == 0) source.text.erase(0, 3);
  source.module_name = module_name_for(file, source.is_package);
  return source;
}

}  // namespace cyclecheck
