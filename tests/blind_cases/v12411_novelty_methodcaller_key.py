"""Novelty search for point-mass controllers: k-nearest-neighbour novelty against population and archive."""
import copy
import operator
import random

import torch
import torch.nn as nn

NS = {"pop": 10, "generations": 5, "k": 4, "archive_threshold": 0.3, "sigma": 0.2, "horizon": 12, "seed": 5}


class Candidate:
    def __init__(self, policy, lineage=()):
        self.policy = policy
        self.lineage = lineage
        self.behavior = None
        self.novelty = 0.0
        self.by_distance = operator.methodcaller("distance", self)  # cycle

    def distance(self, other):
        return float(torch.dist(self.behavior, other.behavior))

    def nearest(self, pool, k):
        others = [c for c in pool if c is not self]
        return sorted(others, key=self.by_distance)[:k]

    def offspring(self, sigma, gen):
        policy = copy.deepcopy(self.policy)
        with torch.no_grad():
            for p in policy.parameters():
                p.add_(torch.randn(p.shape, generator=gen) * sigma)
        return Candidate(policy, self.lineage + (id(self),))


@torch.no_grad()
def rollout(policy, horizon, dt=0.2):
    pos = torch.zeros(2)
    vel = torch.zeros(2)
    walls = torch.tensor([[0.5, -1.0, 0.6, 0.6]])
    for _ in range(horizon):
        force = torch.tanh(policy(torch.cat([pos, vel])))
        vel = 0.9 * vel + dt * force
        nxt = pos + dt * vel
        for x0, y0, x1, y1 in walls.tolist():
            if x0 <= nxt[0] <= x1 and y0 <= nxt[1] <= y1:
                nxt, vel = pos, torch.zeros(2)
        pos = nxt
    return pos


def score_novelty(population, archive, k):
    pool = population + archive
    for cand in population:
        neighbours = cand.nearest(pool, k)
        cand.novelty = sum(n.distance(cand) for n in neighbours) / max(1, len(neighbours))


def main():
    rng = random.Random(NS["seed"])
    gen = torch.Generator().manual_seed(NS["seed"])
    torch.manual_seed(NS["seed"])
    population = [Candidate(nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))) for _ in range(NS["pop"])]
    archive = []
    for g in range(NS["generations"]):
        for cand in population:
            cand.behavior = rollout(cand.policy, NS["horizon"])
        score_novelty(population, archive, NS["k"])
        archive.extend(c for c in population if c.novelty > NS["archive_threshold"])
        ranked = sorted(population, key=lambda c: c.novelty, reverse=True)
        parents = ranked[: NS["pop"] // 2]
        population = parents + [rng.choice(parents).offspring(NS["sigma"], gen) for _ in range(NS["pop"] - len(parents))]
        far = max(float(c.behavior.norm()) for c in ranked)
        print(f"gen {g}: archive {len(archive)} max novelty {ranked[0].novelty:.3f} farthest {far:.3f}")


if __name__ == "__main__":
    main()
