// Each subcommand lives in its own cmd_*.cpp and registers itself on the app.
// The callback stores the process exit code: 0 clean, 1 findings, 2 usage/configuration/internal error.
#pragma once

#include <CLI/CLI.hpp>

namespace cyclecheck::cli {

void register_check_command(CLI::App& app, int& exit_code);
void register_rule_command(CLI::App& app, int& exit_code);
void register_graph_command(CLI::App& app, int& exit_code);
void register_run_commands(CLI::App& app, int& exit_code);  // `run` and `gc-bench` (runtime companion)
void register_server_command(CLI::App& app, int& exit_code);

}  // namespace cyclecheck::cli
