"""Layer attribution (activation x gradient) for a small CNN classifier. Hooks are placed on
the requested layers for the duration of one attribution call."""
import contextlib
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerAttribution:
    def __init__(self, model, layer_names):
        self.model = model
        self.layer_names = list(layer_names)
        self._activations = {}

    def _save(self, name, module, inputs, output):
        output.retain_grad()
        self._activations[name] = output

    def _hook_layers(self, stack):
        for name in self.layer_names:
            layer = self.model.get_submodule(name)
            handle = layer.register_forward_hook(functools.partial(self._save, name))
            stack.callback(handle.remove)
        stack.callback(self._activations.clear)

    def attribute(self, images, target):
        with contextlib.ExitStack() as stack:
            self._hook_layers(stack)
            logits = self.model(images)
            if not 0 <= target < logits.shape[1]:
                raise IndexError(f"target class {target} outside [0, {logits.shape[1]})")
            self.model.zero_grad(set_to_none=True)
            logits[:, target].sum().backward()
            if len(self._activations) < len(self.layer_names):
                return {}
            return {name: (act * act.grad).sum(1).detach() for name, act in self._activations.items()}


def build_classifier(n_classes=4):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
        nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, n_classes))


def train_briefly(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(steps):
        x, y = torch.randn(8, 3, 10, 10), torch.randint(0, 4, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    images = torch.randn(2, 3, 10, 10)
    for fold in range(2):
        model = build_classifier()
        train_briefly(model)
        explainer = LayerAttribution(model, ["0", "2"])
        maps, errors = {}, []
        for target in (0, 3, 7):
            try:
                maps[target] = explainer.attribute(images, target)
            except IndexError as err:
                errors.append(str(err))
        print(fold, {t: {k: tuple(v.shape) for k, v in m.items()} for t, m in maps.items()}, errors)


if __name__ == "__main__":
    main()
