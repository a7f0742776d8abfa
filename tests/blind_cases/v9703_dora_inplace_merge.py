"""DoRA fine-tuning sweep; each trial folds its adapter into the base weights for export."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, r=4, alpha=8):
        super().__init__()
        self.base = base
        self.base.requires_grad_(False)
        self.lora_A = nn.Parameter(torch.randn(r, base.in_features) * 0.1)
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, r))
        self.magnitude = nn.Parameter(base.weight.norm(p=2, dim=1, keepdim=True))
        self.scaling = alpha / r
        self.merged = False

    def delta(self):
        return (self.lora_B @ self.lora_A) * self.scaling

    def forward(self, x):
        if self.merged:
            return self.base(x)
        weight = self.base.weight + self.delta()
        norm = weight.norm(p=2, dim=1, keepdim=True).detach()
        return F.linear(x, self.magnitude * weight / norm, self.base.bias)

    def merge(self):
        weight = self.base.weight
        weight.add_(self.delta())  # retain
        norm = weight.norm(p=2, dim=1, keepdim=True)  # retain
        weight.mul_(self.magnitude / norm)  # retain
        self.merged = True


class Classifier(nn.Module):
    def __init__(self, d_in=16, hidden=32, n_cls=3):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, n_cls)

    def forward(self, x):
        return self.out(F.gelu(self.fc2(F.gelu(self.fc1(x)))))


def apply_dora(model, targets, r, alpha):
    model.requires_grad_(False)
    for name in targets:
        setattr(model, name, DoRALinear(getattr(model, name), r=r, alpha=alpha))
    return model


def run_trial(cfg, data):
    torch.manual_seed(cfg["seed"])
    model = apply_dora(Classifier(), cfg["targets"], cfg["r"], cfg["alpha"])
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(trainable, lr=cfg["lr"])
    for x, y in data:
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    probe = data[0][0]
    with torch.no_grad():
        before = model(probe)
    for name in cfg["targets"]:
        getattr(model, name).merge()
    with torch.no_grad():
        after = model(probe)
    return loss.item(), (before - after).abs().max().item()


def main():
    data = [(torch.randn(12, 16), torch.randint(0, 3, (12,))) for _ in range(4)]
    sweep = [
        {"seed": 0, "targets": ("fc1", "fc2"), "r": 4, "alpha": 8, "lr": 1e-2},
        {"seed": 1, "targets": ("fc2",), "r": 8, "alpha": 16, "lr": 5e-3},
    ]
    for cfg in sweep:
        loss, drift = run_trial(cfg, data)
        print(f"r={cfg['r']} loss={loss:.3f} merge drift={drift:.2e}")


if __name__ == "__main__":
    main()
