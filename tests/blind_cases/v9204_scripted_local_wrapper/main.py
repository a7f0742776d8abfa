"""Train two release candidates, calibrate them and export TorchScript bundles."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from calibration import collect_logits, fit_temperature
from export_utils import export_torchscript

LABELS = ["billing", "shipping", "returns", "other"]
CANDIDATES = [{"hidden": 16, "seed": 1}, {"hidden": 24, "seed": 2}]


class IntentMLP(nn.Module):
    def __init__(self, dim, hidden, num_labels):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, num_labels)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def batches(n, gen, batch=8, dim=12):
    for _ in range(n):
        x = torch.randn(batch, dim, generator=gen)
        yield x, (x[:, 0] > 0).long() + 2 * (x[:, 1] > 0).long()


def train_candidate(spec):
    gen = torch.Generator().manual_seed(spec["seed"])
    model = IntentMLP(12, spec["hidden"], len(LABELS))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for x, y in batches(12, gen):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    logits, labels = collect_logits(model, list(batches(4, gen)))
    temperature = fit_temperature(logits, labels)
    blob, mass = export_torchscript(model, LABELS, temperature, torch.randn(2, 12, generator=gen))
    return {"temperature": temperature, "bytes": len(blob), "prob_mass": mass.tolist()}


def main():
    for spec in CANDIDATES:
        report = train_candidate(spec)
        print("hidden=%d T=%.3f size=%d mass=%s" % (spec["hidden"], report["temperature"], report["bytes"], report["prob_mass"]))


if __name__ == "__main__":
    main()
