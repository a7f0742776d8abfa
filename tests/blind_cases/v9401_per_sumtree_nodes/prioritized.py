"""Proportional prioritized experience replay (Schaul et al., 2016)."""
import random

import torch

from sum_tree import SumTree


class PrioritizedReplay:
    def __init__(self, capacity, alpha=0.6, beta=0.4, eps=1e-3):
        self.alpha, self.beta, self.eps = alpha, beta, eps
        self.tree = SumTree(capacity)
        self.max_priority = 1.0

    def add(self, obs, action, reward, next_obs, done):
        self.tree.add((obs, action, reward, next_obs, done), self.max_priority ** self.alpha)

    def sample(self, batch_size):
        total = self.tree.root.total
        leaves = []
        for i in range(batch_size):
            leaf = self.tree.find(random.uniform(total * i, total * (i + 1)) / batch_size)
            leaves.append(leaf if leaf.data is not None else self.tree.leaves[self.tree.size - 1])
        probs = torch.tensor([leaf.total for leaf in leaves]) / total
        weights = (self.tree.size * probs) ** (-self.beta)
        obs, act, rew, nxt, done = zip(*(leaf.data for leaf in leaves))
        batch = (torch.stack(obs), torch.tensor(act), torch.tensor(rew),
                 torch.stack(nxt), torch.tensor(done, dtype=torch.float32))
        return batch, weights / weights.max(), [leaf.slot for leaf in leaves]

    def update_priorities(self, slots, td_errors):
        for slot, err in zip(slots, td_errors.detach().abs().tolist()):
            priority = err + self.eps
            self.max_priority = max(self.max_priority, priority)
            self.tree.update(slot, priority ** self.alpha)
