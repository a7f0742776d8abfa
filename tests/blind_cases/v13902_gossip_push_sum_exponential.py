"""Decentralised SGD with push-sum gossip over a one-peer exponential graph (SGP-style)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

SETTINGS = [
    {"peers": 4, "seed": 0, "lr": 0.05},
    {"peers": 8, "seed": 1, "lr": 0.02},
]
ROUNDS = 4
LOCAL_STEPS = 2


class Peer:
    def __init__(self, rank, seed, lr):
        gen = torch.Generator().manual_seed(seed * 100 + rank)
        self.rank = rank
        self.model = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=lr)
        self.x = torch.randn(32, 6, generator=gen)
        self.y = self.x.sum(dim=1, keepdim=True) + 0.1 * rank
        self.weight = 1.0
        self.out_peers = []
        self.inbox = []

    def local_steps(self):
        for _ in range(LOCAL_STEPS):
            loss = F.mse_loss(self.model(self.x), self.y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()

    @torch.no_grad()
    def push(self, round_idx):
        target = self.out_peers[round_idx % len(self.out_peers)]
        self.weight /= 2
        share = [p.mul_(0.5).clone() for p in self.model.parameters()]
        target.inbox.append((self.weight, share))

    @torch.no_grad()
    def absorb(self):
        for weight, share in self.inbox:
            self.weight += weight
            for p, s in zip(self.model.parameters(), share):
                p.add_(s)
        self.inbox.clear()

    @torch.no_grad()
    def debiased(self):
        return torch.cat([p.flatten() / self.weight for p in self.model.parameters()])


def build_exponential_graph(peers):
    hops = max(1, int(math.log2(len(peers))))
    for peer in peers:
        for k in range(hops):
            peer.out_peers.append(peers[(peer.rank + 2 ** k) % len(peers)])  # cycle


def consensus_distance(peers):
    estimates = torch.stack([peer.debiased() for peer in peers])
    return float((estimates - estimates.mean(0)).norm(dim=1).mean())


def run(setting):
    torch.manual_seed(setting["seed"])
    peers = [Peer(rank, setting["seed"], setting["lr"]) for rank in range(setting["peers"])]
    build_exponential_graph(peers)
    history = []
    for round_idx in range(ROUNDS):
        losses = [peer.local_steps() for peer in peers]
        for peer in peers:
            peer.push(round_idx)
        for peer in peers:
            peer.absorb()
        history.append((sum(losses) / len(losses), consensus_distance(peers)))
    return history


def main():
    for setting in SETTINGS:
        history = run(setting)
        loss, dist = history[-1]
        print(f"peers={setting['peers']}: loss={loss:.4f} consensus={dist:.4f}")


if __name__ == "__main__":
    main()
