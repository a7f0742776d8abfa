"""Low-rank adapter variants of a zoo classifier, trained for a rank sweep."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 20, "hidden": 32, "classes": 5, "ranks": (1, 2, 4), "steps": 4, "lr": 5e-3}


class MLPClassifier(nn.Module):
    def __init__(self, in_dim, hidden, classes):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.fc2 = nn.Linear(hidden, classes)

    def features(self, x):
        return F.gelu(self.fc1(x))

    def forward(self, x):
        return self.fc2(self.features(x))

    def extra_repr(self):
        return f"hidden={self.fc1.out_features}"


class LoRAClassifier(MLPClassifier):
    """Adds a trainable low-rank update on top of the frozen base features."""

    def __init__(self, in_dim, hidden, classes, rank, alpha=8.0):
        super().__init__(in_dim, hidden, classes)
        for p in self.parameters():
            p.requires_grad_(False)
        self.lora_a = nn.Parameter(torch.randn(rank, in_dim) * 0.01)
        self.lora_b = nn.Parameter(torch.zeros(hidden, rank))
        self.scale = alpha / rank
        self.merged = False
        self._base = super()  # cycle

    def features(self, x):
        h = self._base.features(x)
        if self.merged:
            return h
        return h + self.scale * (x @ self.lora_a.t() @ self.lora_b.t())

    def base_logits(self, x):
        return self.fc2(self._base.features(x))

    def extra_repr(self):
        return f"{self._base.extra_repr()}, rank={self.lora_a.shape[0]}"


def train_rank(rank, cfg):
    torch.manual_seed(rank)
    model = LoRAClassifier(cfg["in_dim"], cfg["hidden"], cfg["classes"], rank)
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(trainable, lr=cfg["lr"])
    x = torch.randn(64, cfg["in_dim"])
    y = torch.randint(0, cfg["classes"], (64,))
    for _ in range(cfg["steps"]):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        gain = F.cross_entropy(model.base_logits(x), y) - F.cross_entropy(model(x), y)
    print(model)
    return loss.item(), gain.item()


def main():
    for rank in CFG["ranks"]:
        loss, gain = train_rank(rank, CFG)
        print(f"rank={rank}: loss={loss:.3f} gain over base={gain:+.4f}")


if __name__ == "__main__":
    main()
