"""Cart-on-a-track simulator with step listeners (loggers, reward monitors)."""
import copy

import torch


class CartTrack:
    def __init__(self, dt=0.1, max_force=1.0, target=1.0):
        self.dt, self.max_force, self.target = dt, max_force, target
        self.state = torch.zeros(2)
        self._listeners = []
        self.t = 0

    def add_listener(self, fn):
        self._listeners.append(fn)  # cycle

    def reset(self, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.state = torch.randn(2, generator=gen) * 0.1
        self.t = 0
        return self.state

    def step(self, force):
        x, v = self.state
        v = v + self.dt * (force.clamp(-self.max_force, self.max_force) - 0.1 * v)
        x = x + self.dt * v
        self.state = torch.stack([x, v])
        self.t += 1
        reward = -float((x - self.target) ** 2) - 0.01 * float(force ** 2)
        for fn in self._listeners:
            fn(self.state, reward)
        return self.state, reward

    def clone(self):
        """Cheap snapshot for lookahead: step() rebinds self.state instead of mutating it."""
        return copy.copy(self)  # cycle
