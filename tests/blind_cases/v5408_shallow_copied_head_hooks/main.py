"""Sweep over head types; a calibration monitor watches each run's logits."""
import torch
import torch.nn as nn

from heads import FEATURE_DIM, NUM_CLASSES, build_head

SWEEP = [{"head": "mlp", "lr": 3e-3}, {"head": "linear", "lr": 1e-2}, {"head": "mlp", "lr": 1e-3}]


class CalibrationMonitor:
    def __init__(self, bins=5):
        self.bins = bins
        self.confidences = []
        self.last_confidence = None

    def on_logits(self, module, inputs, logits):
        conf = logits.softmax(dim=-1).amax(dim=-1)
        self.last_confidence = conf  # retain
        self.confidences.append(conf.mean().item())

    def summary(self):
        return sum(self.confidences) / max(len(self.confidences), 1)


class Classifier(nn.Module):
    def __init__(self, head_kind):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(12, FEATURE_DIM), nn.ReLU(), nn.LayerNorm(FEATURE_DIM))
        self.head = build_head(head_kind)

    def forward(self, x):
        return self.head(self.backbone(x))


def run(cfg, steps=4):
    model = Classifier(cfg["head"])
    monitor = CalibrationMonitor()
    model.head.register_forward_hook(monitor.on_logits)  # retain
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(steps):
        x, y = torch.randn(16, 12), torch.randint(0, NUM_CLASSES, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), monitor.summary()


def main():
    for cfg in SWEEP:
        loss, conf = run(cfg)
        print(f"{cfg['head']:>6} lr={cfg['lr']:.0e}: loss {loss:.3f}, mean confidence {conf:.3f}")


if __name__ == "__main__":
    main()
