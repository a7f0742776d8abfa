"""DDPG on a 1-D point-mass task with Ornstein-Uhlenbeck exploration noise."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"episodes": 3, "horizon": 25, "batch_size": 32, "gamma": 0.98, "tau": 0.05,
          "noise": {"theta": 0.15, "mu": 0.0, "sigma": 0.2, "dt": 0.05}, "seeds": [0, 1]}


class PointMass:
    def reset(self):
        self.state = torch.tensor([1.0, 0.0])
        return self.state.clone()

    def step(self, action):
        pos, vel = self.state
        vel = vel + 0.1 * float(action)
        pos = pos + 0.1 * vel
        self.state = torch.stack([pos, vel])
        return self.state.clone(), -float(pos ** 2 + 0.1 * action.pow(2).sum())


class DDPGAgent:
    def __init__(self, obs_dim, act_dim, cfg):
        self.cfg = cfg
        self.act_dim = act_dim
        self.actor = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, act_dim), nn.Tanh())
        self.critic = nn.Sequential(nn.Linear(obs_dim + act_dim, 32), nn.ReLU(), nn.Linear(32, 1))
        self.actor_target = copy.deepcopy(self.actor).requires_grad_(False)
        self.critic_target = copy.deepcopy(self.critic).requires_grad_(False)
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-3)
        self.reset_noise()

    def _ou_process(self):
        p = self.cfg["noise"]
        x = torch.full((self.act_dim,), p["mu"])
        while True:
            x = x + p["theta"] * (p["mu"] - x) * p["dt"] + p["sigma"] * p["dt"] ** 0.5 * torch.randn(self.act_dim)
            yield x

    def reset_noise(self):
        self._noise = self._ou_process()  # cycle

    def act(self, obs, explore=True):
        with torch.no_grad():
            action = self.actor(obs)
        if explore:
            action = action + next(self._noise)
        return action.clamp(-1.0, 1.0)

    def update(self, batch):
        obs, act, rew, nxt = batch
        with torch.no_grad():
            next_q = self.critic_target(torch.cat([nxt, self.actor_target(nxt)], -1)).squeeze(-1)
            target = rew + self.cfg["gamma"] * next_q
        q = self.critic(torch.cat([obs, act], -1)).squeeze(-1)
        critic_loss = F.mse_loss(q, target)
        self.critic_opt.zero_grad()
        critic_loss.backward()
        self.critic_opt.step()
        actor_loss = -self.critic(torch.cat([obs, self.actor(obs)], -1)).mean()
        self.actor_opt.zero_grad()
        actor_loss.backward()
        self.actor_opt.step()
        with torch.no_grad():
            for net, tgt in ((self.actor, self.actor_target), (self.critic, self.critic_target)):
                for p, tp in zip(net.parameters(), tgt.parameters()):
                    tp.lerp_(p, self.cfg["tau"])
        return critic_loss.item()


def run(seed, cfg):
    torch.manual_seed(seed)
    env, agent = PointMass(), DDPGAgent(2, 1, cfg)
    transitions, loss = [], float("nan")
    for episode in range(cfg["episodes"]):
        obs = env.reset()
        agent.reset_noise()
        for t in range(cfg["horizon"]):
            action = agent.act(obs)
            nxt, reward = env.step(action)
            transitions.append((obs, action, torch.tensor(reward), nxt))
            obs = nxt
            if len(transitions) >= cfg["batch_size"]:
                idx = torch.randint(len(transitions), (cfg["batch_size"],)).tolist()
                batch = [torch.stack(x) for x in zip(*(transitions[i] for i in idx))]
                loss = agent.update(batch)
    return loss


def main():
    for seed in CONFIG["seeds"]:
        print(f"seed {seed}: critic loss {run(seed, CONFIG):.4f}")


if __name__ == "__main__":
    main()
