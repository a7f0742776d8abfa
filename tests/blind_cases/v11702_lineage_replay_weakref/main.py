"""Iterative noisy-label filtering: each round trains on the newest dataset version."""
import torch
import torch.nn as nn

from lineage import DatasetVersion

CONFIG = {
    "n_samples": 96,
    "dim": 12,
    "classes": 3,
    "rounds": 3,
    "drop_frac": 0.1,
    "batch_size": 32,
    "lr": 0.05,
    "seeds": [0, 1],
}


def make_root(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(cfg["n_samples"], cfg["dim"], generator=g)
    w = torch.randn(cfg["dim"], cfg["classes"], generator=g)
    y = (x @ w).argmax(1)
    flip = torch.rand(cfg["n_samples"], generator=g) < 0.15
    y[flip] = torch.randint(0, cfg["classes"], (int(flip.sum()),), generator=g)
    return DatasetVersion(x, y, tag=f"seed{seed}", note="raw export")


def train_epoch(model, opt, version, batch_size):
    perm = torch.randperm(len(version))
    for start in range(0, len(version), batch_size):
        idx = perm[start:start + batch_size]
        loss = nn.functional.cross_entropy(model(version.features[idx]), version.labels[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


@torch.no_grad()
def suspicious_mask(model, version, drop_frac):
    losses = nn.functional.cross_entropy(model(version.features), version.labels, reduction="none")
    k = max(1, int(drop_frac * len(version)))
    keep = torch.ones(len(version), dtype=torch.bool)
    keep[losses.topk(k).indices] = False
    return keep


def run(cfg, seed):
    torch.manual_seed(seed)
    current = make_root(cfg, seed)
    versions = {current.tag: current}
    model = nn.Sequential(nn.Linear(cfg["dim"], 32), nn.ReLU(), nn.Linear(32, cfg["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for rnd in range(cfg["rounds"]):
        last = train_epoch(model, opt, current, cfg["batch_size"])
        keep = suspicious_mask(model, current, cfg["drop_frac"])
        dropped = int((~keep).sum())
        current = current.derive(keep, note=f"round {rnd}: dropped {dropped} high-loss samples")
        versions[current.tag] = current
        if not current.verify():
            raise RuntimeError(f"version {current.tag} does not replay from its parent")
    lineage = " -> ".join(current.ancestry())
    print(f"seed {seed}: {lineage} ({len(versions)} versions, {len(current)} samples, "
          f"loss {last:.3f}, {current.fingerprint()})")


def main():
    for seed in CONFIG["seeds"]:
        run(CONFIG, seed)


if __name__ == "__main__":
    main()
