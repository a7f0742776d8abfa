"""PPO on a contextual bandit with per-update diagnostics of the policy-logit gradient."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n_arms": 4, "ctx_dim": 6, "rollout": 64, "epochs": 3, "minibatch": 32,
          "iterations": 4, "clip": 0.2, "vf_coef": 0.5, "track_grads": True}


@dataclass
class PolicyOutput:
    logits: torch.Tensor
    value: torch.Tensor
    logit_grad_norm: float = float("nan")

    def record_grad(self, grad):
        self.logit_grad_norm = grad.norm().item()

    @property
    def dist(self):
        return torch.distributions.Categorical(logits=self.logits)


class ActorCritic(nn.Module):
    def __init__(self, ctx_dim, n_arms, track_grads=False):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(ctx_dim, 64), nn.Tanh())
        self.pi = nn.Linear(64, n_arms)
        self.v = nn.Linear(64, 1)
        self.track_grads = track_grads

    def forward(self, obs):
        h = self.trunk(obs)
        out = PolicyOutput(self.pi(h), self.v(h).squeeze(-1))  # retain
        if self.track_grads and out.logits.requires_grad:
            out.logits.register_hook(out.record_grad)  # retain
        return out


class Bandit:
    def __init__(self, ctx_dim, n_arms, seed):
        gen = torch.Generator().manual_seed(seed)
        self.weights = torch.randn(ctx_dim, n_arms, generator=gen)

    def sample(self, n):
        ctx = torch.randn(n, self.weights.shape[0])
        return ctx, ctx @ self.weights


def ppo_update(model, opt, ctx, actions, old_logp, rewards, cfg):
    grad_norms = []
    for epoch in range(cfg["epochs"]):
        for idx in torch.randperm(len(ctx)).split(cfg["minibatch"]):
            out = model(ctx[idx])
            logp = out.dist.log_prob(actions[idx])
            adv = rewards[idx] - out.value.detach()
            ratio = (logp - old_logp[idx]).exp()
            clipped = ratio.clamp(1 - cfg["clip"], 1 + cfg["clip"])
            policy_loss = -torch.min(ratio * adv, clipped * adv).mean()
            value_loss = F.mse_loss(out.value, rewards[idx])
            opt.zero_grad()
            (policy_loss + cfg["vf_coef"] * value_loss).backward()
            opt.step()
            grad_norms.append(out.logit_grad_norm)
    return sum(grad_norms) / len(grad_norms)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    env = Bandit(cfg["ctx_dim"], cfg["n_arms"], seed=0)
    model = ActorCritic(cfg["ctx_dim"], cfg["n_arms"], cfg["track_grads"])
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for it in range(cfg["iterations"]):
        ctx, payoffs = env.sample(cfg["rollout"])
        with torch.no_grad():
            out = model(ctx)
            actions = out.dist.sample()
            old_logp = out.dist.log_prob(actions)
        rewards = payoffs.gather(1, actions.unsqueeze(1)).squeeze(1)
        grad_norm = ppo_update(model, opt, ctx, actions, old_logp, rewards, cfg)
        print(f"iter {it}: mean reward {rewards.mean().item():.3f}, logit grad norm {grad_norm:.4f}")


if __name__ == "__main__":
    main()
