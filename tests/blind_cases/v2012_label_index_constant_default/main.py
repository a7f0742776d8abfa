"""Intent classifier evaluated per data release; releases may contain intents unseen in training."""
import random

import torch
import torch.nn as nn

from labels import ConfusionMatrix, LabelIndex

INTENTS = ["book", "cancel", "greet", "refund"]
RELEASE_CFG = {"releases": 3, "n": 48, "dim": 10, "epochs": 3, "batch": 12}


def make_release(release, cfg):
    rng = random.Random(release)
    pool = INTENTS + (["escalate"] if release > 0 else [])
    names = [rng.choice(pool) for _ in range(cfg["n"])]
    protos = {name: torch.randn(cfg["dim"], generator=torch.Generator().manual_seed(len(name)))
              for name in pool}
    feats = torch.stack([protos[n] + 0.5 * torch.randn(cfg["dim"]) for n in names])
    return feats, names


class IntentHead(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.proj = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 24), nn.ReLU(), nn.Linear(24, classes))

    def forward(self, x):
        return self.proj(x)


def run_release(release, cfg):
    feats, names = make_release(release, cfg)
    index = LabelIndex(INTENTS)
    targets = index.encode(names)
    model = IntentHead(cfg["dim"], len(index))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    split = cfg["n"] * 3 // 4
    for _ in range(cfg["epochs"]):
        model.train()
        for i in range(0, split, cfg["batch"]):
            logits = model(feats[i:i + cfg["batch"]])
            loss = nn.functional.cross_entropy(logits, targets[i:i + cfg["batch"]],
                                               ignore_index=index.ignore_index)
            opt.zero_grad()
            loss.backward()
            opt.step()
    metric = ConfusionMatrix(len(index))
    model.eval()
    with torch.no_grad():
        preds = model(feats[split:]).argmax(-1)
        metric.update(preds, targets[split:])
    ignored = sum(1 for t in targets[split:].tolist() if t == index.ignore_index)
    return metric.macro_recall(), ignored, index.decode(preds[:3].tolist())


def main():
    for release in range(RELEASE_CFG["releases"]):
        recall, ignored, sample = run_release(release, RELEASE_CFG)
        print("release", release, "macro recall", round(recall, 3), "ignored", ignored, "sample", sample)


if __name__ == "__main__":
    main()
