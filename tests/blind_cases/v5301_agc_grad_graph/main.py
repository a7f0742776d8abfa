"""Small classifier trained with adaptive gradient clipping and a global grad-norm log."""
import torch
import torch.nn as nn

from clipping import adaptive_clip_grad_, agc_parameters, global_grad_norm

CONFIG = {
    "in_features": 12,
    "hidden": 32,
    "classes": 3,
    "lr": 0.05,
    "momentum": 0.9,
    "clip_factor": 0.02,
    "epochs": 2,
    "batches_per_epoch": 4,
    "batch_size": 16,
}


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg["in_features"], cfg["hidden"]),
            nn.GELU(),
            nn.Linear(cfg["hidden"], cfg["hidden"]),
            nn.GELU(),
        )
        self.head = nn.Linear(cfg["hidden"], cfg["classes"])

    def forward(self, x):
        return self.head(self.body(x))


def make_batches(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    for _ in range(cfg["batches_per_epoch"]):
        x = torch.randn(cfg["batch_size"], cfg["in_features"], generator=gen)
        y = torch.randint(0, cfg["classes"], (cfg["batch_size"],), generator=gen)
        yield x, y


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = Net(cfg)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=cfg["momentum"])
        self.agc_params = agc_parameters(self.model)
        self.log = []

    def train_epoch(self, epoch):
        self.model.train()
        for x, y in make_batches(self.cfg, seed=epoch):
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            raw_norm = global_grad_norm(self.model.parameters())
            clipped = adaptive_clip_grad_(self.agc_params, clip_factor=self.cfg["clip_factor"])
            self.optimizer.step()
            self.log.append({"epoch": epoch, "loss": loss.item(), "grad_norm": raw_norm, "clipped_units": clipped})

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            self.train_epoch(epoch)
        return self.log[-1]


def main():
    last = Trainer(CONFIG).fit()
    print(f"final loss {last['loss']:.3f}, grad norm {last['grad_norm']:.3f}, clipped units {last['clipped_units']}")


if __name__ == "__main__":
    main()
