"""DQN on a stiff spring simulator whose integrator occasionally diverges; crashes end the episode."""
import random
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"steps": 60, "batch": 16, "capacity": 256, "gamma": 0.95, "eps": 0.3, "forces": (-3.0, 0.0, 3.0)}


class SimulationDiverged(RuntimeError):
    pass


class StiffSpring:
    def __init__(self, k=40.0, dt=0.05, limit=4.0):
        self.k, self.dt, self.limit = k, dt, limit
        self.x, self.v = 0.0, 0.0

    def reset(self):
        self.x, self.v = random.uniform(-0.5, 0.5), 0.0
        return torch.tensor([self.x, self.v])

    def step(self, force):
        self.x, self.v = self.x + self.dt * self.v, self.v + self.dt * (force - self.k * self.x)
        if abs(self.x) > self.limit or abs(self.v) > 10 * self.limit:
            raise SimulationDiverged(f"state blew up: x={self.x:.2f} v={self.v:.2f}")
        return torch.tensor([self.x, self.v]), -self.x ** 2, False, {}


class Transition(NamedTuple):
    obs: torch.Tensor
    action: int
    reward: float
    next_obs: torch.Tensor
    done: bool
    info: dict


class ReplayBuffer:
    def __init__(self, capacity):
        self.capacity, self.pos = capacity, 0
        self.storage = []  # cycle

    def push(self, transition):
        if len(self.storage) < self.capacity:
            self.storage.append(transition)  # cycle
        else:
            self.storage[self.pos] = transition
        self.pos = (self.pos + 1) % self.capacity

    def sample(self, n):
        return random.sample(self.storage, n)


class Collector:
    def __init__(self, env, q_net, capacity):
        self.env, self.q_net = env, q_net
        self.buffer = ReplayBuffer(capacity)  # cycle
        self.obs = env.reset()
        self.crashes = 0

    def collect(self, n_steps, eps):
        for _ in range(n_steps):
            if random.random() < eps:
                action = random.randrange(len(CONFIG["forces"]))
            else:
                with torch.no_grad():
                    action = int(self.q_net(self.obs).argmax())
            try:
                next_obs, reward, done, info = self.env.step(CONFIG["forces"][action])
            except SimulationDiverged as err:
                self.crashes += 1
                next_obs, reward, done = self.obs, -10.0, True
                info = {"diverged": err, "TimeLimit.truncated": False}  # cycle
            self.buffer.push(Transition(self.obs, action, reward, next_obs, done, info))  # cycle
            self.obs = self.env.reset() if done else next_obs


def td_update(q_net, opt, batch, gamma):
    obs = torch.stack([t.obs for t in batch])
    nxt = torch.stack([t.next_obs for t in batch])
    act = torch.tensor([t.action for t in batch])
    rew = torch.tensor([t.reward for t in batch])
    terminal = torch.tensor([float(t.done and not t.info.get("TimeLimit.truncated")) for t in batch])
    with torch.no_grad():
        target = rew + gamma * (1 - terminal) * q_net(nxt).max(-1).values
    loss = F.mse_loss(q_net(obs).gather(-1, act.unsqueeze(-1)).squeeze(-1), target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def main():
    random.seed(3)
    torch.manual_seed(0)
    q_net = nn.Sequential(nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, len(CONFIG["forces"])))
    opt = torch.optim.Adam(q_net.parameters(), lr=1e-3)
    collector = Collector(StiffSpring(), q_net, CONFIG["capacity"])
    for it in range(CONFIG["steps"] // 10):
        collector.collect(10, CONFIG["eps"])
        if len(collector.buffer.storage) >= CONFIG["batch"]:
            loss = td_update(q_net, opt, collector.buffer.sample(CONFIG["batch"]), CONFIG["gamma"])
            print(f"iter {it}: loss {loss:.3f}, crashes so far {collector.crashes}")


if __name__ == "__main__":
    main()
