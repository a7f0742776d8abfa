"""Soft magnitude pruning: gradients of small weights are damped by a sigmoid gate before each step."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"target_sparsity": 0.6, "temperature": 40.0, "epochs": 2, "steps": 4, "lr": 0.05}


class SoftGradGate:
    """Scales every prunable weight's gradient by sigmoid(T * (|w| - tau))."""

    def __init__(self, model, target_sparsity, temperature):
        self.params = [m.weight for m in model.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
        self.target_sparsity = target_sparsity
        self.temperature = temperature
        self.thresholds = [0.0 for _ in self.params]

    @torch.no_grad()
    def update_thresholds(self):
        for i, w in enumerate(self.params):
            k = max(1, int(self.target_sparsity * w.numel()))
            self.thresholds[i] = float(w.abs().flatten().kthvalue(k).values)

    def gate(self, w, tau):
        return torch.sigmoid(self.temperature * (w.abs() - tau))

    def apply(self):
        for w, tau in zip(self.params, self.thresholds):
            if w.grad is not None:
                w.grad.mul_(self.gate(w, tau))  # retain

    @torch.no_grad()
    def sparsity(self):
        below = sum(int((w.abs() <= tau).sum()) for w, tau in zip(self.params, self.thresholds))
        return below / sum(w.numel() for w in self.params)


def build_model():
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(16, 10),
    )


def main():
    model = build_model()
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    gate = SoftGradGate(model, CFG["target_sparsity"], CFG["temperature"])
    stats = []
    for epoch in range(CFG["epochs"]):
        gate.update_thresholds()
        for _ in range(CFG["steps"]):
            x, y = torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            gate.apply()
            opt.step()
        stats.append({"epoch": epoch, "loss": loss.item(), "soft_sparsity": gate.sparsity()})
    return stats


if __name__ == "__main__":
    main()
