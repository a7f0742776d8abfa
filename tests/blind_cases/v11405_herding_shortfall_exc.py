"""iCaRL-style exemplar memory: herding selection and nearest-mean-of-exemplars classification."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 16, "feat_dim": 24, "memory_size": 40, "tasks": [[0, 1], [2, 3], [4, 5]], "steps": 8}


class InsufficientSamples(ValueError):
    def __init__(self, class_id, available, requested):
        super().__init__(f"class {class_id}: {available} samples for {requested} exemplars")
        self.class_id = class_id


class ExemplarMemory:
    def __init__(self, extractor, memory_size):
        self.extractor = extractor
        self.memory_size = memory_size
        self.exemplars = {}
        self.class_means = {}
        self.shortfalls = []

    @torch.no_grad()
    def _features(self, x):
        return F.normalize(self.extractor(x), dim=1)

    def _herd(self, class_id, feats, m):
        if feats.shape[0] < m:
            raise InsufficientSamples(class_id, feats.shape[0], m)
        mu = feats.mean(0)
        chosen, running = [], torch.zeros_like(mu)
        for k in range(1, m + 1):
            dist = (mu - (running + feats) / k).norm(dim=1)
            if chosen:
                dist[chosen] = float("inf")
            i = int(dist.argmin())
            chosen.append(i)
            running += feats[i]
        return torch.tensor(chosen)

    def update(self, data_by_class):
        seen = set(self.exemplars) | set(data_by_class)
        m = self.memory_size // len(seen)
        for c in list(self.exemplars):
            self.exemplars[c] = self.exemplars[c][:m]
        for c, x in data_by_class.items():
            feats = self._features(x)
            try:
                idx = self._herd(c, feats, m)
            except InsufficientSamples as err:
                self.shortfalls.append(err)  # cycle
                idx = torch.arange(feats.shape[0])
            self.exemplars[c] = x[idx]
        self.class_means = {c: F.normalize(self._features(x).mean(0), dim=0) for c, x in self.exemplars.items()}

    @torch.no_grad()
    def classify(self, x):
        classes = sorted(self.class_means)
        means = torch.stack([self.class_means[c] for c in classes])
        pred = (self._features(x) @ means.T).argmax(1)
        return torch.tensor(classes)[pred]


def class_data(c, n):
    g = torch.Generator().manual_seed(c)
    return torch.randn(1, CFG["in_dim"], generator=g) * 2 + torch.randn(n, CFG["in_dim"])


def main():
    torch.manual_seed(0)
    extractor = nn.Sequential(nn.Linear(CFG["in_dim"], 32), nn.ReLU(), nn.Linear(32, CFG["feat_dim"]))
    head = nn.Linear(CFG["feat_dim"], 6)
    opt = torch.optim.SGD(list(extractor.parameters()) + list(head.parameters()), lr=0.05)
    memory = ExemplarMemory(extractor, CFG["memory_size"])
    for t, classes in enumerate(CFG["tasks"]):
        counts = {c: (4 if c == 5 else 30) for c in classes}
        data = {c: class_data(c, counts[c]) for c in classes}
        x = torch.cat([data[c] for c in classes] + list(memory.exemplars.values()))
        y = torch.cat([torch.full((len(v),), c) for c, v in list(data.items()) + list(memory.exemplars.items())])
        for _ in range(CFG["steps"]):
            loss = F.cross_entropy(head(extractor(x)), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        memory.update(data)
        acc = (memory.classify(x) == y).float().mean().item()
        print(f"task {t}: loss {loss.item():.3f} nme acc {acc:.2f} shortfalls {[str(e) for e in memory.shortfalls]}")


if __name__ == "__main__":
    main()
