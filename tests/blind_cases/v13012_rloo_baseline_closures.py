"""RLOO (REINFORCE leave-one-out) fine-tuning of a tiny LM: k samples per prompt share a baseline."""
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch
import torch.nn as nn

VOCAB, HIDDEN = 20, 32
CFG = {"prompts": 4, "k": 4, "prompt_len": 3, "gen_len": 4, "iterations": 3, "lr": 1e-2}


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.proj = nn.Linear(HIDDEN, HIDDEN)
        self.lm_head = nn.Linear(HIDDEN, VOCAB)

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        return self.lm_head(torch.tanh(self.proj(h)))


@dataclass(eq=False)
class Completion:
    prompt_id: int
    tokens: torch.Tensor
    logprob: torch.Tensor
    reward: float
    loo_baseline: Optional[Callable[[], float]] = field(default=None, repr=False)


def sequence_logprob(model, seq, prompt_len):
    logp = torch.log_softmax(model(seq[:, :-1]), -1)
    return logp.gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)[:, prompt_len - 1:].sum(1)


def reward_fn(response):
    return float((response[1:] != response[:-1]).float().mean()) + 0.05 * float(response.float().mean())


class RLOOTrainer:
    def __init__(self, policy, cfg):
        self.policy = policy
        self.cfg = cfg
        self.opt = torch.optim.Adam(policy.parameters(), lr=cfg["lr"])

    @torch.no_grad()
    def sample(self, prompt):
        seq = prompt.unsqueeze(0).repeat(self.cfg["k"], 1)
        for _ in range(self.cfg["gen_len"]):
            probs = torch.softmax(self.policy(seq)[:, -1], -1)
            seq = torch.cat([seq, torch.multinomial(probs, 1)], 1)
        return seq

    def collect_groups(self):
        groups = []
        for pid in range(self.cfg["prompts"]):
            prompt = torch.randint(0, VOCAB, (self.cfg["prompt_len"],))
            seqs = self.sample(prompt)
            logprobs = sequence_logprob(self.policy, seqs, self.cfg["prompt_len"])
            group = []
            for i in range(seqs.shape[0]):
                c = Completion(pid, seqs[i], logprobs[i], reward_fn(seqs[i, self.cfg["prompt_len"]:]))
                c.loo_baseline = lambda c=c: sum(o.reward for o in group if o is not c) / (len(group) - 1)  # cycle
                group.append(c)  # cycle
            groups.append(group)
        return groups

    def step(self):
        groups = self.collect_groups()
        terms = []
        for group in groups:
            for c in group:
                advantage = c.reward - c.loo_baseline()
                terms.append(-advantage * c.logprob)
        loss = torch.stack(terms).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return sum(c.reward for g in groups for c in g) / sum(len(g) for g in groups)


def main():
    torch.manual_seed(0)
    trainer = RLOOTrainer(TinyLM(), CFG)
    for it in range(CFG["iterations"]):
        print(f"iteration {it}: mean reward {trainer.step():.3f}")


if __name__ == "__main__":
    main()
