"""PPO trainer for a tiny LM with a KL penalty against a frozen reference model."""
import copy

import torch
import torch.nn as nn


class AdaptiveKLController:
    """Adaptive KL controller (Ziegler et al., 2019)."""

    def __init__(self, init_kl_coef, target, horizon):
        self.value = init_kl_coef
        self.target = target
        self.horizon = horizon

    def update(self, current, n_steps):
        error = torch.as_tensor(current / self.target - 1.0).clamp(-0.2, 0.2)
        mult = 1.0 + error * n_steps / self.horizon
        self.value = self.value * mult  # retain


class FixedKLController:
    def __init__(self, kl_coef):
        self.value = kl_coef

    def update(self, current, n_steps):
        pass


class PPOTrainer:
    def __init__(self, policy, reward_model, kl_ctl, lr=1e-2, ppo_epochs=2, cliprange=0.2):
        self.policy = policy
        self.ref_model = copy.deepcopy(policy).requires_grad_(False).eval()
        self.reward_model = reward_model
        self.kl_ctl = kl_ctl
        self.ppo_epochs = ppo_epochs
        self.cliprange = cliprange
        self.opt = torch.optim.Adam(policy.parameters(), lr=lr)

    @staticmethod
    def logprobs_of(model, seq, start):
        logp = torch.log_softmax(model(seq[:, :-1]), -1)
        return logp.gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)[:, start:]

    @torch.no_grad()
    def generate(self, prompts, gen_len):
        seq = prompts
        for _ in range(gen_len):
            probs = torch.softmax(self.policy(seq)[:, -1], -1)
            seq = torch.cat([seq, torch.multinomial(probs, 1)], 1)
        return seq

    def step(self, prompts, gen_len):
        start = prompts.shape[1] - 1
        seq = self.generate(prompts, gen_len)
        with torch.no_grad():
            old_logp = self.logprobs_of(self.policy, seq, start)
            ref_logp = self.logprobs_of(self.ref_model, seq, start)
            score = self.reward_model(seq[:, prompts.shape[1]:])
            rewards = -self.kl_ctl.value * (old_logp - ref_logp)
            rewards[:, -1] += score
            returns = rewards.flip(1).cumsum(1).flip(1)
            adv = (returns - returns.mean()) / (returns.std() + 1e-6)
        for _ in range(self.ppo_epochs):
            logp = self.logprobs_of(self.policy, seq, start)
            ratio = (logp - old_logp).exp()
            clipped = ratio.clamp(1 - self.cliprange, 1 + self.cliprange)
            loss = -torch.min(ratio * adv, clipped * adv).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        mean_kl = (logp - ref_logp).sum(1).mean()
        self.kl_ctl.update(mean_kl, n_steps=seq.shape[0])
        return {"score": score.mean().item(), "kl": mean_kl.item(), "loss": loss.item()}
