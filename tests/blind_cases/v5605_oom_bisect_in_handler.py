"""Trainer that bisects a batch whenever the forward/backward pass runs out of memory."""
import torch
import torch.nn as nn

CONFIG = {"epochs": 2, "steps": 4, "batch_size": 48, "row_budget": 20, "lr": 0.05, "min_rows": 4}


class BudgetedMLP(nn.Module):
    def __init__(self, dim, hidden, row_budget):
        super().__init__()
        self.row_budget = row_budget
        self.body = nn.Sequential(nn.Linear(dim, hidden), nn.SiLU(), nn.Linear(hidden, hidden), nn.SiLU())
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x)
        if h.shape[0] > self.row_budget:
            raise torch.cuda.OutOfMemoryError(f"CUDA out of memory: {h.shape[0]} rows x {h.shape[1]} features")
        return self.head(h)


class BisectingTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        self.events = []

    def _accumulate(self, x, y, total_rows):
        try:
            out = self.model(x)
            loss = nn.functional.mse_loss(out, y, reduction="sum") / total_rows
            loss.backward()
            return loss.item()
        except torch.cuda.OutOfMemoryError as oom:
            if x.shape[0] <= self.cfg["min_rows"]:
                raise
            self.events.append(f"split {x.shape[0]} rows: {str(oom).splitlines()[0]}")
            half = x.shape[0] // 2
            left = self._accumulate(x[:half], y[:half], total_rows)
            right = self._accumulate(x[half:], y[half:], total_rows)
            return left + right

    def step(self, x, y):
        self.opt.zero_grad()
        loss = self._accumulate(x, y, x.shape[0])
        self.opt.step()
        return loss

    def fit(self):
        history = []
        for epoch in range(self.cfg["epochs"]):
            for _ in range(self.cfg["steps"]):
                x = torch.randn(self.cfg["batch_size"], 12)
                y = x[:, :1] * 0.5 + 0.1 * torch.randn(self.cfg["batch_size"], 1)
                history.append(self.step(x, y))
        return history


def main():
    model = BudgetedMLP(12, 32, CONFIG["row_budget"])
    trainer = BisectingTrainer(model, CONFIG)
    history = trainer.fit()
    print(f"final loss {history[-1]:.4f} after {len(history)} steps, {len(trainer.events)} splits")
    print(trainer.events[0])


if __name__ == "__main__":
    main()
