"""Activation steering sweep: per-concept CAA vectors added at a residual block of a tiny LM."""
import torch
import torch.nn as nn

CFG = {"vocab": 40, "dim": 32, "depth": 4, "seq": 8, "layer": 2, "alphas": (1.0, 4.0)}
CONCEPT_TOKENS = {"positive": (range(1, 6), range(6, 11)), "question": (range(11, 14), range(14, 20))}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.steer = None

    def forward(self, h):
        steps = torch.arange(1, h.shape[1] + 1, dtype=h.dtype).view(1, -1, 1)
        return h + self.ff(self.norm(h.cumsum(1) / steps))


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h = self.embed(tokens)
        for blk in self.blocks:
            h = blk(h)
        return self.lm_head(h)


def make_steering_hook(concept, direction):
    def hook(module, inputs, output):
        if module.steer is None or module.steer[0] != concept:
            return None
        return output + module.steer[1] * direction
    return hook


def mean_activation(model, layer, token_pool, batches=4):
    pool = torch.tensor(list(token_pool))
    acts = []
    handle = model.blocks[layer].register_forward_hook(lambda m, i, o: acts.append(o[:, -1]))
    for _ in range(batches):
        tokens = torch.randint(20, CFG["vocab"], (6, CFG["seq"]))
        tokens[:, -2:] = pool[torch.randint(len(pool), (6, 2))]
        model(tokens)
    handle.remove()
    return torch.cat(acts).mean(0)


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
    block = model.blocks[CFG["layer"]]
    eval_prompts = torch.randint(20, CFG["vocab"], (8, CFG["seq"]))
    results = {}
    for concept, (pos_pool, neg_pool) in CONCEPT_TOKENS.items():
        diff = mean_activation(model, CFG["layer"], pos_pool) - mean_activation(model, CFG["layer"], neg_pool)
        block.register_forward_hook(make_steering_hook(concept, diff / diff.norm()))
    with torch.no_grad():
        base = model(eval_prompts)[:, -1].log_softmax(-1)
        for concept in CONCEPT_TOKENS:
            for alpha in CFG["alphas"]:
                block.steer = (concept, alpha)
                steered = model(eval_prompts)[:, -1].log_softmax(-1)
                results[concept, alpha] = float((steered.exp() * (steered - base)).sum(-1).mean())
        block.steer = None
    return results


def main():
    for seed in (0, 1):
        print(seed, run(seed))


if __name__ == "__main__":
    main()
