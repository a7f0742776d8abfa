"""Click-through model: pipelined sparse table for item ids, dense MLP on top."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sparse_table import PipelinedEmbeddingTable

CFG = {"items": 500, "dim": 12, "dense": 6, "batch": 48, "steps": 6, "epochs": 2}


class ClickModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.items = PipelinedEmbeddingTable(cfg["items"], cfg["dim"])
        self.dense = nn.Sequential(nn.Linear(cfg["dense"], cfg["dim"]), nn.ReLU())
        self.head = nn.Linear(2 * cfg["dim"], 1)

    def dense_parameters(self):
        return list(self.dense.parameters()) + list(self.head.parameters())

    def forward(self, item_ids, dense_x):
        e = self.items(item_ids)
        d = self.dense(dense_x)
        return self.head(torch.cat([e, d], dim=-1)).squeeze(-1)


def batches(cfg, epoch):
    gen = torch.Generator().manual_seed(epoch)
    for _ in range(cfg["steps"]):
        ids = torch.randint(0, cfg["items"], (cfg["batch"],), generator=gen)
        x = torch.randn(cfg["batch"], cfg["dense"], generator=gen)
        y = (x[:, 0] + (ids % 5 == 0).float() > 0.5).float()
        yield ids, x, y


def fit(cfg):
    model = ClickModel(cfg)
    dense_opt = torch.optim.Adam(model.dense_parameters(), lr=1e-3)
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for ids, x, y in batches(cfg, epoch):
            loss = F.binary_cross_entropy_with_logits(model(ids, x), y)
            dense_opt.zero_grad()
            loss.backward()
            dense_opt.step()
            model.items.schedule_update(ids)
            total += loss.item()
        print("epoch %d loss %.4f sparse updates %d" % (epoch, total / cfg["steps"], model.items.applied_updates))
    return model.items.applied_updates


def main():
    fit(CFG)


if __name__ == "__main__":
    main()
