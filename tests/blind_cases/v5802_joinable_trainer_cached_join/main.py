"""DDP training with uneven per-rank shards; metrics are all-reduced every step."""
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel as DDP

from synced_metrics import SyncedMetricsMixin

CONFIG = {"folds": 2, "epochs": 2, "batch": 8, "lr": 0.05, "samples": 44}


class FoldTrainer(SyncedMetricsMixin):
    def __init__(self, model, cfg):
        super().__init__(device=torch.device("cpu"))
        self.cfg = cfg
        self.ddp = DDP(model)
        self.optimizer = torch.optim.SGD(self.ddp.parameters(), lr=cfg["lr"])
        self._join = Join([self.ddp, self], throw_on_early_termination=False)  # cycle

    def rank_shard(self, x, y):
        rank, world = dist.get_rank(), dist.get_world_size()
        return x[rank::world], y[rank::world]

    def fit(self, x, y):
        x, y = self.rank_shard(x, y)
        bs = self.cfg["batch"]
        for _ in range(self.cfg["epochs"]):
            with self._join:
                for start in range(0, len(x), bs):
                    xb, yb = x[start:start + bs], y[start:start + bs]
                    loss = nn.functional.cross_entropy(self.ddp(xb), yb)
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                    self.reduce_step_metrics(loss.item() * len(xb), len(xb))
        return self.closed_windows[-1]["mean_loss"]


def main():
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        scores = []
        for fold in range(CONFIG["folds"]):
            torch.manual_seed(fold)
            x = torch.randn(CONFIG["samples"], 10)
            y = (x[:, 0] > 0).long()
            model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 2))
            scores.append(FoldTrainer(model, CONFIG).fit(x, y))
        print("fold losses:", [round(s, 4) for s in scores])
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
