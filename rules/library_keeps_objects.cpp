// CC211 library-keeps-objects: a library call, run in a loop, whose library keeps every object it makes until
// it is closed (pyplot's open figures), in a module that never closes them.
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

const RuleDefinition& library_keeps_objects() {
  static const RuleDefinition rule{
      {"CC211",
       "library-keeps-objects",
       RuleKind::Retention,
       Severity::Warning,
       "a library keeps every object a call in a loop makes, and nothing closes them",
       {"Finds calls, run in a loop (of the function or of a caller), to library functions whose library "
        "keeps every object they make in a process-wide table until it is closed: `plt.figure()`, "
        "`plt.subplots()` and `plt.subplot_mosaic()` register each figure with pyplot's figure manager, "
        "where "
        "it stays open until `plt.close(fig)` (or `plt.close(\"all\")`). Reported when the module never "
        "calls "
        "`close`. The models in `analyzer/models/library_models.toml` list such calls (`kept_by = ...`).",
        "Each figure stays alive with its canvas, artists and the data they were drawn from (arrays, or "
        "tensors moved to the CPU), one per epoch or batch plotted: memory grows for the life of the process "
        "(matplotlib warns after 20 open figures, in scripts where the warning is easy to miss).",
        "for epoch in range(epochs):\n    train_one_epoch(model, loader)\n    fig, ax = plt.subplots()\n"
        "    ax.plot(history)\n    fig.savefig(f\"loss_{epoch}.png\")\n",
        "for epoch in range(epochs):\n    train_one_epoch(model, loader)\n    fig, ax = plt.subplots()\n"
        "    ax.plot(history)\n    fig.savefig(f\"loss_{epoch}.png\")\n    plt.close(fig)\n",
        "Any call named `close` in the module counts as closing the figures (a file's `close()` too), and a "
        "figure made once (not in a loop) is not reported. Figures made through the object-oriented API "
        "(`matplotlib.figure.Figure()`, not pyplot) are not kept by pyplot and are not reported."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC211"), out,
            [](const RetentionEvent& e) { return e.kind == EventKind::LibraryKeepsObject && e.in_loop; },
            [](const RetentionEvent& e) {
              return e.base_label + "() registers what it makes with " + e.chain.back().note +
                     ", which keeps it until it is closed: one is made on every iteration and this module "
                     "never closes any, so they pile up for the life of the process.";
            },
            [](const RetentionEvent&) {
              return std::string(
                  "Close each one when done with it (`plt.close(fig)` after `fig.savefig(...)`), or make one "
                  "and reuse it (`fig.clf()` between iterations).");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
