"""Lazy per-tensor merge tasks (mergekit-style): load, combine, save."""
import torch


class Task:
    def __init__(self, *inputs):
        self.inputs = list(inputs)  # cycle
        self.consumers = []  # cycle
        self.result = None

    def execute(self, *args):
        raise NotImplementedError


class LoadTensor(Task):
    def __init__(self, source, key):
        super().__init__()
        self.source, self.key = source, key

    def execute(self):
        return self.source[self.key].clone()


class TaskArithmetic(Task):
    def __init__(self, base, finetuned, weights):
        super().__init__(base, *finetuned)
        self.weights = weights

    def execute(self, base, *finetuned):
        return base + sum(w * (ft - base) for w, ft in zip(self.weights, finetuned))


class TiesMerge(Task):
    def __init__(self, base, finetuned, density=0.5):
        super().__init__(base, *finetuned)
        self.density = density

    def execute(self, base, *finetuned):
        deltas = torch.stack([ft - base for ft in finetuned])
        k = max(1, int(self.density * deltas[0].numel()))
        flat = deltas.flatten(1)
        thresh = flat.abs().kthvalue(flat.shape[1] - k + 1, dim=1, keepdim=True).values
        trimmed = torch.where(flat.abs() >= thresh, flat, torch.zeros_like(flat))
        sign = torch.sign(trimmed.sum(0))
        agree = (torch.sign(trimmed) == sign) & (trimmed != 0)
        merged = (trimmed * agree).sum(0) / agree.sum(0).clamp(min=1)
        return base + merged.view_as(base)


class SaveTensor(Task):
    def __init__(self, merged, out, key):
        super().__init__(merged)
        self.out, self.key = out, key

    def execute(self, value):
        self.out[self.key] = value
