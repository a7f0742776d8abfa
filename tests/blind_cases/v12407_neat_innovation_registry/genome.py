"""Feed-forward NEAT genome whose connection weights are trainable scalars (Lamarckian tuning)."""
import torch
import torch.nn as nn

from innovation import InnovationTracker


class ConnectionGene:
    def __init__(self, src, dst, weight, enabled=True):
        self.src, self.dst = src, dst
        self.weight = nn.Parameter(torch.tensor(float(weight)))
        self.enabled = enabled
        InnovationTracker.assign(self)

    def copy(self):
        return ConnectionGene(self.src, self.dst, self.weight.item(), self.enabled)


class Genome:
    def __init__(self, n_in, n_out):
        self.n_in, self.n_out = n_in, n_out
        self.layer = {**{i: 0.0 for i in range(n_in)}, **{n_in + j: 1.0 for j in range(n_out)}}
        self.conns = {}
        self.fitness = None

    @classmethod
    def minimal(cls, n_in, n_out, rng):
        g = cls(n_in, n_out)
        for src, dst in ((i, n_in + j) for i in range(n_in) for j in range(n_out)):
            g.add_gene(ConnectionGene(src, dst, rng.gauss(0.0, 1.0)))
        return g

    def add_gene(self, gene):
        self.conns[(gene.src, gene.dst)] = gene

    def clone(self):
        g = Genome(self.n_in, self.n_out)
        g.layer = dict(self.layer)
        g.conns = {key: gene.copy() for key, gene in self.conns.items()}
        return g

    def mutate_add_connection(self, rng):
        src, dst = rng.sample(sorted(self.layer), 2)
        if self.layer[src] > self.layer[dst]:
            src, dst = dst, src
        if self.layer[src] == self.layer[dst] or (src, dst) in self.conns:
            return
        self.add_gene(ConnectionGene(src, dst, rng.gauss(0.0, 0.5)))

    def mutate_add_node(self, rng):
        old = rng.choice([g for g in self.conns.values() if g.enabled])
        old.enabled = False
        node = max(self.layer) + 1
        self.layer[node] = (self.layer[old.src] + self.layer[old.dst]) / 2
        self.add_gene(ConnectionGene(old.src, node, 1.0))
        self.add_gene(ConnectionGene(node, old.dst, old.weight.item()))

    def parameters(self):
        return [g.weight for g in self.conns.values() if g.enabled]

    def forward(self, x):
        values = {i: x[:, i] for i in range(self.n_in)}
        for node in sorted((n for n in self.layer if self.layer[n] > 0.0), key=self.layer.get):
            incoming = [g.weight * values[g.src] for g in self.conns.values() if g.enabled and g.dst == node]
            total = torch.stack(incoming).sum(0) if incoming else torch.zeros(len(x))
            values[node] = total if self.layer[node] == 1.0 else torch.tanh(total)
        return torch.stack([values[self.n_in + j] for j in range(self.n_out)], dim=1)

    def distance(self, other, c_disjoint=1.0, c_weight=0.4):
        mine = {g.innovation: g for g in self.conns.values()}
        theirs = {g.innovation: g for g in other.conns.values()}
        shared = mine.keys() & theirs.keys()
        disjoint = len(mine.keys() ^ theirs.keys())
        w_diff = sum(abs(mine[k].weight.item() - theirs[k].weight.item()) for k in shared) / max(1, len(shared))
        return c_disjoint * disjoint / max(len(mine), len(theirs)) + c_weight * w_diff
