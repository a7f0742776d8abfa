"""Adapter tuning sweep: frozen encoder per trial, new task adapter plus classification head."""
import torch
import torch.nn as nn

from adapters import AdapterMixin

SWEEP = [{"task": "sentiment", "bottleneck": 4}, {"task": "topic", "bottleneck": 8}, {"task": "nli", "bottleneck": 16}]
VOCAB, HIDDEN, CLASSES = 50, 32, 3


class AdaptedClassifier(AdapterMixin, nn.Module):
    def __init__(self, vocab, hidden, classes):
        super().__init__()
        self.hidden_size = hidden
        self.embed = nn.EmbeddingBag(vocab, hidden)
        self.encoder = nn.Sequential(nn.Linear(hidden, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.head = nn.Linear(hidden, classes)

    def freeze_backbone(self):
        for module in (self.embed, self.encoder):
            module.requires_grad_(False)

    def forward(self, ids):
        h = self.encoder(self.embed(ids))
        return self.head(self.apply_adapter(h))


def run_trial(cfg, steps=4):
    model = AdaptedClassifier(VOCAB, HIDDEN, CLASSES)
    model.freeze_backbone()
    model.add_adapter(cfg["task"], cfg["bottleneck"])
    params = list(model.adapter_parameters()) + list(model.head.parameters())
    opt = torch.optim.AdamW(params, lr=5e-3, weight_decay=0.01)
    for _ in range(steps):
        ids = torch.randint(0, VOCAB, (16, 10))
        labels = torch.randint(0, CLASSES, (16,))
        loss = nn.functional.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for cfg in SWEEP:
        print(cfg["task"], f"{run_trial(cfg):.3f}")


if __name__ == "__main__":
    main()
