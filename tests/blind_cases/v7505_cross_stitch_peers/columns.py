"""One task column of a cross-stitch network (one column per task, mixed after every layer)."""
import torch.nn as nn


class TaskColumn(nn.Module):
    def __init__(self, task, dims, out_dim):
        super().__init__()
        self.task = task
        self.layers = nn.ModuleList(
            nn.Sequential(nn.Linear(a, b), nn.ReLU()) for a, b in zip(dims[:-1], dims[1:])
        )
        self.head = nn.Linear(dims[-1], out_dim)
        self.peers = []
        self.acts = {}

    def connect(self, columns):
        for col in columns:
            if col is not self and col not in self.peers:
                self.peers.append(col)  # cycle

    def advance(self, depth, x):
        self.acts[depth] = self.layers[depth](x)
        return self.acts[depth]

    def stitch(self, depth, weights):
        """weights[0] scales this column, weights[k] scales self.peers[k - 1]."""
        mixed = weights[0] * self.acts[depth]
        for k, peer in enumerate(self.peers, start=1):
            mixed = mixed + weights[k] * peer.acts[depth]
        return mixed
