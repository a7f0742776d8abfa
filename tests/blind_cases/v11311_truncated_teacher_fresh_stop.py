"""Attention-transfer distillation; the teacher forward is cut after the deepest matched stage."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class _StopForward(Exception):
    pass


def _capture(store, name, stop_after, module, inputs, output):
    store[name] = output
    if stop_after:
        raise _StopForward(name)


class TruncatedTeacher:
    """Collects intermediate teacher features and skips the layers after the last one."""

    def __init__(self, teacher, layer_names):
        self.teacher = teacher.eval()
        self.layer_names = list(layer_names)
        self.features = {}
        self.calls = 0
        self.stopped_at = None
        modules = dict(self.teacher.named_modules())
        self._handles = [modules[name].register_forward_hook(
            functools.partial(_capture, self.features, name, name == self.layer_names[-1]))
            for name in self.layer_names]

    def extract(self, x):
        self.features.clear()
        try:
            with torch.no_grad():
                self.teacher(x)
        except _StopForward as stop:
            self.stopped_at = stop.args[0]
        self.calls += 1
        return [self.features[name] for name in self.layer_names]

    def close(self):
        for h in self._handles:
            h.remove()
        self._handles = []


def attention_map(feat, p=2):
    return F.normalize(feat.pow(p).mean(1).flatten(1), dim=1)


def make_net(width, depth=4, classes=10):
    layers = [nn.Conv2d(3, width, 3, padding=1), nn.ReLU()]
    for i in range(depth - 1):
        layers += [nn.Conv2d(width, width, 3, stride=2 if i < 2 else 1, padding=1), nn.ReLU()]
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width, classes))


def main():
    teacher = make_net(16, depth=6)
    student = make_net(8, depth=4)
    t_stages, s_stages = ["3", "5"], ["3", "5"]
    extractor = TruncatedTeacher(teacher, t_stages)
    s_feats = {}
    s_modules = dict(student.named_modules())
    for name in s_stages:
        s_modules[name].register_forward_hook(functools.partial(_capture, s_feats, name, False))
    opt = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9)
    for step in range(4):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))
        t_feats = extractor.extract(x)
        logits = student(x)
        at = sum((attention_map(s_feats[s]) - attention_map(t)).pow(2).mean()
                 for s, t in zip(s_stages, t_feats))
        loss = F.cross_entropy(logits, y) + 100.0 * at
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.4f}; teacher stopped at stage {extractor.stopped_at} "
          f"in {extractor.calls} passes")


if __name__ == "__main__":
    main()
