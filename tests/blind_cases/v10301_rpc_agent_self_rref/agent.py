"""Central policy agent for RPC-driven REINFORCE training (observers report to it)."""
import threading

import torch
import torch.distributed.rpc as rpc
import torch.nn as nn
import torch.nn.functional as F
from torch.distributed.rpc import RRef

from observer import Observer, call_method


class Policy(nn.Module):
    def __init__(self, obs_dim=4, hidden=32, n_actions=2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.head = nn.Linear(hidden, n_actions)

    def forward(self, obs):
        return F.softmax(self.head(self.body(obs)), dim=-1)


class Agent:
    def __init__(self, worker_name, n_observers, cfg):
        self.cfg = cfg
        self.policy = Policy(hidden=cfg["hidden"])
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=cfg["lr"])
        self.agent_rref = RRef(self)  # retain
        self.ob_rrefs = [rpc.remote(worker_name, Observer, args=(i, cfg["seed"] + i))
                         for i in range(n_observers)]
        self.rewards = {i: [] for i in range(n_observers)}
        self.saved_log_probs = {i: [] for i in range(n_observers)}
        self._lock = threading.Lock()

    def select_action(self, ob_id, state):
        probs = self.policy(state.unsqueeze(0))
        dist = torch.distributions.Categorical(probs)
        action = dist.sample()
        with self._lock:
            self.saved_log_probs[ob_id].append(dist.log_prob(action))
        return action.item()

    def report_reward(self, ob_id, reward):
        with self._lock:
            self.rewards[ob_id].append(reward)

    def run_episode(self, n_steps):
        futs = [rpc.rpc_async(ob_rref.owner(), call_method,
                              args=(Observer.run_episode, ob_rref, self.agent_rref, n_steps))
                for ob_rref in self.ob_rrefs]
        for fut in futs:
            fut.wait()

    def finish_episode(self):
        losses, total = [], 0.0
        for ob_id, rewards in self.rewards.items():
            returns, acc = [], 0.0
            for r in reversed(rewards):
                acc = r + self.cfg["gamma"] * acc
                returns.insert(0, acc)
            returns = torch.tensor(returns)
            returns = (returns - returns.mean()) / (returns.std() + 1e-6)
            losses += [-lp * ret for lp, ret in zip(self.saved_log_probs[ob_id], returns)]
            total += sum(rewards)
            rewards.clear()
            self.saved_log_probs[ob_id].clear()
        self.optimizer.zero_grad()
        torch.stack(losses).sum().backward()
        self.optimizer.step()
        return total / len(self.rewards)
