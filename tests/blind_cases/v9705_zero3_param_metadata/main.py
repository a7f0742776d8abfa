"""Fine-tune a small decoder under ZeRO-3 style partitioning; parameters are gathered per step."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from partition import ZeroPartitioner

CONFIG = {"vocab": 50, "dim": 24, "steps": 3, "lr": 3e-3, "world_size": 4}


class TinyDecoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mixer = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = h + torch.tanh(self.mixer(h.cumsum(dim=1) / torch.arange(1, h.shape[1] + 1).view(1, -1, 1)))
        h = h + self.mlp(h)
        return self.lm_head(h)


def train(cfg):
    model = TinyDecoder(cfg["vocab"], cfg["dim"])
    zero = ZeroPartitioner(world_size=cfg["world_size"], rank=0)
    zero.convert(model)
    with zero.gathered(model.parameters()):
        opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    losses = []
    for step in range(cfg["steps"]):
        tokens = torch.randint(0, cfg["vocab"], (4, 10))
        with zero.gathered(model.parameters()):
            logits = model(tokens[:, :-1])
            loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tokens[:, 1:].reshape(-1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        losses.append(loss.item())
    return losses


def main():
    for world_size in (2, 4):
        losses = train(dict(CONFIG, world_size=world_size))
        print(f"world_size={world_size} losses={[round(v, 3) for v in losses]}")


if __name__ == "__main__":
    main()
