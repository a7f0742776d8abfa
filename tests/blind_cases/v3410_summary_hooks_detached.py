"""Model summary built from one example forward; pending hooks are detached afterwards."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


def shape_of(obj):
    if torch.is_tensor(obj):
        return tuple(obj.shape)
    if isinstance(obj, (list, tuple)):
        return tuple(shape_of(o) for o in obj)
    return None


class LayerSummary:
    def __init__(self, module):
        self._module = module
        self.in_size = None
        self.out_size = None
        self._hook_handle = self._register_hook()

    def _register_hook(self):
        def hook(module, inputs, output):
            self.in_size = shape_of(inputs[0] if len(inputs) == 1 else inputs)
            self.out_size = shape_of(output)
            self.detach_hook()
        return self._module.register_forward_hook(hook)

    def detach_hook(self):
        if self._hook_handle is not None:
            self._hook_handle.remove()
            self._hook_handle = None

    @property
    def num_parameters(self):
        return sum(p.numel() for p in self._module.parameters())


class ModelSummary:
    def __init__(self, model, example_input):
        self.layers = OrderedDict((n, LayerSummary(m)) for n, m in model.named_children())
        mode = model.training
        model.eval()
        try:
            with torch.no_grad():
                model(example_input)
        finally:
            for layer in self.layers.values():
                layer.detach_hook()
            model.train(mode)

    def total_parameters(self):
        return sum(layer.num_parameters for layer in self.layers.values())

    def unused(self):
        return [name for name, layer in self.layers.items() if layer.out_size is None]


class TextEncoder(nn.Module):
    """Bag-of-embeddings encoder; `legacy_proj` is only kept so old checkpoints still load."""

    def __init__(self, vocab=100, dim=16, classes=4):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.legacy_proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.out(self.mlp(self.embed(tokens)))


def train_run(lr, steps=4):
    model = TextEncoder()
    summary = ModelSummary(model, torch.zeros(1, 6, dtype=torch.long))
    assert summary.unused() == ["legacy_proj"]
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        tokens, labels = torch.randint(0, 100, (8, 6)), torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(tokens), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return summary.total_parameters(), loss.item()


def main():
    return [train_run(lr) for lr in (0.1, 0.03)]


if __name__ == "__main__":
    main()
