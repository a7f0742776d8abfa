"""Gradient-accumulation trainer that backs off its micro-batch size after an out-of-memory error."""
import torch
import torch.nn as nn

from retrying import Retrying

CONFIG = {
    "batch_size": 64,
    "micro_batch": 64,
    "min_micro_batch": 8,
    "memory_budget": 20,
    "steps": 5,
    "lr": 1e-3,
}


class SimulatedAllocator:
    def __init__(self, budget_rows):
        self.budget_rows = budget_rows

    def check(self, rows):
        if rows > self.budget_rows:
            raise torch.cuda.OutOfMemoryError(f"tried to allocate activations for {rows} rows")


class AccumulatingTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.allocator = SimulatedAllocator(cfg["memory_budget"])
        self.micro_batch = cfg["micro_batch"]
        self.backoffs = 0

    def _shrink(self, state):
        self.micro_batch = max(self.cfg["min_micro_batch"], self.micro_batch // 2)
        self.backoffs += 1

    def _accumulate(self, x, y):
        self.opt.zero_grad()
        total = 0.0
        for xs, ys in zip(x.split(self.micro_batch), y.split(self.micro_batch)):
            self.allocator.check(xs.shape[0])
            loss = nn.functional.mse_loss(self.model(xs), ys) * xs.shape[0] / x.shape[0]
            loss.backward()
            total += loss.item()
        return total

    def train_step(self, x, y):
        retry = Retrying(retry_on=(torch.cuda.OutOfMemoryError,), max_attempts=4, before_retry=self._shrink)
        for attempt in retry:
            with attempt:
                loss = self._accumulate(x, y)
        self.opt.step()
        return loss


def main():
    model = nn.Sequential(nn.Linear(16, 48), nn.ReLU(), nn.Linear(48, 1))
    trainer = AccumulatingTrainer(model, CONFIG)
    for step in range(CONFIG["steps"]):
        x = torch.randn(CONFIG["batch_size"], 16)
        y = torch.randn(CONFIG["batch_size"], 1)
        loss = trainer.train_step(x, y)
        print(f"step {step}: loss {loss:.4f} micro_batch {trainer.micro_batch}")
    print("backoffs:", trainer.backoffs)


if __name__ == "__main__":
    main()
