"""Per-checkpoint evaluation that writes scalar events through a small event writer."""
import io
import json
import queue
import threading
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class EventWriter:
    """Queue scalar events; a background flusher takes over once the queue gets long."""

    def __init__(self, logdir, max_queue=256, flush_secs=30.0):
        self.logdir = logdir
        self.max_queue = max_queue
        self.flush_secs = flush_secs
        self._events = queue.Queue()
        self._sink = io.StringIO()
        self._written = 0
        self._closed = False
        self._flusher = threading.Thread(target=self._flush_loop, name=f"events:{logdir}", daemon=True)  # cycle

    def add_scalar(self, tag, value, step):
        if self._closed:
            raise RuntimeError(f"writer for {self.logdir} is closed")
        self._events.put({"tag": tag, "value": float(value), "step": step, "wall_time": time.time()})
        if self._events.qsize() >= self.max_queue and not self._flusher.is_alive():
            self._flusher.start()

    def add_scalars(self, main_tag, values, step):
        for name, value in values.items():
            self.add_scalar(f"{main_tag}/{name}", value, step)

    def _write(self, event):
        self._sink.write(json.dumps(event) + "\n")
        self._written += 1

    def _flush_loop(self):
        while True:
            event = self._events.get()
            if event is None:
                break
            self._write(event)

    def flush(self):
        while True:
            try:
                event = self._events.get_nowait()
            except queue.Empty:
                break
            if event is not None:
                self._write(event)

    def close(self):
        if self._flusher.is_alive():
            self._events.put(None)
            self._flusher.join()
        self.flush()
        self._closed = True


def make_classifier():
    return nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4),
                         nn.Flatten(), nn.Linear(128, 10))


@torch.no_grad()
def evaluate(model, batches, writer, step):
    model.eval()
    correct, seen, total_loss = 0, 0, 0.0
    for x, y in batches:
        logits = model(x)
        total_loss += F.cross_entropy(logits, y, reduction="sum").item()
        correct += (logits.argmax(1) == y).sum().item()
        seen += len(y)
    writer.add_scalars("eval", {"loss": total_loss / seen, "acc": correct / seen}, step)
    return correct / seen


def main():
    model = make_classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    val = [(torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))) for _ in range(2)]
    for ckpt in range(3):
        model.train()
        for _ in range(3):
            x, y = torch.randn(16, 1, 12, 12), torch.randint(0, 10, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        writer = EventWriter(f"runs/eval/ckpt{ckpt}")
        evaluate(model, val, writer, step=ckpt)
        writer.close()


if __name__ == "__main__":
    main()
