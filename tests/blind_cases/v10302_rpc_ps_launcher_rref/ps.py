"""Parameter server: owns the master weights and applies pushed gradients."""
import threading

import torch
import torch.nn as nn


def build_model(cfg):
    return nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.ReLU(),
                         nn.Linear(cfg["hidden"], cfg["n_classes"]))


class ParameterServer:
    def __init__(self, cfg):
        self.model = build_model(cfg)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.version = 0
        self._lock = threading.Lock()

    def get_weights(self):
        with self._lock, torch.no_grad():
            return self.version, [p.detach().clone() for p in self.model.parameters()]

    def apply_gradients(self, version, grads):
        with self._lock:
            staleness = self.version - version
            scale = 1.0 / (1 + staleness)
            for p, g in zip(self.model.parameters(), grads):
                p.grad = g * scale
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            self.version += 1
            return self.version
