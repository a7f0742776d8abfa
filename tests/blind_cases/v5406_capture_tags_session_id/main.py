"""Small sequence classifier; prints an architecture summary after every epoch."""
import torch
import torch.nn as nn

from summary import describe

CFG = {"vocab": 50, "dim": 16, "classes": 3, "epochs": 3, "steps": 4, "seq": 12}


class TokenClassifier(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mixer = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = self.norm(h + self.mixer(h))
        return self.head(h.mean(dim=1))


def batches(cfg):
    for _ in range(cfg["steps"]):
        yield torch.randint(0, cfg["vocab"], (8, cfg["seq"])), torch.randint(0, cfg["classes"], (8,))


def main():
    model = TokenClassifier(CFG["vocab"], CFG["dim"], CFG["classes"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sample = torch.randint(0, CFG["vocab"], (2, CFG["seq"]))
    for epoch in range(CFG["epochs"]):
        model.train()
        for tokens, labels in batches(CFG):
            loss = nn.functional.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        report = describe(model, sample)
        print(f"epoch {epoch} loss {loss.item():.3f}\n{report}")


if __name__ == "__main__":
    main()
