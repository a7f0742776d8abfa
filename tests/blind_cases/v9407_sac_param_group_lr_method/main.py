"""SAC sweep over two learning rates on a 1-D velocity-control task."""
import torch

from sac import SACAgent
from schedules import apply_group_lrs

BASE = {"gamma": 0.97, "tau": 0.02, "warmup": 5, "total_steps": 40, "actor_delay": 10,
        "alpha_lr": 1e-3, "batch_size": 32}


def env_step(state, action):
    nxt = (state + 0.1 * action).clamp(-2.0, 2.0)
    return nxt, -nxt.pow(2).sum(-1)


def train(cfg, seed):
    torch.manual_seed(seed)
    agent = SACAgent(1, 1, cfg)
    state, replay, lrs = torch.randn(1), [], {}
    for step in range(cfg["total_steps"]):
        action = agent.act(state)
        nxt, reward = env_step(state, action)
        replay.append((state, action, reward, nxt, torch.tensor(0.0)))
        state = nxt if step % 10 else torch.randn(1)
        if len(replay) < cfg["batch_size"]:
            continue
        idx = torch.randint(len(replay), (cfg["batch_size"],)).tolist()
        batch = [torch.stack(x) for x in zip(*(replay[i] for i in idx))]
        loss = agent.loss(*batch)
        agent.optim.zero_grad()
        loss.backward()
        lrs = apply_group_lrs(agent.optim, step)
        agent.optim.step()
        agent.sync_target()
    return lrs


def main():
    for lr in (3e-4, 1e-3):
        lrs = train(dict(BASE, lr=lr), seed=0)
        print(f"lr={lr}: final group lrs " + ", ".join(f"{k}={v:.2e}" for k, v in lrs.items()))


if __name__ == "__main__":
    main()
