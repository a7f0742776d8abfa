"""Plugins: L2-SP style anchoring to the previous experience's weights, and reservoir replay."""
import random

import torch


class AnchorPlugin:
    """Penalises drift from a snapshot of the parameters taken after each experience."""

    def __init__(self, alpha=0.1):
        self.alpha = alpha
        self.anchors = {}
        self.state = None

    def before_training_exp(self, state):
        if self.state is None:
            self.state = state  # cycle
            state["penalties"].append(self.penalty)  # cycle

    def after_training_exp(self, state):
        self.anchors = {n: p.detach().clone() for n, p in state["model"].named_parameters()}

    def penalty(self):
        if not self.anchors:
            return torch.zeros(())
        model = self.state["model"]
        drift = sum((p - self.anchors[n]).pow(2).sum() for n, p in model.named_parameters())
        return 0.5 * self.alpha * drift


class ReplayPlugin:
    """Reservoir memory; mixes a few stored samples into every mini-batch."""

    def __init__(self, mem_size=64, replay_size=8, seed=0):
        self.mem_size = mem_size
        self.replay_size = replay_size
        self.rng = random.Random(seed)
        self.memory = []
        self.seen = 0

    def before_forward(self, state):
        if not self.memory:
            return
        picks = self.rng.sample(self.memory, min(self.replay_size, len(self.memory)))
        x, y = state["batch"]
        state["batch"] = (torch.cat([x, torch.stack([p[0] for p in picks])]),
                          torch.cat([y, torch.stack([p[1] for p in picks])]))

    def after_training_exp(self, state):
        xs, ys = state["dataset"]
        for x, y in zip(xs, ys):
            if len(self.memory) < self.mem_size:
                self.memory.append((x, y))
            else:
                j = self.rng.randrange(self.seen + 1)
                if j < self.mem_size:
                    self.memory[j] = (x, y)
            self.seen += 1
