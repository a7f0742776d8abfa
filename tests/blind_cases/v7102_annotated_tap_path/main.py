"""Linear-probe sweep over the stages of a freshly loaded, frozen backbone (taps named by path)."""
import torch
import torch.nn as nn

from taps import check_features, tap_of, tapped

CONFIG = {"num_classes": 4, "steps": 4, "batch_size": 8, "lr": 1e-2, "seeds": (0, 1, 2)}


def conv_stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class Backbone(nn.Module):
    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(conv_stage(a, b) for a, b in zip(chans[:-1], chans[1:]))
        self.widths = widths

    def freeze(self):
        self.eval()
        for p in self.parameters():
            p.requires_grad_(False)
        return self

    @torch.no_grad()
    def run_until(self, path, x):
        stage = self.get_submodule(path)
        for block in self.stages:
            x = block(x)
            if block is stage:
                return x.mean(dim=(2, 3))
        raise KeyError(path)


class LinearProbe(nn.Module):
    def __init__(self, backbone, stage_idx, num_classes):
        super().__init__()
        width = backbone.widths[stage_idx]
        self.input_spec = tapped(f"stages.{stage_idx}", width)
        self.norm = nn.LayerNorm(width)
        self.fc = nn.Linear(width, num_classes)

    def forward(self, backbone, images):
        path, _ = tap_of(self.input_spec)
        feats = backbone.run_until(path, images)
        return self.fc(self.norm(check_features(self.input_spec, feats)))


def probe_run(seed, cfg):
    torch.manual_seed(seed)
    backbone = Backbone().freeze()
    probes = [LinearProbe(backbone, i, cfg["num_classes"]) for i in range(len(backbone.stages))]
    opt = torch.optim.AdamW([p for probe in probes for p in probe.parameters()], lr=cfg["lr"])
    for step in range(cfg["steps"]):
        images = torch.randn(cfg["batch_size"], 3, 16, 16)
        labels = torch.randint(0, cfg["num_classes"], (cfg["batch_size"],))
        loss = sum(nn.functional.cross_entropy(p(backbone, images), labels) for p in probes)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        images = torch.randn(16, 3, 16, 16)
        labels = torch.randint(0, cfg["num_classes"], (16,))
        return [float((p(backbone, images).argmax(1) == labels).float().mean()) for p in probes]


def main():
    table = {seed: probe_run(seed, CONFIG) for seed in CONFIG["seeds"]}
    for seed, accs in table.items():
        print(seed, " ".join(f"{a:.2f}" for a in accs))


if __name__ == "__main__":
    main()
