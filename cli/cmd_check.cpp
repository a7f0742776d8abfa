// `cyclecheck check`: the linter.
#include <iostream>
#include <memory>

#include "analyzer/baseline.hpp"
#include "analyzer/phase_timer.hpp"
#include "analyzer/runtime_report.hpp"
#include "cli/check_pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/one_shot_memory.hpp"
#include "cli/output_options.hpp"

namespace cyclecheck::cli {
namespace {

struct CheckOptions {
  CheckRequest request;
  std::string output_format = "full";
  std::string output_file;
  bool exit_zero = false;
  std::string write_baseline;
  std::string runtime_report;
  bool statistics = false;
};

int run_check_command(const CheckOptions& options) {
  const auto format = parse_output_format(options.output_format);
  if (!format) {
    std::cerr << "cyclecheck: unknown output format '" << options.output_format << "'\n";
    return 2;
  }
  CheckRun run;
  try {
    run = run_check(options.request);
  } catch (const std::exception& error) {
    std::cerr << "cyclecheck: " << error.what() << "\n";
    return 2;
  }
  if (!options.runtime_report.empty()) {
    // Mark each finding with what `cyclecheck run --findings` saw at run time.
    try {
      const auto confirmations = load_runtime_confirmations(options.runtime_report);
      for (Diagnostic& d : run.diagnostics) {
        auto it = confirmations.find(d.fingerprint);
        if (it == confirmations.end()) continue;  // the run was not given this finding
        d.runtime_state = it->second.state;
        d.runtime_evidence = it->second.evidence;
        d.message += " [" + it->second.state + " at run time" +
                     (it->second.evidence.empty() ? "" : ": " + it->second.evidence) + "]";
      }
    } catch (const std::exception& error) {
      std::cerr << "cyclecheck: " << error.what() << "\n";
      return 2;
    }
  }
  if (!options.write_baseline.empty()) {
    try {
      write_baseline(options.write_baseline, run.diagnostics);
    } catch (const std::exception& error) {
      std::cerr << "cyclecheck: " << error.what() << "\n";
      return 2;
    }
    std::cerr << "cyclecheck: wrote " << run.diagnostics.size() << " findings to the baseline "
              << options.write_baseline << "\n";
    return 0;
  }
  std::vector<std::string> checked_paths = options.request.paths;
  if (checked_paths.empty() && options.request.stdin_filename.empty()) checked_paths.push_back(".");
  PhaseTimer timer;
  const bool written = options.statistics ? emit_statistics(run.diagnostics, *format, options.output_file)
                                          : emit(run.diagnostics, *format, options.output_file,
                                                 std::move(run.sources), run.files_checked, checked_paths);
  if (!written) return 2;
  timer.mark("emit");
  const int code = options.exit_zero || run.diagnostics.empty() ? 0 : 1;
  keep_until_exit(std::move(run));
  return code;
}

}  // namespace

void register_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* check =
      app.add_subcommand("check", "Report reference cycles and memory retention in Python files");
  add_check_options(*check, options->request);
  check
      ->add_option("--output-format", options->output_format,
                   "full, concise, json, json-lines, sarif, github or gitlab")
      ->capture_default_str();
  check->add_option("-o,--output-file", options->output_file, "Write the report to this file");
  check->add_flag("--exit-zero", options->exit_zero, "Exit with 0 even when there are findings");
  check->add_option("--write-baseline", options->write_baseline,
                    "Record the current findings' fingerprints in this file and exit 0");
  check->add_flag("--statistics", options->statistics,
                  "Print how many findings each rule has instead of the findings (JSON with a JSON format)");
  check->add_option("--runtime-report", options->runtime_report,
                    "Mark findings confirmed or not observed from a `cyclecheck run --findings` report");
  check->callback([options, &exit_code] {
    keep_freed_memory_for_reuse();
    exit_code = run_check_command(*options);
  });
}

}  // namespace cyclecheck::cli
