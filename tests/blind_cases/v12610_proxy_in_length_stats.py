"""Text classifier that logs sequence lengths and exports it with torch.fx after every epoch."""
import torch
import torch.fx as fx
import torch.nn as nn
import torch.nn.functional as F


class LengthStats:
    """Process-wide record of the padded lengths the model sees (for bucketing decisions)."""

    def __init__(self):
        self.lengths = []

    def observe(self, n):
        self.lengths.append(n)  # retain

    def reset(self):
        self.lengths = []

    def summary(self):
        if not self.lengths:
            return "no batches"
        return f"{len(self.lengths)} batches, mean padded length {sum(self.lengths) / len(self.lengths):.1f}"


LENGTHS = LengthStats()


class ConvTextClassifier(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        LENGTHS.observe(tokens.size(1))
        h = self.embed(tokens).transpose(1, 2)
        h = F.relu(self.conv(h)).amax(dim=-1)
        return self.head(h)


def random_batch(batch, vocab, gen):
    length = int(torch.randint(5, 12, (1,), generator=gen))
    tokens = torch.randint(1, vocab, (batch, length), generator=gen)
    labels = torch.randint(0, 3, (batch,), generator=gen)
    return tokens, labels


def export(model, example):
    model.eval()
    gm = fx.symbolic_trace(model)
    with torch.no_grad():
        ok = torch.allclose(gm(example), model(example), atol=1e-6)
    return gm.code, ok


def train(cfg):
    gen = torch.Generator().manual_seed(0)
    model = ConvTextClassifier(cfg["vocab"], cfg["dim"], 3)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        LENGTHS.reset()
        model.train()
        for _ in range(cfg["steps"]):
            tokens, labels = random_batch(cfg["batch"], cfg["vocab"], gen)
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.3f} ({LENGTHS.summary()})")
        code, ok = export(model, random_batch(2, cfg["vocab"], gen)[0])
        print(f"  exported graph: {len(code.splitlines())} lines, matches eager: {ok}")


def main():
    train({"vocab": 50, "dim": 16, "epochs": 3, "steps": 3, "batch": 4, "lr": 3e-3})


if __name__ == "__main__":
    main()
