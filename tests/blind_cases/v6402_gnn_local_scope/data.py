"""Synthetic molecule-like dataset, collated once at import so epochs skip collation."""
import torch

from graph import Graph, batch

NUM_FEATS = 8
NUM_CLASSES = 3


def ring_with_chords(n, gen):
    ring, nxt = torch.arange(n), (torch.arange(n) + 1) % n
    chords = torch.randint(0, n, (2, n // 3), generator=gen)
    return torch.cat([ring, nxt, chords[0], chords[1]]), torch.cat([nxt, ring, chords[1], chords[0]])


def make_graphs(count, seed):
    gen = torch.Generator().manual_seed(seed)
    graphs, labels = [], []
    for _ in range(count):
        n = int(torch.randint(6, 12, (1,), generator=gen))
        g = Graph(*ring_with_chords(n, gen), n)
        g.ndata["feat"] = torch.randn(n, NUM_FEATS, generator=gen)
        graphs.append(g)
        labels.append(int(torch.randint(0, NUM_CLASSES, (1,), generator=gen)))
    return graphs, torch.tensor(labels)


def collate_all(graphs, labels, batch_size):
    return [(batch(graphs[i:i + batch_size]), labels[i:i + batch_size])
            for i in range(0, len(graphs), batch_size)]


TRAIN_BATCHES = collate_all(*make_graphs(24, seed=0), batch_size=6)
VALID_BATCHES = collate_all(*make_graphs(12, seed=1), batch_size=6)
