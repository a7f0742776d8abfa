"""On-policy rollout storage for n-step advantage actor-critic."""
import torch


class RolloutStorage:
    def __init__(self, n_steps):
        self.n_steps = n_steps
        self.log_probs, self.values, self.entropies = [], [], []
        self.rewards, self.masks = [], []

    def __len__(self):
        return len(self.rewards)

    @property
    def full(self):
        return len(self) >= self.n_steps

    def insert(self, log_prob, value, entropy, reward, mask):
        self.log_probs.append(log_prob)  # retain
        self.values.append(value)  # retain
        self.entropies.append(entropy)  # retain
        self.rewards.append(reward)
        self.masks.append(mask)

    def returns(self, next_value, gamma):
        out, running = [], next_value
        for reward, mask in zip(reversed(self.rewards), reversed(self.masks)):
            running = reward + gamma * running * mask
            out.insert(0, running)
        return torch.stack(out)

    def clear(self):
        for buf in (self.log_probs, self.values, self.entropies, self.rewards, self.masks):
            buf.clear()
