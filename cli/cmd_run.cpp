// Placeholder until this subcommand lands; replaced by its owner.
#include "cli/commands.hpp"

namespace cyclecheck::cli {
void register_run_commands(CLI::App&, int&) {}
}  // namespace cyclecheck::cli
