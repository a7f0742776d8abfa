"""Ring all-reduce where peers address their right neighbour by rank through a shared mailbox."""
from collections import deque

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"world_sizes": [4, 3, 4], "steps": 3, "lr": 0.05}


class Mailbox:
    def __init__(self, world_size):
        self.world_size = world_size
        self.queues = [deque() for _ in range(world_size)]

    def send(self, src, idx, payload, accumulate):
        self.queues[(src + 1) % self.world_size].append((idx, payload, accumulate))

    def drain(self, rank):
        q = self.queues[rank]
        while q:
            yield q.popleft()


class RingPeer:
    def __init__(self, rank, world_size):
        self.rank = rank
        self.world_size = world_size
        self.chunks = None

    def emit(self, mailbox, step, phase):
        n = self.world_size
        idx = (self.rank - step) % n if phase == "scatter" else (self.rank + 1 - step) % n
        mailbox.send(self.rank, idx, self.chunks[idx].clone(), phase == "scatter")

    def absorb(self, mailbox):
        for idx, payload, accumulate in mailbox.drain(self.rank):
            self.chunks[idx] = self.chunks[idx] + payload if accumulate else payload


def ring_allreduce(peers, mailbox, tensors):
    for peer, t in zip(peers, tensors):
        peer.chunks = list(t.chunk(peer.world_size))
    for phase in ("scatter", "gather"):
        for step in range(len(peers) - 1):
            for peer in peers:
                peer.emit(mailbox, step, phase)
            for peer in peers:
                peer.absorb(mailbox)
    out = [torch.cat(peer.chunks) / peer.world_size for peer in peers]
    for peer in peers:
        peer.chunks = None
    return out


class Replica:
    def __init__(self, rank, lr):
        torch.manual_seed(0)
        self.model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)
        self.gen = torch.Generator().manual_seed(1000 + rank)

    def local_gradients(self):
        x = torch.randn(12, 16, generator=self.gen)
        loss = F.cross_entropy(self.model(x), x[:, :4].argmax(dim=1))
        self.optimizer.zero_grad()
        loss.backward()
        return torch.cat([p.grad.reshape(-1) for p in self.model.parameters()]), loss.item()

    def apply(self, flat):
        offset = 0
        for p in self.model.parameters():
            p.grad.copy_(flat[offset:offset + p.numel()].view_as(p))
            offset += p.numel()
        self.optimizer.step()


def run_world(world_size, cfg):
    replicas = [Replica(r, cfg["lr"]) for r in range(world_size)]
    peers = [RingPeer(r, world_size) for r in range(world_size)]
    mailbox = Mailbox(world_size)
    for step in range(cfg["steps"]):
        grads, losses = zip(*(rep.local_gradients() for rep in replicas))
        for rep, flat in zip(replicas, ring_allreduce(peers, mailbox, grads)):
            rep.apply(flat)
    return sum(losses) / len(losses)


def main():
    for world_size in CFG["world_sizes"]:
        print("world %d loss %.4f" % (world_size, run_world(world_size, CFG)))


if __name__ == "__main__":
    main()
