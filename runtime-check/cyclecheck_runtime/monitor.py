"""The run-time observer. It hooks ``gc.callbacks``: at the start of every collection the collector
is told to save what it finds (DEBUG_SAVEALL); at the stop, the new entries of ``gc.garbage`` are
walked by the core, recorded, and freed the way the collector would have freed them. Only the
collections that happen anyway are observed (plus, when asked, one per step and one at the end),
so the cost follows the garbage, not the heap."""
import gc
import sys
import time
import tracemalloc

from . import tensors, walker
from .cycles import RuntimeCycle
from .gcstats import GcStats
from .sites import SiteFinder
from .steps import OptimizerSteps


class Monitor:
    """Records the cycles collected while active. Use as a context manager or with start()/stop().

    observe_cycles: walk and record the garbage (False: collector statistics only).
    trace_alloc: start tracemalloc for allocation sites (costly).
    user_roots: directories whose files are the user's code (sites there are preferred).
    collect_per_step: disable automatic collection and collect once per step instead.
    freeze_at_first_step: gc.freeze() at the first step (model and data set up by then).
    """

    def __init__(self, *, observe_cycles=True, trace_alloc=False, user_roots=(), collect_per_step=False,
                 freeze_at_first_step=False, track_steps=True):
        self.observe_cycles = observe_cycles
        self.trace_alloc = trace_alloc
        self.collect_per_step = collect_per_step
        self.freeze_at_first_step = freeze_at_first_step
        self.sites = SiteFinder(user_roots or [sys.path[0] or "."])
        self.stats = GcStats()
        self.cycles = {}
        self.collections = 0
        self.acyclic = {"objects": 0, "bytes": 0, "tensor_bytes": {}}
        self.walked_objects = 0
        self.observer_ns = 0
        self.walk_ns = 0
        self.errors = []
        self.steps_seen = 0
        self._steps = OptimizerSteps(self.mark_step) if track_steps else None
        self._active = False
        self._pause_start = 0
        self._saved_debug = None
        self._garbage_base = 0
        self._started_tracemalloc = False
        self._gc_was_enabled = True

    # -- lifetime -------------------------------------------------------------------------------
    def start(self):
        if self._active:
            return self
        self._active = True
        self.stats = GcStats()
        if self.trace_alloc and not tracemalloc.is_tracing():
            tracemalloc.start(25)
            self._started_tracemalloc = True
        if self._steps is not None:
            self._steps.try_install()
        self._gc_was_enabled = gc.isenabled()
        if self.collect_per_step:
            gc.disable()
        gc.callbacks.append(self._on_gc)
        return self

    def stop(self, final_collection=False):
        if not self._active:
            return self
        if final_collection:
            gc.collect()
        try:
            gc.callbacks.remove(self._on_gc)
        except ValueError:
            pass
        self._active = False
        self.stats.stop()
        if self._steps is not None:
            self._steps.uninstall()
        if self.collect_per_step and self._gc_was_enabled:
            gc.enable()
        if self._started_tracemalloc:
            tracemalloc.stop()
        return self

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False

    def mark_step(self):
        """One training step ended (called automatically after every optimizer step)."""
        self.steps_seen += 1
        if self.freeze_at_first_step and self.steps_seen == 1:
            # Before the step is marked: the one-off collection is set-up (the untimed first step), not a
            # cost of the second step. On a heap with torch and CUDA loaded it takes over 100 ms.
            gc.collect()
            gc.freeze()
        self.stats.step()
        if self.collect_per_step:
            gc.collect()

    # -- the collector callback -----------------------------------------------------------------
    def _on_gc(self, phase, info):
        if phase == "start":
            if self.observe_cycles:
                self._saved_debug = gc.get_debug()
                self._garbage_base = len(gc.garbage)
                if not self._saved_debug & gc.DEBUG_SAVEALL:
                    gc.set_debug(self._saved_debug | gc.DEBUG_SAVEALL)
            self._pause_start = time.perf_counter_ns()
            return
        pause = time.perf_counter_ns() - self._pause_start
        began = time.perf_counter_ns()
        self.collections += 1
        self.stats.record(info["generation"], pause, info["collected"], info["uncollectable"])
        if self._steps is not None and not self._steps.installed:
            self._steps.try_install()
        if not self.observe_cycles or self._saved_debug is None:
            return
        user_saveall = bool(self._saved_debug & gc.DEBUG_SAVEALL)
        if not user_saveall:
            gc.set_debug(self._saved_debug)
        if len(gc.garbage) > self._garbage_base:
            try:
                self._take_garbage(user_saveall)
            except Exception as exc:  # never break the user's program from inside the collector
                self.errors.append("%s: %s" % (type(exc).__name__, exc))
        self.observer_ns += time.perf_counter_ns() - began

    def _take_garbage(self, user_saveall):
        objs = gc.garbage[self._garbage_base:]
        # Objects the collector could not free (legacy tp_del finalisers) stay in gc.garbage, as
        # they would without us; so does everything when the user asked for DEBUG_SAVEALL.
        keep = user_saveall or walker.any_legacy_finalizer(objs)
        if not keep:
            del gc.garbage[self._garbage_base:]
        try:
            self._record(objs)
        finally:
            if not keep:
                walker.release(objs)
            objs = None

    def _record(self, objs):
        began = time.perf_counter_ns()
        result = walker.walk(objs, tensors.tensor_type(), True, 40)
        self.walk_ns += time.perf_counter_ns() - began
        self.walked_objects += len(objs)
        seen_at = {"collection": self.collections, "step": self.steps_seen,
                   "time_s": round((time.perf_counter_ns() - self.stats.started_ns) / 1e9, 3)}
        for group in result["groups"]:
            record = self.cycles.get(group["signature"])
            if record is None:
                record = RuntimeCycle(len(self.cycles) + 1, group, self.sites, seen_at)
                self.cycles[group["signature"]] = record
            record.add(group, tensors.storage_bytes(group["tensors"]))
        acyclic = result["acyclic"]
        self.acyclic["objects"] += acyclic["objects"]
        self.acyclic["bytes"] += acyclic["bytes"]
        for device, n in tensors.storage_bytes(acyclic["tensors"]).items():
            self.acyclic["tensor_bytes"][device] = self.acyclic["tensor_bytes"].get(device, 0) + n

    # -- results --------------------------------------------------------------------------------
    def cycle_records(self):
        return list(self.cycles.values())

    def summary(self):
        gc_summary = self.stats.summary()
        return {
            "core": walker.KIND,
            "core_note": None if walker.KIND == "compiled" else
            "compiled core not loadable in this interpreter (%s); pure-Python walker used" % walker.LOAD_ERROR,
            "tensor_sizing": tensors.sizing_kind(),
            "collections_observed": self.collections,
            "objects_walked": self.walked_objects,
            "walk_ms": self.walk_ns / 1e6,
            "observer_ms": self.observer_ns / 1e6,
            "acyclic_garbage": self.acyclic,
            "errors": self.errors,
            "gc": gc_summary,
        }


_default = None


def start(**options):
    """Starts a process-wide monitor (see Monitor for the options) and returns it."""
    global _default
    if _default is None:
        _default = Monitor(**options)
    return _default.start()


def stop():
    if _default is not None:
        _default.stop()
    return _default


def mark_step():
    """Marks the end of a training step for the process-wide monitor."""
    if _default is not None:
        _default.mark_step()
