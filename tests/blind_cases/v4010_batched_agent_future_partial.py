"""Batched action server for several environment workers; batch timings are recorded by future callbacks."""
import functools
import time

import torch
import torch.nn as nn
from torch.distributions import Categorical


def _record_latency(latencies, opened_at, fut):
    latencies.append(time.perf_counter() - opened_at)
    return fut.value()


class CorridorEnv:
    def __init__(self, length, seed):
        self.length = length
        self.gen = torch.Generator().manual_seed(seed)

    def reset(self):
        self.pos = int(torch.randint(0, self.length, (1,), generator=self.gen))
        return self.obs()

    def obs(self):
        return torch.tensor([self.pos / self.length, 1.0 - self.pos / self.length])

    def step(self, action):
        self.pos = min(self.length - 1, max(0, self.pos + (1 if action == 1 else -1)))
        return self.obs(), 1.0 if self.pos == self.length - 1 else -0.05


class ActionServer:
    def __init__(self, policy, num_clients):
        self.policy = policy
        self.num_clients = num_clients
        self.inputs = torch.zeros(num_clients, 2)
        self.waiting = num_clients
        self.log_probs = []
        self.latencies = []
        self._open_batch()

    def _open_batch(self):
        self.batch_future = torch.futures.Future()
        self.batch_future.then(functools.partial(_record_latency, self.latencies, time.perf_counter()))

    def request(self, client_id, obs):
        self.inputs[client_id] = obs
        reply = self.batch_future.then(lambda f: int(f.value()[client_id]))
        self.waiting -= 1
        if self.waiting == 0:
            self.waiting = self.num_clients
            dist = Categorical(logits=self.policy(self.inputs.clone()))
            actions = dist.sample()
            self.log_probs.append(dist.log_prob(actions))
            ready = self.batch_future
            self._open_batch()
            ready.set_result(actions)
        return reply


def run_training(seed, num_clients=3, episodes=3, horizon=5):
    torch.manual_seed(seed)
    policy = nn.Sequential(nn.Linear(2, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.Adam(policy.parameters(), lr=5e-3)
    server = ActionServer(policy, num_clients)
    envs = [CorridorEnv(6, seed * 10 + i) for i in range(num_clients)]
    for _ in range(episodes):
        obs = [env.reset() for env in envs]
        rewards = []
        for _ in range(horizon):
            replies = [server.request(i, o) for i, o in enumerate(obs)]
            steps = [env.step(r.wait()) for env, r in zip(envs, replies)]
            obs = [s[0] for s in steps]
            rewards.append([s[1] for s in steps])
        returns = torch.tensor(rewards).flip(0).cumsum(0).flip(0)
        loss = -(torch.stack(server.log_probs) * (returns - returns.mean())).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        server.log_probs.clear()
    return len(server.latencies)


def main():
    for seed in range(2):
        run_training(seed)


if __name__ == "__main__":
    main()
