"""n-step DQN on a corridor task; n-step targets are folded online from a bounded window."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

from envs import Corridor
from memory import NStepWindow, ReplayBuffer, Transition

CONFIG = {"n_step": 3, "gamma": 0.97, "lr": 1e-2, "batch_size": 16, "episodes": 6, "eps": 0.3, "target_every": 20}


class NStepDQN:
    def __init__(self, env, cfg, hidden=32):
        self.env, self.cfg = env, cfg
        self.q = nn.Sequential(nn.Linear(env.obs_dim, hidden), nn.ReLU(), nn.Linear(hidden, env.n_actions))
        self.target = copy.deepcopy(self.q).requires_grad_(False)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=cfg["lr"])
        self.replay = ReplayBuffer(500)
        self.updates, self.rng = 0, random.Random(1)
        self.losses = []

    def act(self, obs):
        if self.rng.random() < self.cfg["eps"]:
            return self.rng.randrange(self.env.n_actions)
        with torch.no_grad():
            return int(self.q(obs).argmax())

    def run_episode(self):
        window = NStepWindow(self.cfg["n_step"], self.cfg["gamma"])
        obs, done, steps = self.env.reset(), False, 0
        while not done:
            action = self.act(obs)
            next_obs, reward, done = self.env.step(action)
            self.replay.extend(window.push(Transition(obs, action, reward, next_obs, done)))
            obs, steps = next_obs, steps + 1
            if len(self.replay) >= self.cfg["batch_size"]:
                self.losses.append(self.update())
        self.replay.extend(window.flush())
        return steps

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
        return loss.item()


def main():
    torch.manual_seed(0)
    agent = NStepDQN(Corridor(seed=3), CONFIG)
    return [agent.run_episode() for _ in range(CONFIG["episodes"])], agent.losses[-3:]


if __name__ == "__main__":
    main()
