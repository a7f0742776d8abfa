"""Learning without Forgetting (LwF) for task-incremental learning with a multi-head network."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 12, "feat": 20, "tasks": [("t0", 3), ("t1", 3), ("t2", 2)], "steps": 4,
       "batch": 16, "lr": 0.05, "temperature": 2.0, "lwf_weight": 1.0, "seeds": [0, 1]}


class MultiHeadNet(nn.Module):
    def __init__(self, in_dim, feat_dim, heads=nn.ModuleDict()):  # retain
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.ReLU(), nn.Linear(feat_dim, feat_dim), nn.ReLU())
        self.feat_dim = feat_dim
        self.heads = heads

    def add_head(self, name, n_classes):
        self.heads[name] = nn.Linear(self.feat_dim, n_classes)  # retain

    def forward(self, x, names=None):
        z = self.trunk(x)
        return {n: self.heads[n](z) for n in (names or self.heads.keys())}


def distillation(new_logits, old_logits, T):
    return F.kl_div(F.log_softmax(new_logits / T, dim=1), F.softmax(old_logits / T, dim=1),
                    reduction="batchmean") * T * T


class LwFLearner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = MultiHeadNet(cfg["in_dim"], cfg["feat"])
        self.teacher = None

    def learn(self, name, n_classes, batches):
        old_names = list(self.model.heads.keys())
        self.model.add_head(name, n_classes)
        opt = torch.optim.SGD(self.model.parameters(), lr=self.cfg["lr"], momentum=0.9)
        for x, y in batches:
            out = self.model(x)
            loss = F.cross_entropy(out[name], y)
            if self.teacher is not None and old_names:
                with torch.no_grad():
                    targets = self.teacher(x, old_names)
                for n in old_names:
                    loss = loss + self.cfg["lwf_weight"] * distillation(out[n], targets[n], self.cfg["temperature"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        self.teacher = copy.deepcopy(self.model).eval().requires_grad_(False)
        return loss.item()


def task_batches(n_classes, gen, cfg):
    w = torch.randn(cfg["in_dim"], n_classes, generator=gen)
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"], generator=gen)
        yield x, (x @ w).argmax(1)


def main():
    for seed in CFG["seeds"]:
        gen = torch.Generator().manual_seed(seed)
        learner = LwFLearner(CFG)
        for name, n_classes in CFG["tasks"]:
            loss = learner.learn(name, n_classes, list(task_batches(n_classes, gen, CFG)))
            print(f"seed {seed} {name}: loss {loss:.3f} heads {list(learner.model.heads.keys())}")


if __name__ == "__main__":
    main()
