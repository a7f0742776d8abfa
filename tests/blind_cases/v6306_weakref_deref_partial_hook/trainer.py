"""Small sequence-classification trainer with an activation monitor."""
import torch
import torch.nn.functional as F

from monitor import ActivationMonitor


class Trainer:
    def __init__(self, model, cfg):
        self.model = model  # cycle
        self.cfg = cfg
        self.log_every = cfg.get("log_every", 2)
        self.global_step = 0
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.monitor = ActivationMonitor(self).attach(model)

    def step(self, x, y):
        loss = F.cross_entropy(self.model(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.global_step += 1
        return loss.item()

    def fit(self, batches):
        losses = [self.step(x, y) for x, y in batches]
        return sum(losses) / len(losses), self.monitor.summary()
