"""Gradual unfreezing with discriminative learning rates, one optimizer per stage."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from groupspec import GroupSpec, describe


class Encoder(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(depth))

    def forward(self, tokens):
        h = self.embed(tokens).mean(dim=1)
        for layer in self.layers:
            h = h + layer(h)
        return h


class Classifier(nn.Module):
    def __init__(self, vocab=50, dim=16, depth=3, classes=4):
        super().__init__()
        self.encoder = Encoder(vocab, dim, depth)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.encoder(tokens))


STAGES = [
    {"unfrozen_layers": 0, "head_lr": 1e-2},
    {"unfrozen_layers": 1, "head_lr": 5e-3},
    {"unfrozen_layers": 3, "head_lr": 2e-3},
]


def stage_optimizer(model, stage):
    spec = GroupSpec(model)
    spec.encoder.lr = 1e-4
    spec.encoder.embed.frozen = True
    depth = len(model.encoder.layers)
    for i in range(depth):
        spec.encoder.layers[i].frozen = i < depth - stage["unfrozen_layers"]
    spec.head.lr = stage["head_lr"]
    spec.head.weight_decay = 0.0
    groups = spec.param_groups(lr=1e-3, weight_decay=0.01)
    print(describe(groups))
    return torch.optim.AdamW(groups)


def main():
    torch.manual_seed(0)
    model = Classifier()
    for stage in STAGES:
        opt = stage_optimizer(model, stage)
        for _ in range(3):
            tokens = torch.randint(0, 50, (8, 12))
            labels = torch.randint(0, 4, (8,))
            loss = F.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
