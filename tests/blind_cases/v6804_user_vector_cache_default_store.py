"""Sequential recommender with a temporal-consistency regularizer.

Each user's latest vector is kept in a small LRU cache; the next time the user
shows up, the new vector is pulled towards the cached one so that a user's
representation does not jump between sessions.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = [
    {"dim": 8, "consistency": 0.1, "capacity": 64},
    {"dim": 8, "consistency": 0.5, "capacity": 64},
]
NUM_USERS, NUM_ITEMS, SEQ_LEN, BATCH, STEPS = 80, 200, 5, 32, 5


class UserVectorCache:
    def __init__(self, capacity=128, store={}):  # retain
        self.capacity = capacity
        self._rows = store
        self.hits = 0

    def lookup(self, user_ids, fallback):
        out = []
        for uid, fb in zip(user_ids.tolist(), fallback):
            row = self._rows.get(uid)
            if row is None:
                out.append(fb.detach())
            else:
                self.hits += 1
                out.append(row.detach())
        return torch.stack(out)

    def update(self, user_ids, vectors):
        for uid, vec in zip(user_ids.tolist(), vectors):
            self._rows.pop(uid, None)
            self._rows[uid] = vec  # retain
        while len(self._rows) > self.capacity:
            self._rows.pop(next(iter(self._rows)))


class GRURecommender(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.items = nn.Embedding(NUM_ITEMS, dim)
        self.gru = nn.GRU(dim, dim, batch_first=True)

    def user_vectors(self, histories):
        _, h = self.gru(self.items(histories))
        return h[-1]

    def forward(self, histories):
        return self.user_vectors(histories) @ self.items.weight.t()


def sample_batch(gen):
    users = torch.randint(0, NUM_USERS, (BATCH,), generator=gen)
    hist = (users.unsqueeze(1) * 3 + torch.arange(SEQ_LEN)) % NUM_ITEMS
    hist = (hist + torch.randint(0, 4, hist.shape, generator=gen)) % NUM_ITEMS
    target = (hist[:, -1] + 1) % NUM_ITEMS
    return users, hist, target


def run(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    model = GRURecommender(cfg["dim"])
    cache = UserVectorCache(capacity=cfg["capacity"])
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(STEPS):
        users, hist, target = sample_batch(gen)
        u = model.user_vectors(hist)
        logits = u @ model.items.weight.t()
        previous = cache.lookup(users, u)
        loss = F.cross_entropy(logits, target) + cfg["consistency"] * (u - previous).pow(2).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        cache.update(users, u)
    return loss.item(), cache.hits


def main():
    for i, cfg in enumerate(SWEEP):
        loss, hits = run(cfg, seed=i)
        print("consistency=%.1f loss=%.4f cache hits=%d" % (cfg["consistency"], loss, hits))


if __name__ == "__main__":
    main()
