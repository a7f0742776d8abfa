// `cyclecheck server`: the language server on stdin/stdout.
#include <signal.h>
#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/lsp/server.hpp"

namespace cyclecheck::cli {

void register_server_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("server", "Run the Language Server Protocol server on stdin/stdout");
  auto options = std::make_shared<lsp::ServerOptions>();
  command->add_flag("--stdio", options->stdio_flag,
                    "Talk over stdin/stdout (the default and only transport; accepted for editors)");
  command
      ->add_option("--docs-base-url", options->defaults.docs_base_url,
                   "Base URL of the rule documentation linked from diagnostics")
      ->capture_default_str();
  command
      ->add_option("--max-workspace-files", options->defaults.max_workspace_files,
                   "Most workspace files read from disk for cross-module findings")
      ->capture_default_str();
  command->callback([options, &exit_code] {
    // A client that closes the pipe must make writes fail, not kill the server.
    ::signal(SIGPIPE, SIG_IGN);
    lsp::Server server(STDIN_FILENO, STDOUT_FILENO, *options);
    exit_code = server.run();
  });
}

}  // namespace cyclecheck::cli
