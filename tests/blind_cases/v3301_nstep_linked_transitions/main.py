"""n-step DQN on a corridor task: each episode is traced, then flushed into the replay."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from envs import Corridor
from memory import EpisodeTrace, ReplayBuffer

CONFIG = {"n_step": 3, "gamma": 0.97, "lr": 1e-2, "batch_size": 16, "episodes": 6, "eps": 0.3, "target_every": 20}


class NStepDQN:
    def __init__(self, env, cfg, hidden=32):
        self.env, self.cfg = env, cfg
        self.q = nn.Sequential(nn.Linear(env.obs_dim, hidden), nn.ReLU(), nn.Linear(hidden, env.n_actions))
        self.target = copy.deepcopy(self.q).requires_grad_(False)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=cfg["lr"])
        self.replay = ReplayBuffer(500)
        self.updates, self.rng = 0, random.Random(1)

    def act(self, obs):
        if self.rng.random() < self.cfg["eps"]:
            return self.rng.randrange(self.env.n_actions)
        with torch.no_grad():
            return int(self.q(obs).argmax())

    def run_episode(self):
        trace = EpisodeTrace()
        obs, done = self.env.reset(), False
        while not done:
            action = self.act(obs)
            next_obs, reward, done = self.env.step(action)
            trace.append(obs, action, reward, next_obs, done)
            obs = next_obs
            if len(self.replay) >= self.cfg["batch_size"]:
                self.update()
        self.replay.extend(trace.nstep_items(self.cfg["n_step"], self.cfg["gamma"]))
        return trace.length

    def update(self):
        obs, act, ret, nxt, done, disc = self.replay.sample(self.cfg["batch_size"])
        with torch.no_grad():
            target = ret + disc * (1.0 - done) * self.target(nxt).max(dim=1).values
        q = self.q(obs).gather(1, act.unsqueeze(1)).squeeze(1)
        loss = F.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.updates += 1
        if self.updates % self.cfg["target_every"] == 0:
            self.target.load_state_dict(self.q.state_dict())


def main():
    torch.manual_seed(0)
    agent = NStepDQN(Corridor(seed=3), CONFIG)
    return [agent.run_episode() for _ in range(CONFIG["episodes"])]


if __name__ == "__main__":
    main()
