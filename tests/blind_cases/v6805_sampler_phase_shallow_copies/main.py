"""BPR training of a matrix-factorisation recommender with a phase-aware sampler."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from sampler import NegativeSampler

CFG = {"users": 60, "items": 150, "dim": 8, "batch": 32, "negatives": 16, "steps": 5, "folds": 2}


class MF(nn.Module):
    def __init__(self, users, items, dim):
        super().__init__()
        self.user = nn.Embedding(users, dim)
        self.item = nn.Embedding(items, dim)

    def forward(self, users, items):
        return (self.user(users).unsqueeze(1) * self.item(items)).sum(-1)


def make_interactions(fold):
    gen = torch.Generator().manual_seed(fold)
    users = torch.randint(0, CFG["users"], (400,), generator=gen)
    items = (users * 5 + torch.randint(0, 10, (400,), generator=gen)) % CFG["items"]
    return torch.stack([users, items], dim=1)


def run_fold(fold):
    data = make_interactions(fold)
    model = MF(CFG["users"], CFG["items"], CFG["dim"])
    sampler = NegativeSampler(CFG["items"], data, item_encoder=model.item)
    train_sampler = sampler.for_phase("train")
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    gen = torch.Generator().manual_seed(100 + fold)
    for _ in range(CFG["steps"]):
        rows = data[torch.randint(0, len(data), (CFG["batch"],), generator=gen)]
        users, pos = rows[:, 0], rows[:, 1]
        neg = train_sampler.sample(users, CFG["negatives"], generator=gen)
        pos_score = model(users, pos.unsqueeze(1))
        neg_score = model(users, neg.unsqueeze(0).expand(len(users), -1))
        loss = -F.logsigmoid(pos_score - neg_score).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    valid_sampler = sampler.for_phase("valid")
    with torch.no_grad():
        users = data[:8, 0]
        neg = valid_sampler.sample(users, CFG["negatives"], generator=gen)
        auc = (model(users, data[:8, 1:2]) > model(users, neg.unsqueeze(0).expand(8, -1))).float().mean()
    return loss.item(), auc.item()


def main():
    for fold in range(CFG["folds"]):
        loss, auc = run_fold(fold)
        print("fold %d loss %.4f sampled auc %.3f" % (fold, loss, auc))


if __name__ == "__main__":
    main()
