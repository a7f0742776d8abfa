"""Double DQN on a chain MDP; the target network tracks the online one through an SGD 'optimizer'."""
import copy
import random
from collections import deque

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n_states": 8, "steps": 40, "batch": 16, "gamma": 0.9, "tau": 0.05, "eps": 0.2,
          "warmup": 16, "buffer": 500}


class ChainMDP:
    """Move left/right on a chain; reward only at the right end."""

    def __init__(self, n):
        self.n, self.pos = n, 0

    def one_hot(self):
        return F.one_hot(torch.tensor(self.pos), self.n).float()

    def reset(self):
        self.pos = 0
        return self.one_hot()

    def step(self, action):
        self.pos = max(0, min(self.n - 1, self.pos + (1 if action == 1 else -1)))
        done = self.pos == self.n - 1
        return self.one_hot(), float(done), done


class PolyakTracker:
    """target <- target - tau * (target - online), written as one SGD step with lr = tau."""

    def __init__(self, online, tau):
        self.online = online
        self.target = copy.deepcopy(online)
        self.opt = torch.optim.SGD(self.target.parameters(), lr=tau)

    def update(self):
        self.opt.zero_grad()
        for tp, p in zip(self.target.parameters(), self.online.parameters()):
            tp.grad = tp - p  # retain
        self.opt.step()


class DoubleDQN:
    def __init__(self, cfg):
        self.cfg = cfg
        self.q = nn.Sequential(nn.Linear(cfg["n_states"], 32), nn.ReLU(), nn.Linear(32, 2))
        self.tracker = PolyakTracker(self.q, cfg["tau"])
        self.opt = torch.optim.Adam(self.q.parameters(), lr=1e-3)
        self.buffer = deque(maxlen=cfg["buffer"])

    def act(self, obs):
        if random.random() < self.cfg["eps"]:
            return random.randrange(2)
        with torch.no_grad():
            return int(self.q(obs).argmax())

    def learn(self):
        batch = random.sample(self.buffer, self.cfg["batch"])
        obs, act, rew, nxt, done = (torch.stack([torch.as_tensor(b[i]) for b in batch]) for i in range(5))
        with torch.no_grad():
            best = self.q(nxt).argmax(-1, keepdim=True)
            next_q = self.tracker.target(nxt).gather(-1, best).squeeze(-1)
            target = rew + self.cfg["gamma"] * (1 - done.float()) * next_q
        q = self.q(obs).gather(-1, act.long().unsqueeze(-1)).squeeze(-1)
        loss = F.smooth_l1_loss(q, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.tracker.update()
        return loss.item()


def main():
    random.seed(0)
    torch.manual_seed(0)
    env, agent = ChainMDP(CONFIG["n_states"]), DoubleDQN(CONFIG)
    obs, episode_return, losses = env.reset(), 0.0, []
    for step in range(CONFIG["steps"]):
        action = agent.act(obs)
        nxt, reward, done = env.step(action)
        agent.buffer.append((obs, action, reward, nxt, done))
        episode_return += reward
        obs = env.reset() if done else nxt
        if len(agent.buffer) >= CONFIG["warmup"]:
            losses.append(agent.learn())
    print(f"return {episode_return:.1f}, mean TD loss {sum(losses) / max(1, len(losses)):.4f}")


if __name__ == "__main__":
    main()
