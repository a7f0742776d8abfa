// `cyclecheck graph`: draws findings as objgraph-style graphs (DOT, SVG, PNG).
#include <iostream>
#include <memory>

#include "analyzer/render/graph_render.hpp"
#include "cli/check_pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/one_shot_memory.hpp"
#include "rules/rule.hpp"

namespace cyclecheck::cli {
namespace {

struct GraphOptions {
  CheckRequest request;
  size_t finding = 0;  // 1-based, as numbered by `check --output-format full`
  std::string code;
  bool all = false;
  std::string output;
};

int run_graph(const GraphOptions& options) {
  if (options.output.empty()) {
    std::cerr << "cyclecheck: graph needs -o FILE (.dot, .svg or .png)\n";
    return 2;
  }
  CheckRun run;
  try {
    run = run_check(options.request);
  } catch (const std::exception& error) {
    std::cerr << "cyclecheck: " << error.what() << "\n";
    return 2;
  }
  std::vector<const Diagnostic*> chosen;
  for (size_t i = 0; i < run.diagnostics.size(); ++i) {
    const Diagnostic& d = run.diagnostics[i];
    if (!d.graph) continue;
    if (options.finding != 0 && i + 1 != options.finding) continue;
    if (!options.code.empty()) {
      const RuleInfo* rule = find_rule(options.code);
      if (rule == nullptr || rule->code != d.code) continue;
    }
    chosen.push_back(&d);
  }
  if (options.finding != 0 && options.finding > run.diagnostics.size()) {
    std::cerr << "cyclecheck: there is no finding " << options.finding << " (" << run.diagnostics.size()
              << " findings)\n";
    return 2;
  }
  if (chosen.empty()) {
    std::cerr << "cyclecheck: no finding with a graph matches\n";
    return 1;
  }
  const std::filesystem::path out(options.output);
  try {
    if (!options.all) {
      render::render_to_file(*chosen.front()->graph, out);
      std::cout << "wrote " << out.string() << " (" << chosen.front()->code << " at "
                << chosen.front()->range.path << ":" << chosen.front()->range.line << ")\n";
      return 0;
    }
    // --all: one file per finding next to -o, named by fingerprint.
    const std::filesystem::path dir = out.has_parent_path() ? out.parent_path() : std::filesystem::path(".");
    const std::string stem = out.stem().string();
    const std::string extension = out.extension().string();
    for (const Diagnostic* d : chosen) {
      const std::filesystem::path file = dir / (stem + "-" + d->fingerprint + extension);
      render::render_to_file(*d->graph, file);
      std::cout << "wrote " << file.string() << " (" << d->code << " at " << d->range.path << ":"
                << d->range.line << ")\n";
    }
  } catch (const std::exception& error) {
    std::cerr << "cyclecheck: " << error.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

void register_graph_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<GraphOptions>();
  CLI::App* graph = app.add_subcommand("graph", "Draw findings as objgraph-style graphs (DOT/SVG/PNG)");
  add_check_options(*graph, options->request);
  auto* finding = graph->add_option("--finding", options->finding,
                                    "The N-th finding, numbered as in `check --output-format full`");
  auto* code = graph->add_option("--code", options->code, "The first finding of this rule (code or name)");
  auto* all = graph->add_flag("--all", options->all, "Every finding: one file each, named by fingerprint");
  finding->excludes(all);
  code->excludes(finding);
  graph->add_option("-o,--output", options->output, "Output file: .dot, .svg or .png")->required();
  graph->callback([options, &exit_code] {
    keep_freed_memory_for_reuse();
    exit_code = run_graph(*options);
  });
}

}  // namespace cyclecheck::cli
