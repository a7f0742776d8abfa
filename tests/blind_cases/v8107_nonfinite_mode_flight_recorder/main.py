"""Masked-action policy gradient on a contextual bandit, run under a non-finite watch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from nanwatch import RECORDER, NonFiniteWatch

CFG = {"obs": 8, "actions": 6, "hidden": 32, "steps": 5, "batch": 16, "lr": 1e-2,
       "entropy_coef": 0.01}


class MaskedPolicy(nn.Module):
    def __init__(self, obs, actions, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, hidden), nn.Tanh(), nn.Linear(hidden, actions))

    def forward(self, obs, action_mask):
        logits = self.body(obs) + torch.log(action_mask)
        return F.log_softmax(logits, dim=-1)


def sample_contexts(cfg):
    obs = torch.randn(cfg["batch"], cfg["obs"])
    mask = (torch.rand(cfg["batch"], cfg["actions"]) > 0.3).float()
    mask[:, 0] = 1.0
    payoff = torch.randn(cfg["batch"], cfg["actions"]) + obs[:, :1]
    return obs, mask, payoff


def policy_loss(log_probs, mask, payoff, cfg):
    actions = torch.multinomial(log_probs.exp(), 1).squeeze(1)
    reward = payoff.gather(1, actions.unsqueeze(1)).squeeze(1)
    advantage = reward - reward.mean()
    chosen = log_probs.gather(1, actions.unsqueeze(1)).squeeze(1)
    safe_log = log_probs.masked_fill(mask == 0, 0.0)
    entropy = -(log_probs.exp() * safe_log).sum(-1).mean()
    return -(advantage * chosen).mean() - cfg["entropy_coef"] * entropy, reward.mean()


def main():
    cfg = dict(CFG)
    policy = MaskedPolicy(cfg["obs"], cfg["actions"], cfg["hidden"])
    optimizer = torch.optim.Adam(policy.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        RECORDER.step = step
        obs, mask, payoff = sample_contexts(cfg)
        with NonFiniteWatch():
            log_probs = policy(obs, mask)
            loss, mean_reward = policy_loss(log_probs, mask, payoff, cfg)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"step {step}: reward {mean_reward.item():.3f}, non-finite ops so far {RECORDER.counts()}")


if __name__ == "__main__":
    main()
