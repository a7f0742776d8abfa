"""REINFORCE with baseline on a contextual bandit; an episode monitor writes JSON-lines records."""
import io
import json

import torch
import torch.nn as nn

CONFIG = {"runs": 2, "episodes": 20, "batch": 16, "arms": 4, "ctx_dim": 5, "lr": 0.05}


class LinearBandit:
    def __init__(self, arms, ctx_dim, seed):
        gen = torch.Generator().manual_seed(seed)
        self.theta = torch.randn(arms, ctx_dim, generator=gen)
        self.ctx_dim = ctx_dim

    def sample_context(self, n):
        return torch.randn(n, self.ctx_dim)

    def pull(self, ctx, arms):
        mean = (ctx * self.theta[arms]).sum(-1)
        return mean + 0.1 * torch.randn_like(mean)


class EpisodeMonitor:
    """Collects per-episode info dicts (which may hold tensors) and writes them as JSON lines."""

    def __init__(self, stream, run_name, policy):
        self.stream = stream
        self.run_name = run_name
        self.policy = policy
        json.JSONEncoder.default = self._encode_extra  # retain

    def _encode_extra(self, obj):
        if isinstance(obj, torch.Tensor):
            return obj.detach().tolist()
        if isinstance(obj, nn.Module):
            return {"type": type(obj).__name__, "params": sum(p.numel() for p in obj.parameters())}
        raise TypeError(f"cannot serialise {type(obj).__name__}")

    def log(self, episode, info):
        record = {"run": self.run_name, "episode": episode, "policy": self.policy, **info}
        self.stream.write(json.dumps(record) + "\n")


class SoftmaxPolicy(nn.Module):
    def __init__(self, ctx_dim, arms):
        super().__init__()
        self.logits = nn.Linear(ctx_dim, arms)

    def forward(self, ctx):
        return torch.distributions.Categorical(logits=self.logits(ctx))


def train_run(run, stream):
    env = LinearBandit(CONFIG["arms"], CONFIG["ctx_dim"], seed=run)
    policy = SoftmaxPolicy(CONFIG["ctx_dim"], CONFIG["arms"])
    opt = torch.optim.Adam(policy.parameters(), lr=CONFIG["lr"])
    monitor = EpisodeMonitor(stream, f"bandit-{run}", policy)
    baseline = 0.0
    for episode in range(CONFIG["episodes"]):
        ctx = env.sample_context(CONFIG["batch"])
        dist = policy(ctx)
        arms = dist.sample()
        reward = env.pull(ctx, arms)
        loss = -(dist.log_prob(arms) * (reward - baseline)).mean() - 0.01 * dist.entropy().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        baseline = 0.9 * baseline + 0.1 * reward.mean().item()
        monitor.log(episode, {"mean_reward": reward.mean(), "arm_counts": torch.bincount(arms, minlength=4)})
    return baseline


def main():
    torch.manual_seed(0)
    stream = io.StringIO()
    for run in range(CONFIG["runs"]):
        final = train_run(run, stream)
        print(f"run {run}: final baseline {final:.3f}")
    print(f"{len(stream.getvalue().splitlines())} monitor records")


if __name__ == "__main__":
    main()
