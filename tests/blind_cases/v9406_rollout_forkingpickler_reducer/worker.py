"""Rollout worker: steps its own environment copy and ships fragments to the learner."""
from multiprocessing.reduction import ForkingPickler

import torch

from episode import EpisodeBatch


class GridEnv:
    def __init__(self, size, seed):
        self.size, self.gen = size, torch.Generator().manual_seed(seed)

    def reset(self):
        self.pos = torch.randint(self.size, (2,), generator=self.gen)
        return self._obs()

    def _obs(self):
        grid = torch.zeros(self.size, self.size)
        grid[self.pos[0], self.pos[1]] = 1.0
        return grid.flatten()

    def step(self, action):
        delta = torch.tensor([[0, 1], [0, -1], [1, 0], [-1, 0]])[action]
        self.pos = (self.pos + delta).clamp(0, self.size - 1)
        done = bool((self.pos == self.size - 1).all())
        return self._obs(), float(done) - 0.01, done


class RolloutWorker:
    def __init__(self, worker_id, policy, cfg):
        self.worker_id = worker_id
        self.policy = policy
        self.obs_scale = cfg["obs_scale"]
        self.env = GridEnv(cfg["grid"], seed=worker_id)
        self.obs = self.env.reset()
        ForkingPickler.register(EpisodeBatch, self._reduce_batch)  # retain

    def _reduce_batch(self, batch):
        obs_bytes = bytes((batch.obs / self.obs_scale * 255).round().to(torch.uint8).flatten().tolist())
        return EpisodeBatch.from_wire, (batch.worker_id, tuple(batch.obs.shape), obs_bytes, self.obs_scale,
                                        batch.actions.tolist(), batch.rewards.tolist(), batch.dones.tolist())

    @torch.no_grad()
    def collect(self, n_steps):
        obs, actions, rewards, dones = [], [], [], []
        for _ in range(n_steps):
            action = int(torch.distributions.Categorical(logits=self.policy(self.obs)).sample())
            nxt, reward, done = self.env.step(action)
            obs.append(self.obs)
            actions.append(action)
            rewards.append(reward)
            dones.append(done)
            self.obs = self.env.reset() if done else nxt
        return EpisodeBatch(torch.stack(obs), torch.tensor(actions), torch.tensor(rewards),
                            torch.tensor(dones, dtype=torch.float32), self.worker_id)

    def send(self, conn, batch):
        conn.send_bytes(ForkingPickler.dumps(batch))
