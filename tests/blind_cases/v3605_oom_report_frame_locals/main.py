"""Train with automatic batch-size back-off when a step exceeds the memory budget."""
import torch
import torch.nn as nn

from memreport import format_report, largest_locals


class MemoryBudgetExceeded(RuntimeError):
    pass


class BackoffTrainer:
    def __init__(self, model, lr=1e-3, budget_mb=0.5):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.budget = budget_mb * 2 ** 20
        self.reports = []

    def _step(self, inputs, targets):
        hidden = self.model[0](inputs)
        activations = torch.relu(hidden)
        if activations.element_size() * activations.nelement() * 4 > self.budget:
            raise MemoryBudgetExceeded(f"step needs more than {self.budget / 2 ** 20:.1f} MiB")
        loss = nn.functional.cross_entropy(self.model[2](activations), targets)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, data, targets, batch_size, epochs=2):
        losses = []
        for epoch in range(epochs):
            start = 0
            while start < len(data):
                x, y = data[start:start + batch_size], targets[start:start + batch_size]
                try:
                    losses.append(self._step(x, y))
                except MemoryBudgetExceeded as exc:
                    rows = largest_locals(stack_depth=2)
                    self.reports.append(format_report(rows, f"epoch {epoch}: {exc}"))
                    batch_size //= 2
                    continue
                start += batch_size
        return losses, batch_size


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 1024), nn.ReLU(), nn.Linear(1024, 10))
    data, targets = torch.randn(512, 64), torch.randint(0, 10, (512,))
    trainer = BackoffTrainer(model)
    losses, final_bs = trainer.fit(data, targets, batch_size=256)
    print("\n".join(trainer.reports))
    print(f"{len(losses)} steps, final batch size {final_bs}, last loss {losses[-1]:.3f}")


if __name__ == "__main__":
    main()
