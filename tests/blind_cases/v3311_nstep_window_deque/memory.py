"""Sliding n-step window that folds rewards into (s, a, R_n, s_n, done, gamma^k) replay items."""
import random
from collections import deque
from typing import NamedTuple

import torch


class Transition(NamedTuple):
    obs: torch.Tensor
    action: int
    reward: float
    next_obs: torch.Tensor
    done: bool


class NStepWindow:
    def __init__(self, n, gamma):
        self.n, self.gamma = n, gamma
        self.window = deque(maxlen=n)

    def _fold(self):
        ret, discount = 0.0, 1.0
        for last in self.window:
            ret += discount * last.reward
            discount *= self.gamma
            if last.done:
                break
        first = self.window[0]
        return first.obs, first.action, ret, last.next_obs, last.done, discount

    def push(self, transition):
        self.window.append(transition)
        return [self._fold()] if len(self.window) == self.n else []

    def flush(self):
        items = []
        if len(self.window) == self.n:
            self.window.popleft()
        while self.window:
            items.append(self._fold())
            self.window.popleft()
        return items


class ReplayBuffer(deque):
    def __init__(self, capacity, seed=0):
        super().__init__(maxlen=capacity)
        self.rng = random.Random(seed)

    def sample(self, batch_size):
        obs, act, ret, nxt, done, disc = zip(*self.rng.sample(list(self), batch_size))
        return (torch.stack(obs), torch.tensor(act), torch.tensor(ret),
                torch.stack(nxt), torch.tensor(done, dtype=torch.float32), torch.tensor(disc))
