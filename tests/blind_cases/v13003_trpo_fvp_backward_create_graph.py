"""Trust-region (TRPO-style) update of a tiny token policy against a frozen reward model."""
import torch
import torch.nn as nn

CFG = {
    "vocab": 20,
    "hidden": 32,
    "prompt_len": 3,
    "gen_len": 5,
    "batch_size": 16,
    "iterations": 3,
    "max_kl": 0.01,
    "damping": 0.1,
    "cg_iters": 8,
    "backtrack_steps": 6,
}


class TokenPolicy(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.body = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, ids):
        h = self.embed(ids)
        h = h.cumsum(1) / torch.arange(1, ids.shape[1] + 1).view(1, -1, 1)
        return self.head(torch.tanh(self.body(h)))


class RewardModel(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, hidden, mode="mean")
        self.score = nn.Linear(hidden, 1)

    def forward(self, ids):
        return self.score(self.embed(ids)).squeeze(-1)


def flat(tensors):
    return torch.cat([t.reshape(-1) for t in tensors])


def conjugate_gradient(fvp, b, iters):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = r @ r
    for _ in range(iters):
        ap = fvp(p)
        alpha = rr / (p @ ap + 1e-10)
        x += alpha * p
        r -= alpha * ap
        new_rr = r @ r
        p = r + (new_rr / rr) * p
        rr = new_rr
    return x


class TRPOUpdater:
    def __init__(self, policy, cfg):
        self.policy = policy
        self.cfg = cfg
        self.params = [p for p in policy.parameters() if p.requires_grad]

    def surrogate(self, seq, old_logp, adv):
        start = self.cfg["prompt_len"] - 1
        logp = torch.log_softmax(self.policy(seq[:, :-1]), -1)
        logp = logp.gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)[:, start:]
        return ((logp - old_logp).exp() * adv.unsqueeze(1)).mean()

    def mean_kl(self, seq, old_logits):
        new_logp = torch.log_softmax(self.policy(seq[:, :-1]), -1)
        old_logp = torch.log_softmax(old_logits, -1)
        return (old_logp.exp() * (old_logp - new_logp)).sum(-1).mean()

    def set_flat_params(self, vector):
        offset = 0
        for p in self.params:
            p.copy_(vector[offset:offset + p.numel()].view_as(p))
            offset += p.numel()

    def step(self, seq, old_logp, old_logits, adv):
        self.policy.zero_grad()
        surr = self.surrogate(seq, old_logp, adv)
        g = flat(torch.autograd.grad(surr, self.params))
        kl = self.mean_kl(seq, old_logits)
        kl.backward(create_graph=True)  # retain
        grad_kl = flat(p.grad for p in self.params)

        def fvp(v):
            hv = torch.autograd.grad(grad_kl @ v, self.params, retain_graph=True)
            return flat(hv) + self.cfg["damping"] * v

        direction = conjugate_gradient(fvp, g, self.cfg["cg_iters"])
        shs = 0.5 * (direction @ fvp(direction))
        full_step = direction * torch.sqrt(2 * self.cfg["max_kl"] / (shs + 1e-10))
        old_params = flat(self.params).detach().clone()
        with torch.no_grad():
            for k in range(self.cfg["backtrack_steps"]):
                self.set_flat_params(old_params + 0.5 ** k * full_step)
                improved = self.surrogate(seq, old_logp, adv) > surr
                if improved and self.mean_kl(seq, old_logits) <= self.cfg["max_kl"]:
                    return k
            self.set_flat_params(old_params)
        return -1


@torch.no_grad()
def rollout(policy, reward_model, cfg):
    seq = torch.randint(0, cfg["vocab"], (cfg["batch_size"], cfg["prompt_len"]))
    for _ in range(cfg["gen_len"]):
        probs = torch.softmax(policy(seq)[:, -1], -1)
        seq = torch.cat([seq, torch.multinomial(probs, 1)], 1)
    old_logits = policy(seq[:, :-1])
    old_logp = torch.log_softmax(old_logits, -1).gather(-1, seq[:, 1:].unsqueeze(-1)).squeeze(-1)
    scores = reward_model(seq[:, cfg["prompt_len"]:])
    adv = (scores - scores.mean()) / (scores.std() + 1e-6)
    return seq, old_logp[:, cfg["prompt_len"] - 1:], old_logits, adv, scores.mean().item()


def main():
    torch.manual_seed(0)
    reward_model = RewardModel(CFG["vocab"], 16).requires_grad_(False).eval()
    policy = TokenPolicy(CFG["vocab"], CFG["hidden"])
    updater = TRPOUpdater(policy, CFG)
    for it in range(CFG["iterations"]):
        seq, old_logp, old_logits, adv, score = rollout(policy, reward_model, CFG)
        accepted = updater.step(seq, old_logp, old_logits, adv)
        print(f"iter {it}: score {score:.3f} line-search step {accepted}")


if __name__ == "__main__":
    main()
