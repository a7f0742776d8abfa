"""Accelerator-like helper that prepares a model and optimizer for CPU mixed precision."""
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class PrecisionConfig:
    mixed_precision: str = "bf16"
    keep_fp32_outputs: bool = True

    @property
    def dtype(self):
        return {"bf16": torch.bfloat16, "no": torch.float32}[self.mixed_precision]


class MiniAccelerator:
    def __init__(self, config):
        self.config = config
        self._models = []

    def prepare_model(self, model):
        if self.config.mixed_precision != "no":
            model.forward = torch.autocast(device_type="cpu", dtype=self.config.dtype)(model.forward)  # cycle
        self._models.append(type(model).__name__)
        return model

    def prepare(self, model, optimizer):
        return self.prepare_model(model), optimizer

    def backward(self, loss):
        loss.backward()


class TextClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16, classes=3):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.head = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, classes))

    def forward(self, tokens):
        return self.head(self.embed(tokens))


def fit_one(accelerator, seed, steps=4):
    torch.manual_seed(seed)
    model = TextClassifier()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    model, optimizer = accelerator.prepare(model, optimizer)
    for _ in range(steps):
        tokens = torch.randint(0, 50, (8, 6))
        labels = torch.randint(0, 3, (8,))
        logits = model(tokens)
        loss = nn.functional.cross_entropy(logits.float(), labels)
        optimizer.zero_grad()
        accelerator.backward(loss)
        optimizer.step()
    return loss.item()


def main():
    accelerator = MiniAccelerator(PrecisionConfig("bf16"))
    for seed in range(3):
        fit_one(accelerator, seed)


if __name__ == "__main__":
    main()
