"""NCF-style training (GMF + MLP) with a phase-aware negative sampler."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sampler import NegativeSampler

CFG = {"users": 60, "items": 150, "dim": 8, "batch": 32, "negatives": 4, "steps": 5, "folds": 2}


class NeuMF(nn.Module):
    def __init__(self, users, items, dim):
        super().__init__()
        self.user = nn.Embedding(users, dim)
        self.item = nn.Embedding(items, dim)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, dim), nn.ReLU())
        self.out = nn.Linear(2 * dim, 1)

    def forward(self, users, items):
        u, v = self.user(users), self.item(items)
        return self.out(torch.cat([u * v, self.mlp(torch.cat([u, v], -1))], -1)).squeeze(-1)


def make_interactions(fold):
    gen = torch.Generator().manual_seed(fold)
    users = torch.randint(0, CFG["users"], (400,), generator=gen)
    items = (users * 5 + torch.randint(0, 10, (400,), generator=gen)) % CFG["items"]
    return torch.stack([users, items], dim=1)


def run_fold(fold):
    data = make_interactions(fold)
    model = NeuMF(CFG["users"], CFG["items"], CFG["dim"])
    sampler = NegativeSampler(CFG["items"], data, item_encoder=model.item)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    gen = torch.Generator().manual_seed(100 + fold)
    for _ in range(CFG["steps"]):
        rows = data[torch.randint(0, len(data), (CFG["batch"],), generator=gen)]
        users, pos = rows[:, 0], rows[:, 1]
        neg = sampler.for_phase("train").sample(users, CFG["batch"] * CFG["negatives"], generator=gen)
        all_users = torch.cat([users, users.repeat_interleave(CFG["negatives"])])
        all_items = torch.cat([pos, neg])
        labels = torch.cat([torch.ones(len(users)), torch.zeros(len(neg))])
        loss = F.binary_cross_entropy_with_logits(model(all_users, all_items), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        users = data[:8, 0]
        neg = sampler.for_phase("valid").sample(users, 8, generator=gen)
        hit = (model(users, data[:8, 1]) > model(users, neg)).float().mean()
    return loss.item(), hit.item()


def main():
    for fold in range(CFG["folds"]):
        loss, hit = run_fold(fold)
        print("fold %d loss %.4f pairwise hit %.3f" % (fold, loss, hit))


if __name__ == "__main__":
    main()
