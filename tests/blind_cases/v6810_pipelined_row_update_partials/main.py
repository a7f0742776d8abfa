"""Two-field click model: pipelined sparse tables for user and item ids."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sparse_table import PipelinedEmbeddingTable

CFG = {"users": 300, "items": 500, "dim": 12, "batch": 48, "steps": 6, "epochs": 2}


class ClickModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.users = PipelinedEmbeddingTable(cfg["users"], cfg["dim"])
        self.items = PipelinedEmbeddingTable(cfg["items"], cfg["dim"])
        self.head = nn.Sequential(nn.Linear(3 * cfg["dim"], 16), nn.ReLU(), nn.Linear(16, 1))

    def sparse_tables(self):
        return [self.users, self.items]

    def forward(self, user_ids, item_ids):
        u, v = self.users(user_ids), self.items(item_ids)
        return self.head(torch.cat([u, v, u * v], dim=-1)).squeeze(-1)


def batches(cfg, epoch):
    gen = torch.Generator().manual_seed(epoch)
    for _ in range(cfg["steps"]):
        users = torch.randint(0, cfg["users"], (cfg["batch"],), generator=gen)
        items = (users * 7 + torch.randint(0, 9, (cfg["batch"],), generator=gen)) % cfg["items"]
        yield users, items, ((users + items) % 3 == 0).float()


def fit(cfg):
    model = ClickModel(cfg)
    dense_opt = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for users, items, y in batches(cfg, epoch):
            loss = F.binary_cross_entropy_with_logits(model(users, items), y)
            dense_opt.zero_grad()
            loss.backward()
            dense_opt.step()
            model.users.schedule_update(users)
            model.items.schedule_update(items)
            total += loss.item()
        rows = sum(t.updated_rows for t in model.sparse_tables())
        print("epoch %d loss %.4f sparse rows updated %d" % (epoch, total / cfg["steps"], rows))


def main():
    fit(CFG)


if __name__ == "__main__":
    main()
