"""Runtime companion benchmark (not a timed test).

1. Overhead: a small CNN trained on random data for a few hundred steps, in one process, with and
   without the companion's monitor (rounds alternate so drift hits both), mean step time of each.
2. Walk: a million objects of cyclic garbage walked by the compiled core (edges, labels, SCCs,
   grouping) against the same walk in pure Python (the companion's fallback walker, and a walk with
   objgraph's own edge labelling over gc.get_referents).

    PYTHONPATH=build-runtime/python /usr/bin/python3 bench/runtime_overhead.py [--steps 300] [--objects 1000000]
"""
import argparse
import gc
import os
import sys
import time


class StepRecord:
    """Per-step bookkeeping with a bound method of itself: one small cycle per step, so collections
    (and the companion's walks) happen during the loop as in real training code."""

    def __init__(self, loss):
        self.loss = loss
        self.log = self.write

    def write(self):
        return self.loss


def train(steps, cycles_per_step=1):
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten(), nn.Linear(32, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    data = torch.randn(32, 3, 32, 32)
    target = torch.randint(0, 10, (32,))
    times = []
    for _ in range(steps):
        t0 = time.perf_counter()
        loss = nn.functional.cross_entropy(model(data), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        for _ in range(cycles_per_step):
            StepRecord(loss.item())
        times.append(time.perf_counter() - t0)
    return times


def overhead(steps, rounds, cycles_per_step):
    import torch
    torch.set_num_threads(1)
    from cyclecheck_runtime import Monitor
    train(20)  # warm-up
    base, observed = [], []
    monitor = None
    for r in range(rounds):
        for with_monitor in ((False, True) if r % 2 == 0 else (True, False)):
            if with_monitor:
                monitor = Monitor(user_roots=[os.path.dirname(os.path.abspath(__file__))])
                with monitor:
                    observed += train(steps, cycles_per_step)
            else:
                base += train(steps, cycles_per_step)
    mb = sorted(base)[len(base) // 2] * 1e3
    mo = sorted(observed)[len(observed) // 2] * 1e3
    ab, ao = sum(base) / len(base) * 1e3, sum(observed) / len(observed) * 1e3
    s = monitor.summary()
    print("overhead: %d steps x %d rounds, CNN on 32x3x32x32 random batches, 1 thread, %d cycle(s) per step"
          % (steps, rounds, cycles_per_step))
    print("  without companion: mean %.3f ms/step, median %.3f ms" % (ab, mb))
    print("  with companion:    mean %.3f ms/step, median %.3f ms" % (ao, mo))
    print("  overhead: mean %+.2f%%, median %+.2f%% (last monitored round: %d collections, %d objects walked, "
          "observer %.1f ms)" % (100 * (ao / ab - 1), 100 * (mo / mb - 1), s["collections_observed"],
                                  s["objects_walked"], s["observer_ms"]))


class Node:
    def __init__(self):
        self.next_link = None
        self.payload = None


def make_garbage(n_objects):
    gc.disable()
    gc.collect()
    ring = 4
    for _ in range(n_objects // ring):
        nodes = [Node() for _ in range(ring)]
        for i in range(ring):
            nodes[i].next_link = nodes[(i + 1) % ring]
        del nodes
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    gc.set_debug(0)
    garbage = list(gc.garbage)
    del gc.garbage[:]
    return garbage


def objgraph_walk(objects):
    """The same graph in pure Python with objgraph's edge labels, then Tarjan from the fallback walker."""
    import objgraph
    from cyclecheck_runtime import pywalker
    index = {id(o): i for i, o in enumerate(objects)}
    adjacency = []
    for o in objects:
        edges = []
        for r in gc.get_referents(o):
            j = index.get(id(r))
            if j is not None:
                edges.append((j, objgraph._edge_label(o, r)))
        adjacency.append(edges)
    comps = pywalker.components(adjacency)
    return sum(1 for c in comps if len(c) > 1)


def walk(n_objects):
    from cyclecheck_runtime import _core, pywalker
    garbage = make_garbage(n_objects)
    print("walk: %d objects of cyclic garbage (%d rings of 4 instances)" % (len(garbage), len(garbage) // 4))
    # objgraph first: the other two read instance dicts, which CPython 3.11 then materialises.
    t0 = time.perf_counter()
    n = objgraph_walk(garbage)
    t_og = time.perf_counter() - t0
    t0 = time.perf_counter()
    py = pywalker.walk(garbage)
    t_py = time.perf_counter() - t0
    n_py = py["groups"][0]["count"]
    del py
    t0 = time.perf_counter()
    result = _core.walk(garbage)
    t_core = time.perf_counter() - t0
    [group] = result["groups"]
    print("  compiled core:        %7.3f s  (%d cycles in %d shape; graph %.3f s, SCC %.3f s, groups %.3f s)" % (
        t_core, group["count"], len(result["groups"]), result["timings_ns"]["graph"] / 1e9,
        result["timings_ns"]["scc"] / 1e9, result["timings_ns"]["groups"] / 1e9))
    print("  pure-Python walker:   %7.3f s  (%d cycles)  %.0fx the core" % (t_py, n_py, t_py / t_core))
    print("  objgraph labels+SCC:  %7.3f s  (%d cycles)  %.0fx the core" % (t_og, n, t_og / t_core))
    del result, group
    _core.release(garbage)
    del garbage
    gc.enable()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=300)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--objects", type=int, default=1_000_000)
    p.add_argument("--cycles-per-step", type=int, default=20)
    p.add_argument("--skip-overhead", action="store_true")
    p.add_argument("--skip-walk", action="store_true")
    a = p.parse_args()
    if not a.skip_overhead:
        overhead(a.steps, a.rounds, a.cycles_per_step)
    if not a.skip_walk:
        walk(a.objects)


if __name__ == "__main__":
    sys.exit(main())
