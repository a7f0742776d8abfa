"""PPO with a value head on a tiny LM; rewards come from the shared, memoised reward model."""
import torch
import torch.nn as nn

from rewards import VOCAB, score_batch

CFG = {"prompt_len": 2, "gen_len": 3, "batch": 16, "iterations": 4, "ppo_epochs": 2,
       "lr": 5e-3, "gamma": 1.0, "lam": 0.95, "clip": 0.2, "vf_coef": 0.5}


class PolicyWithValueHead(nn.Module):
    def __init__(self, vocab, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.body = nn.Linear(hidden, hidden)
        self.lm_head = nn.Linear(hidden, vocab)
        self.v_head = nn.Linear(hidden, 1)

    def forward(self, ids):
        h = self.embed(ids).cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        h = torch.tanh(self.body(h))
        return self.lm_head(h), self.v_head(h).squeeze(-1)


def gae(rewards, values, gamma, lam):
    adv = torch.zeros_like(rewards)
    last = torch.zeros(rewards.shape[0])
    for t in reversed(range(rewards.shape[1])):
        next_v = values[:, t + 1] if t + 1 < rewards.shape[1] else torch.zeros(rewards.shape[0])
        delta = rewards[:, t] + gamma * next_v - values[:, t]
        last = delta + gamma * lam * last
        adv[:, t] = last
    return adv, adv + values


def evaluate(model, seq, start):
    logits, values = model(seq[:, :-1])
    logp = torch.log_softmax(logits, -1).gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)
    return logp[:, start:], values[:, start:]


def main():
    torch.manual_seed(0)
    model = PolicyWithValueHead(VOCAB)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    start = CFG["prompt_len"] - 1
    for it in range(CFG["iterations"]):
        with torch.no_grad():
            seq = torch.randint(0, VOCAB, (CFG["batch"], CFG["prompt_len"]))
            for _ in range(CFG["gen_len"]):
                logits, _ = model(seq)
                seq = torch.cat([seq, torch.multinomial(torch.softmax(logits[:, -1], -1), 1)], 1)
            old_logp, old_values = evaluate(model, seq, start)
        scores = score_batch(seq[:, CFG["prompt_len"]:])
        with torch.no_grad():
            rewards = torch.zeros_like(old_logp)
            rewards[:, -1] = scores
            adv, returns = gae(rewards, old_values, CFG["gamma"], CFG["lam"])
            adv = (adv - adv.mean()) / (adv.std() + 1e-6)
        for _ in range(CFG["ppo_epochs"]):
            logp, values = evaluate(model, seq, start)
            ratio = (logp - old_logp).exp()
            pg_loss = -torch.min(ratio * adv, ratio.clamp(1 - CFG["clip"], 1 + CFG["clip"]) * adv).mean()
            vf_loss = (values - returns).pow(2).mean()
            loss = pg_loss + CFG["vf_coef"] * vf_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"iter {it}: mean score {scores.mean().item():.3f} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
