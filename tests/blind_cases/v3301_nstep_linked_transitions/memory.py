"""Episode traces for n-step targets and a flat uniform replay buffer."""
import random
from collections import deque
from dataclasses import dataclass
from typing import Optional

import torch


@dataclass(eq=False)
class Step:
    obs: torch.Tensor
    action: int
    reward: float
    next_obs: torch.Tensor
    done: bool
    prev: Optional["Step"] = None
    succ: Optional["Step"] = None


class EpisodeTrace:
    """Steps of the running episode, kept in order so n-step returns can look ahead."""

    def __init__(self):
        self.head = self.tail = None
        self.length = 0

    def append(self, obs, action, reward, next_obs, done):
        node = Step(obs, action, reward, next_obs, done)
        if self.tail is not None:
            node.prev = self.tail  # cycle
            self.tail.succ = node  # cycle
        else:
            self.head = node
        self.tail = node
        self.length += 1

    def nstep_items(self, n, gamma):
        node = self.head
        while node is not None:
            ret, discount, last = 0.0, 1.0, node
            for _ in range(n):
                ret += discount * last.reward
                discount *= gamma
                if last.done or last.succ is None:
                    break
                last = last.succ
            yield node.obs, node.action, ret, last.next_obs, last.done, discount
            node = node.succ


class ReplayBuffer(deque):
    def __init__(self, capacity, seed=0):
        super().__init__(maxlen=capacity)
        self.rng = random.Random(seed)

    def sample(self, batch_size):
        obs, act, ret, nxt, done, disc = zip(*self.rng.sample(list(self), batch_size))
        return (torch.stack(obs), torch.tensor(act), torch.tensor(ret),
                torch.stack(nxt), torch.tensor(done, dtype=torch.float32), torch.tensor(disc))
