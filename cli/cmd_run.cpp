// `cyclecheck run` and `cyclecheck gc-bench`: start the runtime companion (`python -m cyclecheck_runtime`)
// on the user's script. The interpreter replaces this process, so the script's output, signals and
// exit code reach the caller unchanged.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace cyclecheck::cli {
namespace {

struct RunOptions {
  std::string python = "/usr/bin/python3";
  std::string output_format = "full";
  std::string output_file;
  std::string findings;
  std::string dot_dir;
  bool svg = false;
  bool trace_alloc = false;
  bool collect_per_step = false;
  int repeat = 1;
  bool show_output = false;
  std::vector<std::string> command;  // script.py and its arguments, after --
};

// The package and its compiled core sit next to the executable: <dir of cyclecheck>/python.
std::filesystem::path runtime_package_dir() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return exe.parent_path() / "python";
}

// After `--` CLI11 hands the words to the positional option; without it, prefix_command() leaves them
// in remaining(). Either way: the script and its own arguments, untouched.
std::vector<std::string> script_command(const CLI::App& sub, const std::vector<std::string>& positional) {
  std::vector<std::string> command = positional;
  const std::vector<std::string> rest = sub.remaining();
  command.insert(command.end(), rest.begin(), rest.end());
  if (!command.empty() && command.front() == "--") command.erase(command.begin());
  return command;
}

int exec_companion(const RunOptions& options, const std::vector<std::string>& companion_args,
                   const std::vector<std::string>& command, const char* subcommand) {
  if (command.empty()) {
    std::cerr << "cyclecheck " << subcommand << ": give the script to run after --, e.g. `cyclecheck "
              << subcommand << " -- train.py --epochs 1`\n";
    return 2;
  }
  const std::filesystem::path package_dir = runtime_package_dir();
  if (package_dir.empty() || !std::filesystem::exists(package_dir / "cyclecheck_runtime" / "__init__.py")) {
    std::cerr << "cyclecheck " << subcommand << ": the runtime companion is not part of this build (expected "
              << (package_dir / "cyclecheck_runtime").string()
              << "; configure with -DCYCLECHECK_RUNTIME=ON)\n";
    return 2;
  }
  std::string pythonpath = package_dir.string();
  if (const char* existing = std::getenv("PYTHONPATH"); existing != nullptr && *existing != '\0') {
    pythonpath += ":";
    pythonpath += existing;
  }
  setenv("PYTHONPATH", pythonpath.c_str(), 1);

  std::vector<std::string> args{options.python, "-m", "cyclecheck_runtime"};
  args.insert(args.end(), companion_args.begin(), companion_args.end());
  args.insert(args.end(), command.begin(), command.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::cout.flush();
  execvp(argv[0], argv.data());
  std::cerr << "cyclecheck " << subcommand << ": cannot start " << options.python << ": "
            << std::strerror(errno) << "\n";
  return 2;
}

std::vector<std::string> run_arguments(const RunOptions& options) {
  std::vector<std::string> args{"--output-format", options.output_format};
  if (!options.output_file.empty()) args.insert(args.end(), {"--output-file", options.output_file});
  if (!options.findings.empty()) args.insert(args.end(), {"--findings", options.findings});
  if (!options.dot_dir.empty()) args.insert(args.end(), {"--dot-dir", options.dot_dir});
  if (options.svg) args.emplace_back("--svg");
  if (options.trace_alloc) args.emplace_back("--trace-alloc");
  if (options.collect_per_step) args.emplace_back("--collect-per-step");
  return args;
}

}  // namespace

void register_run_commands(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RunOptions>();

  CLI::App* run = app.add_subcommand("run",
                                     "Run a Python script and report the reference cycles collected "
                                     "while it runs: cyclecheck run [options] -- script.py args...");
  run->prefix_command();
  run->add_option("--python", options->python, "Interpreter for the script (default /usr/bin/python3)");
  run->add_option("--output-format", options->output_format, "full (text), concise, json or sarif")
      ->check(CLI::IsMember({"full", "concise", "text", "json", "sarif"}));
  run->add_option("-o,--output-file", options->output_file, "Write the report here (default: stderr)");
  run->add_option("--findings", options->findings,
                  "Static findings (JSON or SARIF of `cyclecheck check`) to mark confirmed or not observed")
      ->check(CLI::ExistingFile);
  run->add_option("--dot-dir", options->dot_dir, "Write one graph per cycle shape into this directory");
  run->add_flag("--svg", options->svg, "With --dot-dir, also write SVG");
  run->add_flag("--trace-alloc", options->trace_alloc, "Allocation sites through tracemalloc (slow)");
  run->add_flag("--collect-per-step", options->collect_per_step,
                "Turn automatic collection off and collect once per optimizer step");
  run->add_option("command", options->command, "script.py and its arguments (after --)");
  run->callback([options, run, &exit_code] {
    exit_code =
        exec_companion(*options, run_arguments(*options), script_command(*run, options->command), "run");
  });

  CLI::App* bench = app.add_subcommand("gc-bench",
                                       "Run a script under several garbage-collector settings and "
                                       "compare step time and memory: cyclecheck gc-bench -- script.py");
  bench->prefix_command();
  bench->add_option("--python", options->python, "Interpreter for the script (default /usr/bin/python3)");
  bench->add_option("--repeat", options->repeat, "Runs per setting; the fastest is kept")
      ->check(CLI::Range(1, 100));
  bench->add_flag("--show-output", options->show_output, "Show the script's own output");
  bench->add_option("-o,--output-file", options->output_file, "Also write the results as JSON here");
  bench->add_option("command", options->command, "script.py and its arguments (after --)");
  bench->callback([options, bench, &exit_code] {
    std::vector<std::string> args{"--gc-bench", "--repeat", std::to_string(options->repeat)};
    if (options->show_output) args.emplace_back("--show-output");
    if (!options->output_file.empty()) args.insert(args.end(), {"--output-file", options->output_file});
    exit_code = exec_companion(*options, args, script_command(*bench, options->command), "gc-bench");
  });
}

}  // namespace cyclecheck::cli
