"""Gradient-accumulation trainer that splits a batch into smaller micro-batches
when a step runs out of memory, and keeps a log of every OOM event it hit so the
run summary can show where the memory pressure came from."""
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class SimulatedOOM(RuntimeError):
    pass


class AdaptiveMicroBatchTrainer:
    def __init__(self, model, lr=1e-3, max_tokens=2048, min_micro_bs=2):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)
        self.max_tokens = max_tokens
        self.min_micro_bs = min_micro_bs
        self.micro_bs = None
        self.oom_events = []
        self.step_times = []

    def _forward_backward(self, xb, yb, n_micro):
        # stands in for a CUDA allocator failure on large activations
        if xb.shape[0] * xb.shape[1] > self.max_tokens:
            raise SimulatedOOM(f"CUDA out of memory (micro batch {xb.shape[0]})")
        logits = self.model(xb)
        loss = F.cross_entropy(logits, yb) / n_micro
        loss.backward()
        return loss.item()

    def train_step(self, x, y):
        micro_bs = self.micro_bs or x.shape[0]
        while True:
            chunks = list(zip(x.split(micro_bs), y.split(micro_bs)))
            self.opt.zero_grad(set_to_none=True)
            try:
                total = 0.0
                for xb, yb in chunks:
                    total += self._forward_backward(xb, yb, len(chunks))
                break
            except SimulatedOOM:
                self.oom_events.append(sys.exc_info())  # cycle
                if micro_bs // 2 < self.min_micro_bs:
                    raise
                micro_bs //= 2
        self.micro_bs = micro_bs
        self.opt.step()
        return total

    def summary(self):
        return {
            "ooms": len(self.oom_events),
            "micro_bs": self.micro_bs,
            "mean_step_s": sum(self.step_times) / max(1, len(self.step_times)),
        }


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 128), nn.GELU(), nn.Linear(128, 10))
    trainer = AdaptiveMicroBatchTrainer(model)
    for step in range(4):
        x = torch.randn(64, 64)
        y = torch.randint(0, 10, (64,))
        t0 = time.perf_counter()
        loss = trainer.train_step(x, y)
        trainer.step_times.append(time.perf_counter() - t0)
        if step % 2 == 0:
            print(f"step {step} loss {loss:.4f}")
    print(trainer.summary())


if __name__ == "__main__":
    main()
