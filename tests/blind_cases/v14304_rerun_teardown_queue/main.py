"""Exported notebook: dropout ablation with a live activation-statistics panel per run."""
import torch
import torch.nn as nn

from cells import begin_run, on_next_run

ABLATION = {"dropouts": [0.0, 0.2, 0.5], "epochs": 2, "steps": 3, "batch_size": 16}


class ActivationMonitor:
    def __init__(self, model):
        self.model = model  # retain
        self.stats = {}
        self.handles = [
            m.register_forward_hook(self._record(name))
            for name, m in model.named_modules() if isinstance(m, nn.ReLU)
        ]

    def _record(self, name):
        def hook(module, inputs, output):
            self.stats[name] = (output > 0).float().mean().item()
        return hook

    def detach(self):
        for h in self.handles:
            h.remove()
        self.handles.clear()

    def panel(self):
        return "  ".join(f"{k}:{v:.2f}" for k, v in sorted(self.stats.items()))


def build(dropout):
    return nn.Sequential(
        nn.Linear(10, 32), nn.ReLU(), nn.Dropout(dropout),
        nn.Linear(32, 32), nn.ReLU(), nn.Dropout(dropout),
        nn.Linear(32, 3),
    )


def run(dropout):
    run_id = begin_run(f"dropout{dropout}")
    model = build(dropout)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    monitor = ActivationMonitor(model)
    on_next_run(monitor.detach)  # retain
    for epoch in range(ABLATION["epochs"]):
        for _ in range(ABLATION["steps"]):
            x = torch.randn(ABLATION["batch_size"], 10)
            y = torch.randint(0, 3, (ABLATION["batch_size"],))
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"{run_id} epoch {epoch} loss {loss.item():.3f} | {monitor.panel()}")
    return loss.item()


def main():
    torch.manual_seed(0)
    finals = [run(p) for p in ABLATION["dropouts"]]
    print("final losses:", ", ".join(f"{v:.3f}" for v in finals))


if __name__ == "__main__":
    main()
