"""Audio-visual event classifier trained with OGM-GE gradient modulation."""
import torch
import torch.nn.functional as F

from encoders import AVClassifier
from modulation import GradientModulator

CONFIG = {
    "n_classes": 6,
    "batch_size": 8,
    "epochs": 2,
    "steps_per_epoch": 3,
    "lr": 0.01,
    "alpha": 0.8,
    "modulation_starts": 0,
    "modulation_ends": 2,
}


def make_batch(cfg, gen):
    bs = cfg["batch_size"]
    spec = torch.randn(bs, 16, 20, generator=gen)
    frames = torch.randn(bs, 3, 8, 8, generator=gen)
    labels = torch.randint(0, cfg["n_classes"], (bs,), generator=gen)
    return spec, frames, labels


def train(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    model = AVClassifier(cfg["n_classes"])
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    modulator = GradientModulator(model, alpha=cfg["alpha"])
    for epoch in range(cfg["epochs"]):
        running = 0.0
        for _ in range(cfg["steps_per_epoch"]):
            spec, frames, labels = make_batch(cfg, gen)
            optimizer.zero_grad()
            out, out_a, out_v = model(spec, frames)
            loss = F.cross_entropy(out, labels)
            loss.backward()
            if cfg["modulation_starts"] <= epoch < cfg["modulation_ends"]:
                modulator.apply(out_a, out_v, labels)
            optimizer.step()
            running += loss.item()
        print(f"seed {seed} epoch {epoch}: loss {running / cfg['steps_per_epoch']:.3f}")
    return modulator.history[-1]


def main():
    for seed in (0, 1):
        train(CONFIG, seed)


if __name__ == "__main__":
    main()
