// CC107 exception-frame-cycle: an exception, traceback or frame kept where its frame can reach it.
#include "rules/cycle_report.hpp"

namespace cyclecheck::rules {
namespace {

bool frame_like(NodeKind k) {
  return k == NodeKind::Exception || k == NodeKind::Traceback || k == NodeKind::Frame;
}

// The link from an exception raised while handling another to the handled one.
bool is_context_edge(const WitnessEdge& e) { return e.field == ".__context__"; }

size_t keeping_edge(const CycleWitness& c) {
  const size_t n = c.nodes.size();
  // The store that puts the exception or frame somewhere (self.last_error = err, frame = currentframe()),
  // or a container holding it (self.exc_info = sys.exc_info()). A store made by the function the cycle
  // is in comes first: `failures[rank] = wrap(err)` is the line to change, not the tuple `wrap` returns.
  for (const bool direct_only : {true, false}) {
    auto eligible = [&](size_t i) {
      return c.edges[i].role != EdgeRole::Frame && (!direct_only || c.edges[i].chain.size() <= 1);
    };
    for (size_t i = 0; i < n; ++i) {
      if (eligible(i) && frame_like(c.nodes[(i + 1) % n].kind)) return i;
    }
    for (size_t i = 0; i < n; ++i) {
      if (eligible(i) && c.nodes[(i + 1) % n].kind == NodeKind::Container &&
          frame_like(c.nodes[(i + 2) % n].kind))
        return i;
    }
  }
  // A frame's local that holds the exception, or a container of it (`details = sys.exc_info()`), or an
  // exception raised while handling another (`v = ValueError(...); raise v from e`: its __context__).
  for (size_t i = 0; i < n; ++i) {
    const NodeKind target = c.nodes[(i + 1) % n].kind;
    const bool chained_exception = is_context_edge(c.edges[(i + 1) % n]);
    if (c.edges[i].field.rfind("local ", 0) == 0 &&
        (frame_like(target) || target == NodeKind::Container || chained_exception))
      return i;
  }
  return edge_into_root(c);
}

}  // namespace

const RuleDefinition& exception_frame_cycle() {
  static const RuleDefinition rule{
      {"CC107",
       "exception-frame-cycle",
       RuleKind::Cycle,
       Severity::Warning,
       "an exception, traceback or frame is kept where its frame can reach it",
       {"Finds a caught exception stored on an object that the failing function's frame can reach "
        "(`self.last_error = err`), and frames kept in local variables (`frame = inspect.currentframe()`, "
        "`sys._getframe(0)`, or `inspect.stack()`, whose first record is the running frame; "
        "`sys._getframe(1)` is the caller's and is not a cycle). A future given the exception "
        "(`fut.set_exception(err)`) keeps it too. A local that every handler of the function sets to None or "
        "deletes (`self = None` after the store, as concurrent.futures does) is not kept by the frame.",
        "An exception keeps its traceback, the traceback keeps the frames, the frames keep every local "
        "variable: "
        "the batch, the activations, `self`. Storing it where those locals lead back makes a cycle that "
        "keeps all "
        "of it alive until the cyclic collector runs.",
        "except RuntimeError as err:\n    self.last_error = err\n",
        "except RuntimeError as err:\n    self.last_error = repr(err)  # or err.with_traceback(None)\n"
        "# and for frames:\nframe = inspect.currentframe()\ntry:\n    ...\nfinally:\n    del frame\n",
        "An exception stored and cleared again before the function returns is still reported."}},
      [](const CycleWitness& c) { return has_role(c, EdgeRole::Frame); },
      keeping_edge,
      [](const CycleWitness& c) {
        const size_t n = c.nodes.size();
        const size_t i = keeping_edge(c);
        if (c.nodes[(i + 1) % n].kind == NodeKind::Frame) {
          return std::string(
              "Delete the frame reference in a finally block (`del frame`) once you are done.");
        }
        if (c.nodes[i].label == "asyncio Task" && c.edges[i].field == "._exception") {
          return std::string(
              "Drop the tasks once they are done (`self.pending.clear()` after gathering them), or keep them "
              "in "
              "a local: a finished task keeps the exception its coroutine raised, whose traceback keeps the "
              "coroutine's frame and its arguments.");
        }
        const bool chained = std::any_of(c.edges.begin(), c.edges.end(), is_context_edge);
        if (chained && c.edges[i].field.rfind("local ", 0) == 0) {
          return std::string(
              "Raise the new exception without binding it to a local (`raise ValueError(...) from err`), or "
              "delete the local in a finally block: it holds the exception, whose __context__ keeps the "
              "handled exception, whose traceback keeps this frame.");
        }
        if (chained) {
          return std::string(
              "with_traceback(None) drops only the exception's own traceback: the exception it was raised "
              "while handling (its __context__, also its __cause__ after `raise ... from`) keeps its own "
              "traceback and frames. Keep what you need (repr(err), "
              "traceback.format_exception(err)) instead of the exception.");
        }
        return std::string(
            "Keep what you need from the exception (repr(err), type) instead of the exception, or "
            "store err.with_traceback(None) when it was not raised while handling another.");
      },
      {}};
  return rule;
}

}  // namespace cyclecheck::rules
