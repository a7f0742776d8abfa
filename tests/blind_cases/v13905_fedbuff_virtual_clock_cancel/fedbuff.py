"""FedBuff: asynchronous clients, the server applies a buffered, staleness-weighted update."""
import copy
import math
import random

import torch

from events import CLOCK


class LocalJob:
    def __init__(self, cid, model, base_version, lr):
        self.cid = cid
        self.model = model
        self.base_version = base_version
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.delta = None


class FedBuffServer:
    def __init__(self, model, clients, cfg, seed=0):
        self.model = model
        self.clients = {c.cid: c for c in clients}
        self.cfg = cfg
        self.rng = random.Random(seed)
        self.version = 0
        self.buffer = []
        self.log = []
        self.dropped_in_flight = 0

    def dispatch(self, cid):
        job = LocalJob(cid, copy.deepcopy(self.model), self.version, self.cfg["client_lr"])
        client = self.clients[cid]
        client.train(job, self.cfg["local_steps"])
        CLOCK.schedule(client.latency * self.rng.uniform(0.5, 1.5), job)

    @torch.no_grad()
    def apply_buffer(self):
        scale = self.cfg["server_lr"] / len(self.buffer)
        for delta, weight in self.buffer:
            for p, d in zip(self.model.parameters(), delta):
                p.add_(d, alpha=scale * weight)
        self.buffer.clear()
        self.version += 1
        self.log.append((self.version, CLOCK.now))

    def run(self):
        busy = set(self.rng.sample(sorted(self.clients), self.cfg["concurrency"]))
        try:
            for cid in busy:
                self.dispatch(cid)
            while self.version < self.cfg["target_version"]:
                job = CLOCK.next_event()
                busy.discard(job.cid)
                staleness = self.version - job.base_version
                self.buffer.append((job.delta, 1.0 / math.sqrt(1.0 + staleness)))
                if len(self.buffer) == self.cfg["buffer_size"]:
                    self.apply_buffer()
                idle = sorted(set(self.clients) - busy)
                nxt = self.rng.choice(idle)
                busy.add(nxt)
                self.dispatch(nxt)
        finally:
            self.dropped_in_flight = CLOCK.pending()
            CLOCK.cancel_all()
        return self.log
