"""Ring all-reduce between in-process peers (reduce-scatter followed by all-gather)."""
from collections import deque

import torch


class RingPeer:
    def __init__(self, rank, world_size):
        self.rank = rank
        self.world_size = world_size
        self.send = None
        self.inbox = deque()
        self.chunks = None

    def connect(self, right):
        self.send = right.deliver  # cycle

    def deliver(self, idx, payload, accumulate):
        self.inbox.append((idx, payload, accumulate))

    def load(self, flat):
        self.chunks = list(flat.chunk(self.world_size))

    def emit(self, step, phase):
        n = self.world_size
        if phase == "scatter":
            idx = (self.rank - step) % n
        else:
            idx = (self.rank + 1 - step) % n
        self.send(idx, self.chunks[idx].clone(), phase == "scatter")

    def absorb(self):
        while self.inbox:
            idx, payload, accumulate = self.inbox.popleft()
            if accumulate:
                self.chunks[idx] = self.chunks[idx] + payload
            else:
                self.chunks[idx] = payload

    def result(self):
        return torch.cat(self.chunks) / self.world_size


def build_ring(world_size):
    peers = [RingPeer(r, world_size) for r in range(world_size)]
    for r, peer in enumerate(peers):
        peer.connect(peers[(r + 1) % world_size])
    return peers


def ring_allreduce(peers, tensors):
    for peer, t in zip(peers, tensors):
        peer.load(t)
    for phase in ("scatter", "gather"):
        for step in range(len(peers) - 1):
            for peer in peers:
                peer.emit(step, phase)
            for peer in peers:
                peer.absorb()
    return [peer.result() for peer in peers]
