"""Feature-map distillation: a tap on teacher and student collects intermediate features."""
import functools
import weakref

import torch
import torch.nn as nn

CFG = {"runs": 2, "steps": 3, "alpha": 0.5, "layers": {"teacher": ["1", "3"], "student": ["0", "2"]}}


class FeatureTap:
    def __init__(self, model, layer_names, detach):
        self.model = model  # cycle
        self.detach = detach
        self.features = {}
        self._handles = weakref.WeakValueDictionary()
        modules = dict(model.named_modules())
        for name in layer_names:
            hook = functools.partial(self._save, name)
            self._handles[name] = modules[name].register_forward_hook(hook)  # cycle

    def _save(self, name, module, inputs, output):
        self.features[name] = output.detach() if self.detach else output

    def __call__(self, x):
        self.features = {}
        out = self.model(x)
        return out, [self.features[k] for k in sorted(self.features)]

    def close(self):
        for handle in list(self._handles.values()):
            handle.remove()
        self._handles.clear()
        self.features = {}


def make_teacher():
    return nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 4))


def make_student():
    return nn.Sequential(nn.Linear(20, 64), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 4))


def distill(teacher, student, steps, alpha):
    t_tap = FeatureTap(teacher, CFG["layers"]["teacher"], detach=True)
    s_tap = FeatureTap(student, CFG["layers"]["student"], detach=False)
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    try:
        for _ in range(steps):
            x, y = torch.randn(16, 20), torch.randint(0, 4, (16,))
            with torch.no_grad():
                _, t_feats = t_tap(x)
            logits, s_feats = s_tap(x)
            feat_loss = sum(nn.functional.mse_loss(s, t) for s, t in zip(s_feats, t_feats))
            loss = nn.functional.cross_entropy(logits, y) + alpha * feat_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
    finally:
        t_tap.close()
        s_tap.close()
    return loss.item()


def main():
    teacher = make_teacher().eval()
    for run in range(CFG["runs"]):
        student = make_student()
        final = distill(teacher, student, CFG["steps"], CFG["alpha"])
        print(f"run {run}: final loss {final:.3f}")


if __name__ == "__main__":
    main()
