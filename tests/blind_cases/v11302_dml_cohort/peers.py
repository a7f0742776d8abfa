"""Deep mutual learning: a cohort of students that teach each other online."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Peer(nn.Module):
    """One cohort member with its own optimizer."""

    def __init__(self, name, net, lr, temperature):
        super().__init__()
        self.name = name
        self.net = net
        self.T = temperature
        self.optimizer = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
        self.cohort = []
        self.last_logits = None

    def forward(self, x):
        return self.net(x)

    def mimicry_target(self):
        others = [p.last_logits for p in self.cohort if p is not self]
        return torch.stack(others).mean(0)

    def update(self, x, y):
        logits = self.net(x)
        target = F.softmax(self.mimicry_target() / self.T, dim=1)
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
        self.peers = [Peer(f"peer{i}", net, lr, temperature) for i, net in enumerate(nets)]  # cycle
        for peer in self.peers:
            peer.cohort = self.peers  # cycle

    def step(self, x, y):
        with torch.no_grad():
            for peer in self.peers:
                peer.last_logits = peer(x)
        return {peer.name: peer.update(x, y) for peer in self.peers}

    @torch.no_grad()
    def evaluate(self, x, y):
        accs = {p.name: (p(x).argmax(1) == y).float().mean().item() for p in self.peers}
        ens = torch.stack([F.softmax(p(x), dim=1) for p in self.peers]).mean(0)
        accs["ensemble"] = (ens.argmax(1) == y).float().mean().item()
        return accs
