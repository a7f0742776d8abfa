"""Dreamer-style actor-critic learning from trajectories imagined in a learned latent model."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"latent": 16, "act_dim": 2, "horizon": 12, "batch": 32, "updates": 6,
          "gamma": 0.99, "lam": 0.95, "entropy": 1e-3}


class LatentModel(nn.Module):
    def __init__(self, latent, act_dim):
        super().__init__()
        self.transition = nn.GRUCell(act_dim, latent)
        self.reward = nn.Sequential(nn.Linear(latent, 32), nn.ELU(), nn.Linear(32, 1))

    def forward(self, z, action):
        z = self.transition(action, z)
        return z, self.reward(z).squeeze(-1)


def lambda_returns(rewards, values, gamma, lam):
    """TD(lambda) targets for every imagined step; values has one extra bootstrap entry."""
    horizon = rewards.shape[0]
    memo = {}

    def ret(t):  # cycle
        if t in memo:
            return memo[t]
        if t == horizon - 1:
            out = rewards[t] + gamma * values[t + 1]
        else:
            out = rewards[t] + gamma * ((1 - lam) * values[t + 1] + lam * ret(t + 1))
        memo[t] = out
        return out

    return torch.stack([ret(t) for t in range(horizon)])


def imagine(model, actor, start, horizon):
    z, latents, rewards, entropies = start, [start], [], []
    for _ in range(horizon):
        mu, log_std = actor(z).chunk(2, -1)
        dist = torch.distributions.Normal(mu, log_std.clamp(-4, 1).exp())
        z, r = model(z, torch.tanh(dist.rsample()))
        latents.append(z)
        rewards.append(r)
        entropies.append(dist.entropy().sum(-1))
    return torch.stack(latents), torch.stack(rewards), torch.stack(entropies)


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    model = LatentModel(cfg["latent"], cfg["act_dim"]).requires_grad_(False)
    actor = nn.Sequential(nn.Linear(cfg["latent"], 64), nn.ELU(), nn.Linear(64, 2 * cfg["act_dim"]))
    critic = nn.Sequential(nn.Linear(cfg["latent"], 64), nn.ELU(), nn.Linear(64, 1))
    actor_opt = torch.optim.Adam(actor.parameters(), lr=8e-5)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=8e-5)
    for update in range(cfg["updates"]):
        start = torch.randn(cfg["batch"], cfg["latent"])
        latents, rewards, entropies = imagine(model, actor, start, cfg["horizon"])
        values = critic(latents).squeeze(-1)
        targets = lambda_returns(rewards, values, cfg["gamma"], cfg["lam"])
        actor_loss = -(targets.mean() + cfg["entropy"] * entropies.mean())
        actor_opt.zero_grad()
        actor_loss.backward(inputs=list(actor.parameters()))
        actor_opt.step()
        critic_loss = F.mse_loss(critic(latents[:-1].detach()).squeeze(-1), targets.detach())
        critic_opt.zero_grad()
        critic_loss.backward()
        critic_opt.step()
        print(f"update {update}: imagined return {targets[0].mean().item():.3f}, "
              f"critic loss {critic_loss.item():.4f}")


if __name__ == "__main__":
    main()
