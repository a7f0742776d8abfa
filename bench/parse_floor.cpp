// The parse floor: read and parse every given Python file with tree-sitter-python on N threads, nothing
// else. Whatever the analyzer does on top of this is its overhead; bench/run_bench.py compares the two.
//
// Usage: parse_floor [--threads N] [--files-from LIST] [FILE...]
// Prints one line: files=... lines=... bytes=... seconds=... error_files=... unreadable=... threads=...
#include <tree_sitter/api.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace {

struct Options {
  unsigned threads = 2;
  std::vector<std::string> files;
};

struct Totals {
  std::atomic<size_t> lines{0};
  std::atomic<size_t> bytes{0};
  std::atomic<size_t> error_files{0};  // the tree has an ERROR or MISSING node
  std::atomic<size_t> unreadable{0};
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "parse_floor: " << message << "\n"
            << "usage: parse_floor [--threads N] [--files-from LIST] [FILE...]\n";
  std::exit(2);
}

void read_file_list(const std::string& list_path, std::vector<std::string>& files) {
  std::ifstream list(list_path);
  if (!list) usage_error("cannot read file list '" + list_path + "'");
  for (std::string line; std::getline(list, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) files.push_back(line);
  }
}

Options parse_arguments(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--threads" || arg == "-j") {
      if (i + 1 >= argc) usage_error("--threads needs a number");
      const std::string_view value = argv[++i];
      unsigned threads = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), threads);
      if (error != std::errc() || end != value.data() + value.size() || threads == 0 || threads > 256) {
        usage_error("--threads takes a number from 1 to 256, not '" + std::string(value) + "'");
      }
      options.threads = threads;
    } else if (arg == "--files-from") {
      if (i + 1 >= argc) usage_error("--files-from needs a file name");
      read_file_list(argv[++i], options.files);
    } else if (arg == "--help" || arg == "-h") {
      std::cout << "usage: parse_floor [--threads N] [--files-from LIST] [FILE...]\n";
      std::exit(0);
    } else if (arg.size() > 1 && arg[0] == '-') {
      usage_error("unknown option '" + std::string(arg) + "'");
    } else {
      options.files.emplace_back(arg);
    }
  }
  if (options.files.empty()) usage_error("no files given");
  return options;
}

bool read_whole_file(const std::string& path, std::string& contents) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  contents.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// Each worker owns a parser and takes the next file index from a shared counter.
void parse_files(const std::vector<std::string>& files, std::atomic<size_t>& next, Totals& totals,
                 std::mutex& stderr_mutex) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  std::string contents;
  for (size_t index = next++; index < files.size(); index = next++) {
    if (!read_whole_file(files[index], contents)) {
      ++totals.unreadable;
      std::lock_guard<std::mutex> lock(stderr_mutex);
      std::cerr << "parse_floor: cannot read '" << files[index] << "'\n";
      continue;
    }
    TSTree* tree =
        ts_parser_parse_string(parser, nullptr, contents.data(), static_cast<uint32_t>(contents.size()));
    if (tree == nullptr || ts_node_has_error(ts_tree_root_node(tree))) ++totals.error_files;
    if (tree != nullptr) ts_tree_delete(tree);
    size_t lines = static_cast<size_t>(std::count(contents.begin(), contents.end(), '\n'));
    if (!contents.empty() && contents.back() != '\n') ++lines;
    totals.lines += lines;
    totals.bytes += contents.size();
  }
  ts_parser_delete(parser);
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_arguments(argc, argv);
  Totals totals;
  std::atomic<size_t> next{0};
  std::mutex stderr_mutex;

  const auto start = std::chrono::steady_clock::now();
  const unsigned workers = std::min<unsigned>(options.threads, static_cast<unsigned>(options.files.size()));
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < workers; ++i) {
    threads.emplace_back(parse_files, std::cref(options.files), std::ref(next), std::ref(totals),
                         std::ref(stderr_mutex));
  }
  for (auto& thread : threads) thread.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("files=%zu lines=%zu bytes=%zu seconds=%.6f error_files=%zu unreadable=%zu threads=%u\n",
              options.files.size(), totals.lines.load(), totals.bytes.load(), seconds,
              totals.error_files.load(), totals.unreadable.load(), options.threads);
  return totals.unreadable.load() == options.files.size() ? 2 : 0;
}
