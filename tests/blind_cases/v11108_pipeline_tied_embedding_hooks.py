"""Two-stage pipeline LM whose input embedding and output projection are tied
across stages, Megatron style: each stage owns a copy and the copies are kept
identical by summing their gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"vocab": 40, "dim": 16, "seq": 10, "batch": 6, "steps": 3, "runs": 2, "lr": 0.1}


class FirstStage(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)

    def forward(self, tokens):
        return self.mix(self.embed(tokens))[0]


class LastStage(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.proj = nn.Linear(dim, vocab, bias=False)

    def forward(self, h):
        return self.proj(self.norm(h))


class TiedEmbeddingSync:
    """Keeps stage0.embed.weight and stage1.proj.weight equal during training."""

    def __init__(self, first, last):
        self.first = first  # cycle
        self.last = last  # cycle
        with torch.no_grad():
            last.proj.weight.copy_(first.embed.weight)
        self.arrived = set()
        first.embed.weight.register_hook(self._arrival_hook("first"))  # cycle
        last.proj.weight.register_hook(self._arrival_hook("last"))  # cycle

    def _arrival_hook(self, side):
        def hook(grad):  # cycle
            self.arrived.add(side)
            return grad
        return hook

    def all_reduce(self):
        if self.arrived != {"first", "last"}:
            raise RuntimeError("tied gradient missing on %s" % ({"first", "last"} - self.arrived))
        g = self.first.embed.weight.grad + self.last.proj.weight.grad
        self.first.embed.weight.grad.copy_(g)
        self.last.proj.weight.grad.copy_(g)
        self.arrived.clear()


def train(seed, cfg):
    torch.manual_seed(seed)
    first, last = FirstStage(cfg["vocab"], cfg["dim"]), LastStage(cfg["vocab"], cfg["dim"])
    sync = TiedEmbeddingSync(first, last)
    params = list(first.parameters()) + list(last.parameters())
    opt = torch.optim.SGD(params, lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]))
        hidden = first(tokens[:, :-1])
        logits = last(hidden)
        loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        sync.all_reduce()
        opt.step()
    drift = (first.embed.weight - last.proj.weight).abs().max().item()
    return loss.item(), drift


def main():
    for seed in range(CFG["runs"]):
        loss, drift = train(seed, CFG)
        print("seed", seed, "loss %.3f" % loss, "tie drift %.2e" % drift)


if __name__ == "__main__":
    main()
