"""Synchronous actor-learner loop: rollout workers push trajectory fragments, the learner pulls batches."""
import itertools
import queue
from dataclasses import dataclass

import torch
import torch.nn as nn


class ContextualBanditEnv:
    def __init__(self, batch, n_actions=3, seed=0):
        self.gen = torch.Generator().manual_seed(seed)
        self.batch, self.n_actions = batch, n_actions

    def _context(self):
        return torch.randn(self.batch, self.n_actions + 1, generator=self.gen)

    def reset(self):
        self._ctx = self._context()
        return self._ctx

    def step(self, action):
        best = self._ctx[:, : self.n_actions].argmax(dim=1)
        reward = (action == best).float() - 0.1
        self._ctx = self._context()
        return self._ctx, reward


class CategoricalPolicy(nn.Module):
    def __init__(self, obs_dim=4, n_actions=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))

    def forward(self, obs):
        return torch.distributions.Categorical(logits=self.net(obs))


@dataclass
class Fragment:
    source: "RolloutWorker"
    obs: torch.Tensor
    actions: torch.Tensor
    rewards: torch.Tensor
    behaviour_logp: torch.Tensor
    policy_version: int


class RolloutWorker:
    def __init__(self, worker_id, env, fragment_len=6):
        self.worker_id = worker_id
        self.env = env
        self.policy = CategoricalPolicy()
        self.fragment_len = fragment_len
        self.outbox = queue.Queue()  # cycle
        self.version = 0
        self._obs = env.reset()

    def set_weights(self, state_dict, version):
        if version > self.version:
            self.policy.load_state_dict(state_dict)
            self.version = version

    @torch.no_grad()
    def sample(self):
        obs, acts, rews, logps = [], [], [], []
        for _ in range(self.fragment_len):
            dist = self.policy(self._obs)
            action = dist.sample()
            obs.append(self._obs)
            acts.append(action)
            logps.append(dist.log_prob(action))
            self._obs, reward = self.env.step(action)
            rews.append(reward)
        fragment = Fragment(self, torch.stack(obs), torch.stack(acts), torch.stack(rews),  # cycle
                            torch.stack(logps), self.version)
        self.outbox.put(fragment)  # cycle


class Learner:
    def __init__(self, workers, fragments_per_batch=2, rho_clip=1.0, lr=1e-2):
        self.policy = CategoricalPolicy()
        self.workers = workers
        self.fragments_per_batch = fragments_per_batch
        self.rho_clip = rho_clip
        self.opt = torch.optim.RMSprop(self.policy.parameters(), lr=lr)
        self.version = 0

    def next_batch(self):
        batch = []
        for worker in itertools.cycle(self.workers):
            try:
                batch.append(worker.outbox.get_nowait())
            except queue.Empty:
                continue
            if len(batch) == self.fragments_per_batch:
                return batch

    def update(self, batch):
        obs = torch.cat([f.obs for f in batch])
        acts = torch.cat([f.actions for f in batch])
        rews = torch.cat([f.rewards for f in batch])
        behaviour = torch.cat([f.behaviour_logp for f in batch])
        logp = self.policy(obs).log_prob(acts)
        rho = (logp.detach() - behaviour).exp().clamp(max=self.rho_clip)
        loss = -(rho * (rews - rews.mean()) * logp).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.version += 1
        weights = self.policy.state_dict()
        for fragment in batch:
            fragment.source.set_weights(weights, self.version)
        return float(loss)


def main():
    for run in range(2):
        torch.manual_seed(run)
        workers = [RolloutWorker(i, ContextualBanditEnv(batch=4, seed=10 * run + i)) for i in range(3)]
        learner = Learner(workers, fragments_per_batch=2)
        for _ in range(4):
            for worker in workers:
                worker.sample()
            learner.update(learner.next_batch())


if __name__ == "__main__":
    main()
