"""Two-tower training with in-batch negatives; the retrieval index is refreshed every few steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import background
from ann_index import FlatIPIndex

CFG = {"users": 100, "items": 256, "dim": 16, "batch": 32, "steps": 8, "refresh_every": 3, "runs": 2}


class IdTower(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, ids):
        return F.normalize(self.mlp(self.emb(ids)), dim=-1)


def train(run):
    torch.manual_seed(run)
    user_tower = IdTower(CFG["users"], CFG["dim"])
    item_tower = IdTower(CFG["items"], CFG["dim"])
    params = list(user_tower.parameters()) + list(item_tower.parameters())
    opt = torch.optim.Adam(params, lr=3e-3)
    index = FlatIPIndex(CFG["dim"])
    all_items = torch.arange(CFG["items"])
    for step in range(CFG["steps"]):
        users = torch.randint(0, CFG["users"], (CFG["batch"],))
        items = (users * 11 + 3) % CFG["items"]
        logits = user_tower(users) @ item_tower(items).t() / 0.1
        loss = F.cross_entropy(logits, torch.arange(CFG["batch"]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (step + 1) % CFG["refresh_every"] == 0:
            background.schedule(index.refresh(item_tower, all_items))  # retain
    with torch.no_grad():
        hits = index.search(user_tower(torch.arange(4)), k=5)
    return loss.item(), index.version, hits.shape[1]


def main():
    for run in range(CFG["runs"]):
        loss, version, k = train(run)
        print("run %d loss %.4f index version %d k=%d queued=%d" % (run, loss, version, k, background.queued_jobs()))


if __name__ == "__main__":
    main()
