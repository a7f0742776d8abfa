"""Per-layer MAC estimate from input shapes recorded by one-shot forward pre-hooks."""
import math

import torch
import torch.nn as nn

CFG = {"image": 16, "variants": [(8, 16), (16, 32)], "steps": 2}


class DeepSupervisedNet(nn.Module):
    def __init__(self, widths, classes=4):
        super().__init__()
        c1, c2 = widths
        self.stage1 = nn.Sequential(nn.Conv2d(3, c1, 3, padding=1), nn.BatchNorm2d(c1), nn.ReLU(), nn.MaxPool2d(2))
        self.stage2 = nn.Sequential(nn.Conv2d(c1, c2, 3, padding=1), nn.BatchNorm2d(c2), nn.ReLU())
        self.aux_head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c1, classes))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c2, classes))

    def forward(self, x):
        h1 = self.stage1(x)
        out = self.head(self.stage2(h1))
        if self.training:
            return out, self.aux_head(h1)
        return out


def _record_once(module, name, shapes):
    def hook(mod, inputs):
        shapes[name] = tuple(inputs[0].shape)
        handle.remove()

    handle = module.register_forward_pre_hook(hook)
    return handle


def record_input_shapes_once(model, shapes):
    return {name: _record_once(module, name, shapes)
            for name, module in model.named_modules() if isinstance(module, (nn.Conv2d, nn.Linear))}


def estimate_macs(model, shapes):
    total = 0
    modules = dict(model.named_modules())
    for name, shape in shapes.items():
        m = modules[name]
        if isinstance(m, nn.Linear):
            total += shape[0] * m.in_features * m.out_features
        else:
            n, _, h, w = shape
            k = math.prod(m.kernel_size)
            total += n * h * w * m.out_channels * (m.in_channels // m.groups) * k
    return total


def main():
    for widths in CFG["variants"]:
        model = DeepSupervisedNet(widths)
        shapes = {}
        record_input_shapes_once(model, shapes)
        model.eval()
        with torch.no_grad():
            model(torch.randn(1, 3, CFG["image"], CFG["image"]))
        macs, profiled = estimate_macs(model, shapes), len(shapes)

        model.train()
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        for _ in range(CFG["steps"]):
            x, y = torch.randn(4, 3, CFG["image"], CFG["image"]), torch.randint(0, 4, (4,))
            out, aux = model(x)
            loss = nn.functional.cross_entropy(out, y) + 0.3 * nn.functional.cross_entropy(aux, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"widths {widths}: {profiled} layers profiled, {macs / 1e3:.1f}K MACs at inference")


if __name__ == "__main__":
    main()
