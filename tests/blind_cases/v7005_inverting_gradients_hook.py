"""DDPG with bounded actions enforced by inverting gradients (Hausknecht & Stone) on the actor output."""
import copy
import functools

import torch
import torch.nn as nn

CONFIG = {"steps": 24, "batch": 16, "gamma": 0.95, "tau": 0.05, "low": -2.0, "high": 2.0}


def invert_gradients(grad, action, low, high):
    span = high - low
    push_up = grad < 0
    scale = torch.where(push_up, (high - action) / span, (action - low) / span)
    return grad * scale


class Pendulum1D:
    def __init__(self, n):
        self.theta = torch.rand(n, 1) * 6.28 - 3.14
        self.omega = torch.zeros(n, 1)

    def obs(self):
        return torch.cat([self.theta.cos(), self.theta.sin(), self.omega], dim=-1)

    def step(self, torque):
        torque = torque.clamp(CONFIG["low"], CONFIG["high"])
        self.omega = (self.omega + 0.05 * (-9.8 * self.theta.sin() + torque)).clamp(-8, 8)
        self.theta = self.theta + 0.05 * self.omega
        cost = self.theta.cos().neg().add(1) + 0.1 * self.omega ** 2 + 0.001 * torque ** 2
        return self.obs(), -cost


class DDPGAgent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.actor = nn.Sequential(nn.Linear(3, 64), nn.ReLU(), nn.Linear(64, 1))
        self.critic = nn.Sequential(nn.Linear(4, 64), nn.ReLU(), nn.Linear(64, 1))
        self.actor_targ = copy.deepcopy(self.actor).requires_grad_(False)
        self.critic_targ = copy.deepcopy(self.critic).requires_grad_(False)
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-3)

    def q(self, net, obs, act):
        return net(torch.cat([obs, act], dim=-1))

    def update(self, obs, act, rew, next_obs):
        with torch.no_grad():
            target = rew + self.cfg["gamma"] * self.q(self.critic_targ, next_obs, self.actor_targ(next_obs))
        critic_loss = (self.q(self.critic, obs, act) - target).pow(2).mean()
        self.critic_opt.zero_grad()
        critic_loss.backward()
        self.critic_opt.step()

        action = self.actor(obs)
        bounds = functools.partial(invert_gradients, action=action.detach(), low=self.cfg["low"], high=self.cfg["high"])
        action.register_hook(bounds)
        actor_loss = -self.q(self.critic, obs, action).mean()
        self.actor_opt.zero_grad()
        actor_loss.backward()
        self.actor_opt.step()
        self.soft_update()
        return critic_loss.item(), actor_loss.item()

    @torch.no_grad()
    def soft_update(self):
        for net, targ in ((self.actor, self.actor_targ), (self.critic, self.critic_targ)):
            for p, tp in zip(net.parameters(), targ.parameters()):
                tp.mul_(1 - self.cfg["tau"]).add_(p, alpha=self.cfg["tau"])


def main():
    torch.manual_seed(0)
    env = Pendulum1D(CONFIG["batch"])
    agent = DDPGAgent(CONFIG)
    obs = env.obs()
    for step in range(CONFIG["steps"]):
        with torch.no_grad():
            act = agent.actor(obs) + 0.3 * torch.randn(CONFIG["batch"], 1)
        next_obs, rew = env.step(act)
        c_loss, a_loss = agent.update(obs, act, rew, next_obs)
        obs = next_obs
        if step % 8 == 0:
            print(f"step {step}: critic {c_loss:.3f} actor {a_loss:.3f}")


if __name__ == "__main__":
    main()
