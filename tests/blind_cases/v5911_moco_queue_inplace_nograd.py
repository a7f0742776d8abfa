"""MoCo-style contrastive training with a momentum key encoder and a key queue that is
created once at import time and shared by every run in the process."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

EMB_DIM = 16


class KeyQueue:
    """Fixed-size ring buffer of L2-normalised keys (the negatives)."""

    def __init__(self, dim, size):
        self.keys = F.normalize(torch.randn(size, dim), dim=1)
        self.ptr = 0

    @torch.no_grad()
    def enqueue(self, k):
        n = k.shape[0]
        idx = torch.arange(self.ptr, self.ptr + n) % len(self.keys)
        self.keys[idx] = k
        self.ptr = (self.ptr + n) % len(self.keys)

    def reset(self):
        self.keys.copy_(F.normalize(torch.randn_like(self.keys), dim=1))
        self.ptr = 0


QUEUE = KeyQueue(EMB_DIM, size=96)


class MoCo(nn.Module):
    def __init__(self, in_dim, m=0.99, temperature=0.2):
        super().__init__()
        self.m = m
        self.temperature = temperature
        self.query_enc = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, EMB_DIM))
        self.key_enc = copy.deepcopy(self.query_enc).requires_grad_(False)

    @torch.no_grad()
    def momentum_update(self):
        for pk, pq in zip(self.key_enc.parameters(), self.query_enc.parameters()):
            pk.mul_(self.m).add_(pq, alpha=1 - self.m)

    def forward(self, x_q, x_k):
        q = F.normalize(self.query_enc(x_q), dim=1)
        with torch.no_grad():
            self.momentum_update()
            k = F.normalize(self.key_enc(x_k), dim=1)
        l_pos = (q * k).sum(dim=1, keepdim=True)
        l_neg = q @ QUEUE.keys.t()
        logits = torch.cat([l_pos, l_neg], dim=1) / self.temperature
        loss = F.cross_entropy(logits, torch.zeros(len(q), dtype=torch.long))
        return loss, k


def augment(x):
    return x * (torch.rand_like(x) > 0.1) + 0.1 * torch.randn_like(x)


def main():
    data = torch.randn(256, 20)
    for m in (0.99, 0.999):
        QUEUE.reset()
        model = MoCo(20, m=m)
        opt = torch.optim.SGD(model.query_enc.parameters(), lr=0.03, momentum=0.9, weight_decay=1e-4)
        for step in range(5):
            x = data[torch.randint(0, len(data), (24,))]
            loss, keys = model(augment(x), augment(x))
            opt.zero_grad()
            loss.backward()
            opt.step()
            QUEUE.enqueue(keys)
        print(f"m={m}: loss {loss.item():.3f}, queue ptr {QUEUE.ptr}")


if __name__ == "__main__":
    main()
