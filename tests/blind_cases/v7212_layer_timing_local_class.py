"""Per-variant latency breakdown: time the encoder and the head separately."""
import statistics
import time

import torch
import torch.nn as nn

VARIANTS = {
    "small": {"width": 32, "blocks": 1},
    "medium": {"width": 64, "blocks": 2},
    "large": {"width": 96, "blocks": 3},
}


def build(width, blocks, in_dim=24, num_classes=6):
    layers = [nn.Linear(in_dim, width), nn.GELU()]
    for _ in range(blocks):
        layers += [nn.Linear(width, width), nn.GELU()]
    encoder = nn.Sequential(*layers)
    return nn.ModuleDict({"encoder": encoder, "head": nn.Linear(width, num_classes)})


class LatencyRunner:
    def __init__(self, repeats=5):
        self.repeats = repeats
        self.samples = {}

    def profile(self, name, model, example):
        stage_times = self.samples.setdefault(name, {"encoder": [], "head": []})

        class Timed(nn.Module):  # cycle
            def __init__(self):  # cycle
                super().__init__()
                self.encoder = model["encoder"]
                self.head = model["head"]

            def forward(self, x):
                t0 = time.perf_counter()
                h = self.encoder(x)
                t1 = time.perf_counter()
                out = self.head(h)
                stage_times["encoder"].append(t1 - t0)
                stage_times["head"].append(time.perf_counter() - t1)
                return out

        timed = Timed().eval()
        with torch.no_grad():
            timed(example)
            for _ in range(self.repeats):
                timed(example)
        return {stage: statistics.median(v[1:]) * 1e6 for stage, v in stage_times.items()}


def main():
    torch.manual_seed(0)
    runner = LatencyRunner(repeats=5)
    example = torch.randn(16, 24)
    for name, cfg in VARIANTS.items():
        model = build(**cfg)
        breakdown = runner.profile(name, model, example)
        print(name, {k: f"{v:.1f}us" for k, v in breakdown.items()})


if __name__ == "__main__":
    main()
