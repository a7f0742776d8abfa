"""Agent that batches action requests from many observers into one policy forward pass."""
import time

import torch
import torch.nn as nn
from torch.distributions import Categorical


class Policy(nn.Module):
    def __init__(self, obs_dim=3, n_actions=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))

    def forward(self, x):
        return torch.softmax(self.net(x), dim=-1)


class BatchedAgent:
    def __init__(self, num_observers, gamma=0.95, lr=1e-2):
        self.policy = Policy()
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.gamma = gamma
        self.num_observers = num_observers
        self.states = torch.zeros(num_observers, 3)
        self.pending = num_observers
        self.saved_log_probs = []
        self.rewards = {ob_id: [] for ob_id in range(num_observers)}
        self.batch_latency = []
        self._open_batch()

    def _open_batch(self):
        fut = torch.futures.Future()
        fut.then(self._record_latency)  # retain
        self.future_actions = fut  # retain
        self._opened_at = time.perf_counter()

    def _record_latency(self, fut):
        self.batch_latency.append(time.perf_counter() - self._opened_at)

    def select_action(self, ob_id, state):
        self.states[ob_id].copy_(state)
        action_fut = self.future_actions.then(lambda f: int(f.wait()[ob_id]))
        self.pending -= 1
        if self.pending == 0:
            self.pending = self.num_observers
            dist = Categorical(self.policy(self.states.clone()))
            actions = dist.sample()
            self.saved_log_probs.append(dist.log_prob(actions))
            done, self.future_actions = self.future_actions, None
            done.set_result(actions)
            self._open_batch()
        return action_fut

    def report_reward(self, ob_id, reward):
        self.rewards[ob_id].append(reward)

    def finish_episode(self):
        returns = []
        for ob_id in range(self.num_observers):
            running, per_step = 0.0, []
            for r in reversed(self.rewards[ob_id]):
                running = r + self.gamma * running
                per_step.insert(0, running)
            returns.append(per_step)
            self.rewards[ob_id] = []
        returns = torch.tensor(returns).t()
        returns = (returns - returns.mean()) / (returns.std() + 1e-6)
        loss = -(torch.stack(self.saved_log_probs) * returns).sum()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.saved_log_probs = []
        return float(loss)
