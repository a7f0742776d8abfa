// CC111 library-object-cycle: a library call, made again and again, that makes an object in a reference cycle
// of the library's own (torch 1.13's `OneCycleLR`, `fx.symbolic_trace`, ...).
#include "rules/event_rule_helpers.hpp"

namespace cyclecheck::rules {

const RuleDefinition& library_object_cycle() {
  static const RuleDefinition rule{
      {"CC111",
       "library-object-cycle",
       RuleKind::Cycle,
       Severity::Warning,
       "a library object in a reference cycle of its own, made on every iteration",
       {"Finds calls, run in a loop (of the function or of a caller), to library functions that make an "
        "object which refers to itself in the library's own code, as the installed torch 1.13 does: "
        "`OneCycleLR` and `CyclicLR` keep their own bound methods, `torch.fx.symbolic_trace` makes a "
        "`GraphModule` and a `Graph` that refer to each other, `torch.nn.utils.stateless.functional_call` "
        "makes a class per call whose methods close over the parameters (as does a class statement in a "
        "function of the project), a `torch.profiler.profile` "
        "keeps its own bound methods, and an `sqlite3.connect()` connection refers to itself until it is "
        "closed (CPython 3.11; reported where the module never calls `close`). The models in "
        "`analyzer/models/library_models.toml` list them "
        "(`cycle = ...`).",
        "Such an object is freed only when the garbage collector runs, and so is everything it holds: the "
        "optimizer of a scheduler, the submodules of a traced model, the parameters a functional call was "
        "given. Made once per trial, fold or step, they pile up between collections, and the collector's "
        "pauses grow with them.",
        "for lr in sweep:\n    opt = torch.optim.SGD(model.parameters(), lr=lr)\n    sched = "
        "torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=100)\n    train(model, opt, "
        "sched)\n",
        "for lr in sweep:\n    opt = torch.optim.SGD(model.parameters(), lr=lr)\n    sched = "
        "torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=100)\n    train(model, opt, "
        "sched)\n    del sched, opt\n    gc.collect()  # or make one and reuse it\n",
        "A call made once (not in a loop) is not reported. Which library objects are cyclic depends on the "
        "library's version: the models describe the installed torch."}},
      {},
      {},
      {},
      [](const RuleContext& context, std::vector<Diagnostic>& out) {
        report_events(
            context, rule_info_of("CC111"), out,
            [](const RetentionEvent& e) { return e.kind == EventKind::LibraryCycle && e.in_loop; },
            [](const RetentionEvent& e) {
              const std::string held = e.value_is_module || e.value_holds_module
                                           ? ", with the nn.Module it holds"
                                       : e.value_carries_graph ? ", with the tensors it holds"
                                                               : "";
              // A project class made by a class statement in a function (see note_class_made_per_call).
              if (e.base_label.starts_with("class "))
                return e.base_label + " is made anew on every iteration (" + e.chain.back().note +
                       "), and each is freed only when the garbage collector runs" + held + ".";
              return e.base_label + "() makes an object in a reference cycle of its own (" +
                     e.chain.back().note +
                     "): one is made on every iteration, and each is freed only when the garbage collector "
                     "runs" +
                     held + ".";
            },
            [](const RetentionEvent& e) {
              if (e.base_label.starts_with("class "))
                return std::string(
                    "Define the class once, at module level, and pass what its methods need as arguments.");
              return std::string(
                  "Make it once and reuse it, or drop it and call gc.collect() before making the next one.");
            },
            false);
      }};
  return rule;
}

}  // namespace cyclecheck::rules
