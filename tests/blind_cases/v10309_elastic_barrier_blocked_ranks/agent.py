"""Elastic agent: runs generations of rank threads and scales down after a failure."""
import threading

from worker import RankWorker, SimGroup


class ElasticAgent:
    def __init__(self, cfg, faults):
        self.cfg = cfg
        self.faults = faults
        self.history = []

    def _monitor(self, group, threads, poll=0.02):
        while True:
            if group.failed.wait(timeout=poll):
                return False
            if not any(t.is_alive() for t in threads):
                return True

    def run_generation(self, gen, world_size):
        group = SimGroup(world_size)
        fault = self.faults.get(gen)
        workers = [RankWorker(r, group, self.cfg, fault[1] if fault and fault[0] == r else None)
                   for r in range(world_size)]
        threads = []
        for w in workers:
            t = threading.Thread(target=w.run, name=f"gen{gen}-rank{w.rank}", daemon=True)  # retain
            t.start()
            threads.append(t)
        ok = self._monitor(group, threads)
        if ok:
            for t in threads:
                t.join()
        self.history.append((gen, world_size, ok, list(group.errors)))
        return ok

    def run(self):
        world_size = self.cfg["max_world"]
        for gen in range(self.cfg["max_restarts"] + 1):
            if self.run_generation(gen, world_size):
                return gen
            world_size = max(self.cfg["min_world"], world_size - 1)
        raise RuntimeError("exceeded max_restarts")
