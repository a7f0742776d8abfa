"""Dynamic batcher over an O(1)-cancellable FIFO of pending inference requests."""
import random

import torch
import torch.nn as nn

CONFIG = {"features": 16, "hidden": 32, "classes": 3, "max_batch": 4, "deadline_ms": 40.0,
          "arrivals_per_tick": 5, "ticks": 4}


class PendingRequest:
    def __init__(self, rid, inputs, deadline_ms):
        self.rid = rid
        self.inputs = inputs
        self.deadline_ms = deadline_ms
        self.prev = None
        self.next = None
        self.result = None


class RequestFIFO:
    def __init__(self):
        self.head = None
        self.tail = None
        self.size = 0
        self._index = {}

    def push(self, req):
        req.prev = self.tail  # cycle
        if self.tail is None:
            self.head = req
        else:
            self.tail.next = req  # cycle
        self.tail = req
        self._index[req.rid] = req
        self.size += 1

    def cancel(self, rid):
        req = self._index.pop(rid, None)
        if req is None:
            return False
        if req.prev is not None:
            req.prev.next = req.next
        else:
            self.head = req.next
        if req.next is not None:
            req.next.prev = req.prev
        else:
            self.tail = req.prev
        req.prev = req.next = None
        self.size -= 1
        return True

    def pop_front(self):
        req = self.head
        self.head = req.next
        if self.head is None:
            self.tail = None
        del self._index[req.rid]
        self.size -= 1
        return req

    def expired(self, now_ms):
        return [rid for rid, req in self._index.items() if req.deadline_ms < now_ms]


class DynamicBatcher:
    def __init__(self, model, max_batch):
        self.model = model.eval()
        self.max_batch = max_batch
        self.fifo = RequestFIFO()
        self.completed = []
        self.timed_out = 0

    def submit(self, req):
        self.fifo.push(req)

    def tick(self, now_ms):
        for rid in self.fifo.expired(now_ms):
            self.timed_out += self.fifo.cancel(rid)
        while self.fifo.size:
            batch = [self.fifo.pop_front() for _ in range(min(self.max_batch, self.fifo.size))]
            with torch.no_grad():
                probs = self.model(torch.stack([r.inputs for r in batch])).softmax(-1)
            for req, p in zip(batch, probs):
                req.result = p
            self.completed.extend(batch)


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    model = nn.Sequential(nn.Linear(CONFIG["features"], CONFIG["hidden"]), nn.ReLU(),
                          nn.Linear(CONFIG["hidden"], CONFIG["classes"]))
    batcher = DynamicBatcher(model, CONFIG["max_batch"])
    rid = 0
    for tick in range(CONFIG["ticks"]):
        now_ms = tick * 25.0
        for _ in range(CONFIG["arrivals_per_tick"]):
            deadline = now_ms + rng.choice([5.0, CONFIG["deadline_ms"]])
            batcher.submit(PendingRequest(rid, torch.randn(CONFIG["features"]), deadline))
            rid += 1
        batcher.tick(now_ms + 10.0)
    confident = sum(1 for r in batcher.completed if float(r.result.max()) > 0.5)
    print(f"completed {len(batcher.completed)}, timed out {batcher.timed_out}, confident {confident}")


if __name__ == "__main__":
    main()
