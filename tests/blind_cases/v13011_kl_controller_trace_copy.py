"""PPO-RLHF trainer whose adaptive KL controller records its trajectory for the run report."""
import copy

import torch
import torch.nn as nn

VOCAB, HIDDEN = 24, 32
CONFIG = {"init_kl_coef": 0.2, "target_kl": 0.05, "horizon": 400, "prompt_len": 3, "gen_len": 5,
          "batch": 8, "steps": 4, "lr": 5e-3, "clip": 0.2}


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.proj = nn.Linear(HIDDEN, HIDDEN)
        self.lm_head = nn.Linear(HIDDEN, VOCAB)

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        return self.lm_head(torch.tanh(self.proj(h)))


class AdaptiveKLController:
    def __init__(self, init_kl_coef, target, horizon):
        self.value = init_kl_coef
        self.target = target
        self.horizon = horizon
        self.last_kl = None
        self.trace = []

    def update(self, current_kl, n_steps):
        error = min(max(current_kl / self.target - 1.0, -0.2), 0.2)
        self.value *= 1.0 + error * n_steps / self.horizon
        self.last_kl = current_kl
        self.trace.append(copy.copy(self))  # cycle

    def report(self):
        return [(round(s.value, 4), round(s.last_kl, 4)) for s in self.trace]


class RLHFTrainer:
    def __init__(self, cfg, seed):
        torch.manual_seed(seed)
        self.cfg = cfg
        self.policy = TinyLM()
        self.ref = copy.deepcopy(self.policy).requires_grad_(False)
        self.reward_model = nn.EmbeddingBag(VOCAB, 1, mode="sum").requires_grad_(False)
        self.opt = torch.optim.Adam(self.policy.parameters(), lr=cfg["lr"])
        self.kl_ctl = AdaptiveKLController(cfg["init_kl_coef"], cfg["target_kl"], cfg["horizon"])

    def logprobs(self, model, seq):
        logp = torch.log_softmax(model(seq[:, :-1]), -1)
        return logp.gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)[:, self.cfg["prompt_len"] - 1:]

    @torch.no_grad()
    def rollout(self):
        seq = torch.randint(0, VOCAB, (self.cfg["batch"], self.cfg["prompt_len"]))
        for _ in range(self.cfg["gen_len"]):
            probs = torch.softmax(self.policy(seq)[:, -1], -1)
            seq = torch.cat([seq, torch.multinomial(probs, 1)], 1)
        old_logp, ref_logp = self.logprobs(self.policy, seq), self.logprobs(self.ref, seq)
        kl = old_logp - ref_logp
        rewards = -self.kl_ctl.value * kl
        rewards[:, -1] += self.reward_model(seq[:, self.cfg["prompt_len"]:]).squeeze(-1)
        returns = rewards.flip(1).cumsum(1).flip(1)
        adv = (returns - returns.mean()) / (returns.std() + 1e-6)
        return seq, old_logp, adv, kl.sum(1).mean().item()

    def train(self):
        for _ in range(self.cfg["steps"]):
            seq, old_logp, adv, mean_kl = self.rollout()
            ratio = (self.logprobs(self.policy, seq) - old_logp).exp()
            clipped = ratio.clamp(1 - self.cfg["clip"], 1 + self.cfg["clip"])
            loss = -torch.min(ratio * adv, clipped * adv).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.kl_ctl.update(mean_kl, n_steps=seq.shape[0])
        return self.kl_ctl.report()


def main():
    for seed in range(3):
        trace = RLHFTrainer(CONFIG, seed).train()
        print(f"seed {seed}: beta/kl trajectory {trace}")


if __name__ == "__main__":
    main()
