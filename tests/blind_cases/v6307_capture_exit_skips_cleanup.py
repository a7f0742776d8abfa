"""Feature distillation: teacher activations are captured per batch with a context manager."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class NonFiniteBatch(ArithmeticError):
    pass


class FeatureCapture:
    def __init__(self, model, layer_names):
        self.model = model  # cycle
        self.layer_names = list(layer_names)
        self.features = {}
        self._handles = []

    def _save(self, name, module, inputs, output):
        self.features[name] = output.detach()

    def __enter__(self):
        for name in self.layer_names:
            module = self.model.get_submodule(name)
            self._handles.append(module.register_forward_hook(functools.partial(self._save, name)))  # cycle
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            return False
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
        return False


def make_net(width):
    return nn.Sequential(nn.Linear(12, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 3))


def loader(steps, corrupt_at):
    g = torch.Generator().manual_seed(0)
    for step in range(steps):
        x = torch.randn(8, 12, generator=g)
        if step in corrupt_at:
            x[3, 5] = float("nan")
        yield x


def distill(cfg):
    teacher = make_net(48).eval()
    student = make_net(16)
    proj = nn.Linear(16, 48)
    opt = torch.optim.Adam(list(student.parameters()) + list(proj.parameters()), lr=cfg["lr"])
    skipped = 0
    for x in loader(cfg["steps"], cfg["corrupt_at"]):
        try:
            with torch.no_grad(), FeatureCapture(teacher, ["2"]) as cap:
                t_logits = teacher(x)
                if not torch.isfinite(t_logits).all():
                    raise NonFiniteBatch("teacher produced non-finite logits")
        except NonFiniteBatch:
            skipped += 1
            continue
        h = student[1](student[0](x))
        s_hidden = student[3](student[2](h))
        loss = (F.kl_div(F.log_softmax(student[4](s_hidden), -1), F.softmax(t_logits, -1), reduction="batchmean")
                + cfg["feat_weight"] * F.mse_loss(proj(s_hidden), cap.features["2"]))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return skipped


def main():
    cfg = {"lr": 1e-3, "steps": 6, "corrupt_at": {2}, "feat_weight": 0.5}
    for run in range(2):
        print("run", run, "skipped", distill(cfg))


if __name__ == "__main__":
    main()
