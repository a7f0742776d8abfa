"""Linear-probe sweep: every stage of a freshly loaded, frozen backbone gets its own trainable head."""
import torch
import torch.nn as nn

from probes import Backbone, LinearProbe

CONFIG = {"num_classes": 4, "steps": 4, "batch_size": 8, "lr": 1e-2, "seeds": (0, 1, 2)}


def load_pretrained(seed):
    torch.manual_seed(seed)
    return Backbone().freeze()


def probe_run(seed, cfg):
    backbone = load_pretrained(seed)
    probes = [LinearProbe(backbone, i, cfg["num_classes"]) for i in range(len(backbone.stages))]
    params = [p for probe in probes for p in probe.parameters()]
    opt = torch.optim.AdamW(params, lr=cfg["lr"])
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
