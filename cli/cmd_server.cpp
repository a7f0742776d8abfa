// Placeholder until this subcommand lands; replaced by its owner.
#include "cli/commands.hpp"

namespace cyclecheck::cli {
void register_server_command(CLI::App&, int&) {}
}  // namespace cyclecheck::cli
