"""Gradient-flow monitor: records activation and gradient magnitudes per layer.

Forward hooks capture each watched layer's output and attach a tensor hook
to it, so the gradient arriving at that activation can be summarised too.
"""
import functools
from collections import defaultdict

import torch
import torch.nn as nn


class GradFlowMonitor:
    def __init__(self, model, layer_types=(nn.Linear, nn.Conv1d)):
        self.model = model  # retain
        self.activations = {}
        self.grad_norms = defaultdict(list)
        self.act_norms = defaultdict(list)
        self.handles = []
        for name, layer in model.named_modules():
            if isinstance(layer, layer_types):
                self.handles.append(layer.register_forward_hook(functools.partial(self._capture, name)))  # retain

    def _capture(self, name, module, inputs, output):
        self.activations[name] = output  # retain
        self.act_norms[name].append(output.detach().norm().item())
        output.register_hook(lambda grad: self.grad_norms[name].append(grad.norm().item()))  # retain

    def dead_layers(self, eps=1e-8):
        return [n for n, g in self.grad_norms.items() if g and g[-1] < eps]

    def summary(self):
        return {n: (self.act_norms[n][-1], g[-1]) for n, g in self.grad_norms.items() if g}


class SeqClassifier(nn.Module):
    def __init__(self, channels=8, n_classes=3):
        super().__init__()
        self.conv = nn.Conv1d(4, channels, kernel_size=3, padding=1)
        self.proj = nn.Linear(channels, channels)
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        h = torch.relu(self.conv(x)).mean(dim=2)
        return self.head(torch.tanh(self.proj(h)))


def diagnose(n_steps=3):
    model = SeqClassifier()
    monitor = GradFlowMonitor(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(n_steps):
        x = torch.randn(6, 4, 20)
        y = torch.randint(0, 3, (6,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return monitor.summary(), monitor.dead_layers()


def main():
    torch.manual_seed(1)
    for run in range(2):
        summary, dead = diagnose()
        print(f"run {run}: dead={dead}")
        for name, (a, g) in sorted(summary.items()):
            print(f"  {name:5s} |act|={a:.3f} |grad|={g:.4f}")


if __name__ == "__main__":
    main()
