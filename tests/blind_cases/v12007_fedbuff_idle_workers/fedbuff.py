"""Buffered asynchronous aggregation (FedBuff) with one worker thread per simulated client."""
import math
import queue
import threading

import torch
import torch.nn.functional as F


class ClientWorker(threading.Thread):
    def __init__(self, cid, x, y, model, outbox, cfg):
        super().__init__(name=f"client-{cid}", daemon=True)
        self.cid = cid
        self.x, self.y = x, y
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        self.inbox = queue.Queue()
        self.outbox = outbox
        self.cfg = cfg

    def run(self):
        while True:
            msg = self.inbox.get()
            if msg is None:
                break
            version, state = msg
            self.model.load_state_dict(state)
            for _ in range(self.cfg["local_steps"] + self.cid % 3):
                idx = torch.randint(0, len(self.x), (self.cfg["batch_size"],))
                loss = F.cross_entropy(self.model(self.x[idx]), self.y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            new_state = self.model.state_dict()
            delta = {k: new_state[k] - state[k] for k in state}
            self.outbox.put((self.cid, version, delta, loss.item()))


class FedBuffServer:
    def __init__(self, model, workers, outbox, cfg):
        self.model = model
        self.workers = {w.cid: w for w in workers}
        self.outbox = outbox
        self.cfg = cfg
        self.version = 0

    def _dispatch(self, worker):
        state = {k: v.clone() for k, v in self.model.state_dict().items()}
        worker.inbox.put((self.version, state))

    def _apply(self, buffer):
        total = sum(w for w, _ in buffer)
        with torch.no_grad():
            for name, p in self.model.named_parameters():
                p.add_(self.cfg["server_lr"] * sum(w * d[name] for w, d in buffer) / total)
        self.version += 1

    def run(self, target_updates):
        for worker in self.workers.values():
            worker.start()  # retain
            self._dispatch(worker)
        in_flight, received, buffer, losses = len(self.workers), 0, [], []
        while received < target_updates:
            cid, version, delta, loss = self.outbox.get(timeout=30)
            in_flight -= 1
            received += 1
            losses.append(loss)
            buffer.append((1.0 / math.sqrt(1 + self.version - version), delta))
            if len(buffer) == self.cfg["buffer_size"]:
                self._apply(buffer)
                buffer = []
            if received + in_flight < target_updates:
                self._dispatch(self.workers[cid])
                in_flight += 1
        while in_flight:
            self.outbox.get(timeout=30)
            in_flight -= 1
        return losses
