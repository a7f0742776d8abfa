"""Token classifier trained in bf16 with fp32 master weights; checkpoints the master copies."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from mixed import MasterWeightOptimizer

CFG = {"vocab": 50, "dim": 32, "classes": 4, "seq": 12, "batch": 8, "steps": 4, "seeds": (0, 1)}


class TokenClassifier(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.norm = nn.LayerNorm(dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = self.norm(h + self.mlp(h))
        return self.out(h.mean(dim=1))


def run(seed, cfg):
    torch.manual_seed(seed)
    model = TokenClassifier(cfg["vocab"], cfg["dim"], cfg["classes"]).to(torch.bfloat16)
    opt = MasterWeightOptimizer(model, lr=3e-3, weight_decay=0.01)
    norms = []
    for _ in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]))
        labels = torch.randint(0, cfg["classes"], (cfg["batch"],))
        logits = model(tokens).float()
        loss = F.cross_entropy(logits, labels)
        opt.zero_grad()
        loss.backward()
        norms.append(opt.step())
    ckpt = opt.state_dict()
    return loss.item(), norms, sum(t.numel() for t in ckpt["fp32_from_bf16"])


def main():
    results = {seed: run(seed, CFG) for seed in CFG["seeds"]}
    return results


if __name__ == "__main__":
    main()
