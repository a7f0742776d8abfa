"""Pool-based active learning with entropy sampling and a simulated annotator."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LabelStore(dict):
    """sample index -> label tensor, filled round by round by the annotator."""

    def __init__(self, budget):
        super().__init__()
        self.budget = budget
        self.labeled_ids = self.keys()  # cycle

    @property
    def remaining(self):
        return self.budget - len(self)

    def annotate(self, indices, oracle_labels):
        for i in indices[: self.remaining]:
            self[i] = oracle_labels[i].clone()

    def as_tensors(self, pool_x):
        ids = sorted(self.labeled_ids)
        return pool_x[ids], torch.stack([self[i] for i in ids])


class ActiveLearner:
    def __init__(self, pool_x, oracle_labels, cfg):
        self.pool_x = pool_x
        self.oracle_labels = oracle_labels
        self.cfg = cfg
        self.store = LabelStore(budget=cfg["budget"])
        self.model = None

    def unlabeled_ids(self):
        return [i for i in range(len(self.pool_x)) if i not in self.store.labeled_ids]

    @torch.no_grad()
    def query(self, k):
        candidates = self.unlabeled_ids()
        probs = F.softmax(self.model(self.pool_x[candidates]), dim=-1)
        entropy = -(probs * probs.clamp_min(1e-8).log()).sum(-1)
        top = entropy.topk(min(k, len(candidates))).indices.tolist()
        return [candidates[i] for i in top]

    def fit(self):
        x, y = self.store.as_tensors(self.pool_x)
        self.model = nn.Sequential(nn.Linear(x.shape[1], 32), nn.ReLU(), nn.Linear(32, self.cfg["classes"]))
        opt = torch.optim.Adam(self.model.parameters(), lr=self.cfg["lr"])
        for _ in range(self.cfg["epochs_per_round"]):
            loss = F.cross_entropy(self.model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()

    def run(self):
        seed_ids = torch.randperm(len(self.pool_x))[: self.cfg["initial"]].tolist()
        self.store.annotate(seed_ids, self.oracle_labels)
        for rnd in range(self.cfg["rounds"]):
            loss = self.fit()
            print(f"round {rnd}: {len(self.store)} labels, loss {loss:.3f}, {self.store.remaining} left")
            if self.store.remaining <= 0:
                break
            self.store.annotate(self.query(self.cfg["per_round"]), self.oracle_labels)


def main():
    cfg = {"classes": 3, "budget": 40, "initial": 10, "per_round": 10, "rounds": 4,
           "epochs_per_round": 5, "lr": 0.01}
    for seed in range(2):
        g = torch.Generator().manual_seed(seed)
        centers = torch.randn(cfg["classes"], 8, generator=g) * 2
        y = torch.randint(0, cfg["classes"], (300,), generator=g)
        x = centers[y] + torch.randn(300, 8, generator=g)
        ActiveLearner(x, y, cfg).run()


if __name__ == "__main__":
    main()
