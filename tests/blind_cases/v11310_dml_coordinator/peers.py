"""Deep mutual learning: a cohort of students that teach each other online."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Peer(nn.Module):
    """One cohort member with its own optimizer; it never sees the other peers."""

    def __init__(self, name, net, lr, temperature):
        super().__init__()
        self.name = name
        self.net = net
        self.T = temperature
        self.optimizer = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
        self.last_logits = None

    def forward(self, x):
        return self.net(x)

    def update(self, x, y, mimicry_logits):
        logits = self.net(x)
        target = F.softmax(mimicry_logits / self.T, dim=1)
        kl = F.kl_div(F.log_softmax(logits / self.T, dim=1), target,
                      reduction="batchmean") * self.T ** 2
        loss = F.cross_entropy(logits, y) + kl
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.last_logits = logits.detach()
        return loss.item(), kl.item()


class Cohort:
    def __init__(self, nets, lr=0.05, temperature=3.0):
        self.peers = [Peer(f"peer{i}", net, lr, temperature) for i, net in enumerate(nets)]
        self.by_name = {peer.name: peer for peer in self.peers}

    def step(self, x, y):
        with torch.no_grad():
            current = {peer.name: peer(x) for peer in self.peers}
        stats = {}
        for peer in self.peers:
            others = [logits for name, logits in current.items() if name != peer.name]
            stats[peer.name] = peer.update(x, y, torch.stack(others).mean(0))
        return stats

    @torch.no_grad()
    def evaluate(self, x, y):
        accs = {p.name: (p(x).argmax(1) == y).float().mean().item() for p in self.peers}
        ens = torch.stack([F.softmax(p(x), dim=1) for p in self.peers]).mean(0)
        accs["ensemble"] = (ens.argmax(1) == y).float().mean().item()
        return accs
