#include <exception>
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"cyclecheck: finds reference cycles and memory retention in Python training code"};
  app.set_version_flag("--version", CYCLECHECK_VERSION);
  app.require_subcommand(1);
  int exit_code = 0;
  cyclecheck::cli::register_check_command(app, exit_code);
  cyclecheck::cli::register_rule_command(app, exit_code);
  cyclecheck::cli::register_graph_command(app, exit_code);
  cyclecheck::cli::register_run_commands(app, exit_code);
  cyclecheck::cli::register_server_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;  // usage errors exit 2, like ruff
  } catch (const std::exception& error) {
    std::cerr << "cyclecheck: internal error: " << error.what() << "\n";
    return 2;
  }
  return exit_code;
}
