"""One worker per deployed model version: a request queue, warm-up and batched inference."""
import collections

import torch
import torch.nn as nn

from metrics import MODEL_READY, QUEUE_DEPTH


class ModelWorker:
    def __init__(self, name, version, cfg):
        self.name = name
        self.version = version
        self.max_batch = cfg["max_batch"]
        self.model = nn.Sequential(
            nn.Linear(cfg["features"], cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], cfg["classes"])
        ).eval()
        self.pending = collections.deque()
        QUEUE_DEPTH.labels(model=name, version=version).set_function(self.queue_depth)
        MODEL_READY.labels(model=name, version=version).set(0)

    def queue_depth(self):
        return len(self.pending)

    def warm_up(self, example, rounds=2):
        with torch.no_grad():
            for _ in range(rounds):
                self.model(example.unsqueeze(0).expand(self.max_batch, -1))
        MODEL_READY.labels(model=self.name, version=self.version).set(1)

    def enqueue(self, features):
        self.pending.append(features)

    def drain(self):
        labels = []
        while self.pending:
            batch = [self.pending.popleft() for _ in range(min(self.max_batch, len(self.pending)))]
            with torch.no_grad():
                labels.extend(self.model(torch.stack(batch)).argmax(-1).tolist())
        return labels

    def shutdown(self):
        self.pending.clear()
        MODEL_READY.labels(model=self.name, version=self.version).set(0)
