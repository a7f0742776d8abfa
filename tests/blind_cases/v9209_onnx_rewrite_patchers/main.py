"""Train two sizes of a small token classifier and export each to ONNX for the edge runtime."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from onnx_export import OnnxExporter


class MixerBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class TokenTagger(nn.Module):
    def __init__(self, vocab=40, dim=16, depth=2, n_tags=5):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(MixerBlock(dim) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, n_tags)

    def forward(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = block(h)
        return self.head(self.norm(h))


def main():
    gen = torch.Generator().manual_seed(3)
    exporter = OnnxExporter(opset=11)
    for dim, depth in [(16, 2), (24, 3)]:
        model = TokenTagger(dim=dim, depth=depth)
        opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
        for step in range(6):
            tokens = torch.randint(0, 40, (4, 7), generator=gen)
            tags = tokens % 5
            loss = F.cross_entropy(model(tokens).flatten(0, 1), tags.flatten())
            opt.zero_grad()
            loss.backward()
            opt.step()
        blob, rewritten = exporter.export(model, torch.randint(0, 40, (1, 7), generator=gen))
        print("dim=%d depth=%d loss %.3f onnx %d bytes, %d layers rewritten" % (dim, depth, loss.item(), len(blob), rewritten))


if __name__ == "__main__":
    main()
