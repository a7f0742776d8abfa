"""Cross-validated fine-tuning of a small classifier with gradual unfreezing and a spike guard."""
import torch
import torch.nn as nn

from groups import GradualUnfreezer, stage_param_groups
from guard import SpikeGuard


class Classifier(nn.Module):
    def __init__(self, d_in=20, width=32, n_cls=3):
        super().__init__()
        self.stem = nn.Sequential(nn.Linear(d_in, width), nn.ReLU())
        self.block1 = nn.Sequential(nn.Linear(width, width), nn.LayerNorm(width), nn.ReLU())
        self.block2 = nn.Sequential(nn.Linear(width, width), nn.LayerNorm(width), nn.ReLU())
        self.head = nn.Linear(width, n_cls)

    def forward(self, x):
        return self.head(self.block2(self.block1(self.stem(x))))


def fold_batches(fold, n, batch_size=24):
    gen = torch.Generator().manual_seed(fold)
    for _ in range(n):
        x = torch.randn(batch_size, 20, generator=gen)
        y = (x[:, 0] > 0).long() + (x[:, 1] > 0.5).long()
        yield x, y


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    model = Classifier()
    optimizer = torch.optim.AdamW(stage_param_groups(model, cfg["lr"], cfg["decay"]), weight_decay=0.01)
    unfreezer = GradualUnfreezer(optimizer, epochs_per_stage=1)
    guard = SpikeGuard(every=cfg["snapshot_every"])
    step = 0
    for epoch in range(cfg["epochs"]):
        open_groups = unfreezer.on_epoch_start(epoch)
        for x, y in fold_batches(fold * 10 + epoch, cfg["batches"]):
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            step += 1
            guard.observe(step, loss.item(), model, optimizer)
    return {"fold": fold, "open_groups": open_groups, "loss": loss.item(), "rollbacks": guard.rollbacks}


def main():
    cfg = {"lr": 3e-3, "decay": 0.5, "epochs": 3, "batches": 4, "snapshot_every": 2}
    results = [run_fold(fold, cfg) for fold in range(3)]
    for r in results:
        print("fold %(fold)d: %(open_groups)d groups open, loss %(loss).3f, %(rollbacks)d rollbacks" % r)


if __name__ == "__main__":
    main()
