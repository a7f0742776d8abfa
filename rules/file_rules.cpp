// CC001-CC003: problems with a file itself. They are reported by reading and lowering, not by a check;
// they live here so that they can be listed, selected and documented like any rule.
#include "rules/rule_definition.hpp"

namespace cyclecheck::rules {

const RuleDefinition& syntax_error() {
  static const RuleDefinition rule{
      {"CC001",
       "syntax-error",
       RuleKind::File,
       Severity::Error,
       "the file has a syntax error",
       {"Reports code that does not parse as Python 3. The rest of the file is still analysed as far as the "
        "parser recovers.",
        "Findings next to a syntax error may be missing or incomplete, and the code will not run.",
        "def train(model:\n    pass\n", "def train(model):\n    pass\n",
        "Python 2 only syntax (print statements, backticks) is reported as a syntax error."}},
      {},
      {},
      {},
      {}};
  return rule;
}

const RuleDefinition& io_error() {
  static const RuleDefinition rule{
      {"CC002",
       "io-error",
       RuleKind::File,
       Severity::Error,
       "the file could not be read as Python source",
       {"Reports paths that cannot be analysed: missing or unreadable files, symlink loops, binary files, "
        "files "
        "that are not valid UTF-8 and files over 64 MiB. The run continues with the other files.",
        "A file that is skipped is not checked at all; this says so instead of passing silently.",
        "$ cyclecheck check model_weights.pt", "Exclude data files with `exclude` in [tool.cyclecheck].",
        "Python 2 files in Latin-1 without a coding cookie are reported as not UTF-8."}},
      {},
      {},
      {},
      {}};
  return rule;
}

const RuleDefinition& analysis_limit() {
  static const RuleDefinition rule{
      {"CC003",
       "analysis-limit",
       RuleKind::File,
       Severity::Info,
       "code nested too deeply to analyse",
       {"Reports an expression or statement nested more deeply than the analyzer follows (400 levels), "
        "typically generated code.",
        "Findings inside the cut-off part are not reported.",
        "x = ((((((((((((((((((((...))))))))))))))))))))",
        "Nothing to change in hand-written code; exclude generated files.", "None."}},
      {},
      {},
      {},
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
