// `cyclecheck rule [CODE]`: list the rules, or print one rule's documentation.
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "rules/rule.hpp"

namespace cyclecheck::cli {

void register_rule_command(CLI::App& app, int& exit_code) {
  auto code = std::make_shared<std::string>();
  CLI::App* rule = app.add_subcommand("rule", "List the rules, or explain one rule (by code or name)");
  rule->add_option("code", *code, "Rule code (CC104) or name (callable-holds-owner)");
  rule->callback([code, &exit_code] {
    if (code->empty()) {
      for (const RuleInfo* r : all_rules()) {
        std::cout << r->code << "  " << std::left << std::setw(30) << r->name << " " << std::setw(8)
                  << severity_name(r->default_severity) << " " << r->summary << "\n";
      }
      exit_code = 0;
      return;
    }
    const RuleInfo* r = find_rule(*code);
    if (r == nullptr) {
      std::cerr << "cyclecheck: unknown rule '" << *code << "' (run `cyclecheck rule` for the list)\n";
      exit_code = 2;
      return;
    }
    std::cout << rule_documentation_markdown(*r);
    exit_code = 0;
  });
}

}  // namespace cyclecheck::cli
