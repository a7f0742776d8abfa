"""Deep-supervised MLP: checkpointed trunk blocks plus a probe head for progress logging."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from recompute import checkpoint_block, stashed_bytes

RUN_CFG = {"in_dim": 20, "dim": 32, "depth": 4, "probe_after": 2, "classes": 6,
           "batch": 16, "lr": 0.05, "epochs": 2, "steps": 3}


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())

    def forward(self, x):
        return x + self.net(x)


class SupervisedTrunk(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["dim"])
        self.blocks = nn.ModuleList(Block(cfg["dim"]) for _ in range(cfg["depth"]))
        self.probe = Block(cfg["dim"])
        self.probe_head = nn.Linear(cfg["dim"], cfg["classes"])
        self.head = nn.Linear(cfg["dim"], cfg["classes"])
        self.probe_after = cfg["probe_after"]

    def forward(self, x):
        probe_logits = None
        x = self.stem(x)
        for i, block in enumerate(self.blocks):
            x = checkpoint_block(block, x)
            if i == self.probe_after:
                probe_logits = self.probe_head(checkpoint_block(self.probe, x))
        return self.head(x), probe_logits


def main():
    torch.manual_seed(0)
    model = SupervisedTrunk(RUN_CFG)
    opt = torch.optim.SGD(model.parameters(), lr=RUN_CFG["lr"], momentum=0.9)
    for epoch in range(RUN_CFG["epochs"]):
        model.train()
        for step in range(RUN_CFG["steps"]):
            x = torch.randn(RUN_CFG["batch"], RUN_CFG["in_dim"])
            y = torch.randint(0, RUN_CFG["classes"], (RUN_CFG["batch"],))
            logits, probe_logits = model(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            probe_acc = (probe_logits.argmax(1) == y).float().mean().item()
        print(f"epoch {epoch}: loss {loss.item():.3f} probe acc {probe_acc:.2f} "
              f"stashed {stashed_bytes()} B")


if __name__ == "__main__":
    main()
