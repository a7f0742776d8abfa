"""TD3 on a 2-D reaching task; target networks are refreshed by loading an interpolated state dict."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"steps": 30, "batch": 32, "gamma": 0.97, "tau": 0.01, "policy_delay": 2,
          "target_noise": 0.2, "noise_clip": 0.5}


def mlp(n_in, n_out, out_act=nn.Identity):
    return nn.Sequential(nn.Linear(n_in, 64), nn.ReLU(), nn.Linear(64, n_out), out_act())


def polyak_state(online, target, tau):
    online_params = dict(online.named_parameters())
    return {name: tau * online_params[name] + (1 - tau) * value for name, value in target.state_dict().items()}


class TD3:
    def __init__(self, obs_dim, act_dim, cfg):
        self.cfg = cfg
        self.actor = mlp(obs_dim, act_dim, nn.Tanh)
        self.critics = nn.ModuleList([mlp(obs_dim + act_dim, 1) for _ in range(2)])
        self.actor_targ = copy.deepcopy(self.actor)
        self.critics_targ = copy.deepcopy(self.critics)
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_opt = torch.optim.Adam(self.critics.parameters(), lr=1e-3)
        self.updates = 0

    def q(self, critics, obs, act):
        x = torch.cat([obs, act], dim=-1)
        return [c(x).squeeze(-1) for c in critics]

    def update(self, obs, act, rew, nxt):
        with torch.no_grad():
            noise = (torch.randn_like(act) * self.cfg["target_noise"]).clamp(-self.cfg["noise_clip"], self.cfg["noise_clip"])
            next_act = (self.actor_targ(nxt) + noise).clamp(-1, 1)
            target = rew + self.cfg["gamma"] * torch.min(*self.q(self.critics_targ, nxt, next_act))
        q1, q2 = self.q(self.critics, obs, act)
        critic_loss = F.mse_loss(q1, target) + F.mse_loss(q2, target)
        self.critic_opt.zero_grad()
        critic_loss.backward()
        self.critic_opt.step()
        self.updates += 1
        if self.updates % self.cfg["policy_delay"] == 0:
            actor_loss = -self.q(self.critics[:1], obs, self.actor(obs))[0].mean()
            self.actor_opt.zero_grad()
            actor_loss.backward()
            self.actor_opt.step()
            self.actor_targ.load_state_dict(polyak_state(self.actor, self.actor_targ, self.cfg["tau"]))
            self.critics_targ.load_state_dict(polyak_state(self.critics, self.critics_targ, self.cfg["tau"]))
        return critic_loss.item()


class Reacher:
    def __init__(self, n):
        self.pos = torch.zeros(n, 2)
        self.goal = torch.rand(n, 2) * 2 - 1

    def obs(self):
        return torch.cat([self.pos, self.goal], dim=-1)

    def step(self, act):
        self.pos = (self.pos + 0.1 * act).clamp(-1, 1)
        return self.obs(), -torch.linalg.norm(self.pos - self.goal, dim=-1)


def main():
    torch.manual_seed(0)
    env = Reacher(CONFIG["batch"])
    agent = TD3(4, 2, CONFIG)
    obs = env.obs()
    for step in range(CONFIG["steps"]):
        with torch.no_grad():
            act = (agent.actor(obs) + 0.1 * torch.randn(CONFIG["batch"], 2)).clamp(-1, 1)
        nxt, rew = env.step(act)
        loss = agent.update(obs, act, rew, nxt)
        obs = nxt
        if step % 10 == 0:
            print(f"step {step}: critic loss {loss:.4f}, mean reward {rew.mean().item():.3f}")


if __name__ == "__main__":
    main()
