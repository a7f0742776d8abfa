"""Steers a tiny LM towards 'positive' / 'question' concepts and measures the next-token shift."""
import torch
import torch.nn as nn

from steering import build_steering_vector, steering

CFG = {"vocab": 40, "dim": 32, "depth": 4, "seq": 8, "layer": "blocks.2", "alpha": 4.0}
CONCEPT_TOKENS = {"positive": (range(1, 6), range(6, 11)), "question": (range(11, 14), range(14, 20))}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, h):
        steps = torch.arange(1, h.shape[1] + 1, dtype=h.dtype).view(1, -1, 1)
        return h + self.ff(self.norm(h.cumsum(1) / steps))


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.lm_head(self.blocks(self.embed(tokens)))


def prompts(token_pool, n=4, batch=6):
    pool = torch.tensor(list(token_pool))
    out = []
    for _ in range(n):
        tokens = torch.randint(20, CFG["vocab"], (batch, CFG["seq"]))
        tokens[:, -2:] = pool[torch.randint(len(pool), (batch, 2))]
        out.append(tokens)
    return out


def run(seed):
    torch.manual_seed(seed)
    model = TinyLM(CFG["vocab"], CFG["dim"], CFG["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for _ in range(5):
        tokens = torch.randint(0, CFG["vocab"], (16, CFG["seq"] + 1))
        logits = model(tokens[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, CFG["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    eval_prompts = torch.randint(20, CFG["vocab"], (8, CFG["seq"]))
    shifts = {}
    for concept, (pos_pool, neg_pool) in CONCEPT_TOKENS.items():
        vec = build_steering_vector(model, concept, CFG["layer"], prompts(pos_pool), prompts(neg_pool))
        with torch.no_grad():
            base = model(eval_prompts)[:, -1].log_softmax(-1)
            with steering(model, vec, CFG["alpha"]):
                steered = model(eval_prompts)[:, -1].log_softmax(-1)
        shifts[concept] = float((steered.exp() * (steered - base)).sum(-1).mean())
    return shifts


def main():
    for seed in (0, 1):
        print(seed, run(seed))


if __name__ == "__main__":
    main()
