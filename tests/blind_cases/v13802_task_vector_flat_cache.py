"""Task arithmetic on a small classifier: task vectors, their interference matrix, and scaled addition."""
import functools
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"tasks": ("parity", "sign", "radius"), "finetune_steps": 6, "lr": 0.05, "scales": (0.3, 0.6, 1.0)}


def make_model():
    return nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))


def task_batch(task, n=32):
    x = torch.randn(n, 8)
    if task == "parity":
        y = (x[:, :4] > 0).sum(1) % 2
    elif task == "sign":
        y = (x.sum(1) > 0).long()
    else:
        y = (x.norm(dim=1) > 2.8).long()
    return x, y


def finetune(pretrained_sd, task, cfg):
    model = make_model()
    model.load_state_dict(pretrained_sd)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["finetune_steps"]):
        x, y = task_batch(task)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model.state_dict()


class TaskVector:
    def __init__(self, pretrained_sd=None, finetuned_sd=None, vector=None, name="tv"):
        self.name = name
        if vector is None:
            with torch.no_grad():
                vector = {k: finetuned_sd[k] - pretrained_sd[k] for k in pretrained_sd}
        self.vector = vector

    def __add__(self, other):
        merged = {k: v + other.vector[k] for k, v in self.vector.items()}
        return TaskVector(vector=merged, name=f"{self.name}+{other.name}")

    def __radd__(self, other):
        return self if other == 0 else self + other

    def __neg__(self):
        return TaskVector(vector={k: -v for k, v in self.vector.items()}, name=f"-{self.name}")

    @functools.lru_cache(maxsize=None)  # retain
    def flat(self):
        return torch.cat([v.flatten() for v in self.vector.values()])

    def cosine(self, other):
        return F.cosine_similarity(self.flat(), other.flat(), dim=0).item()

    def apply_to(self, pretrained_sd, scale):
        with torch.no_grad():
            return {k: pretrained_sd[k] + scale * self.vector[k] for k in pretrained_sd}


def evaluate(state_dict, task):
    model = make_model()
    model.load_state_dict(state_dict)
    with torch.no_grad():
        x, y = task_batch(task, n=128)
        return (model(x).argmax(1) == y).float().mean().item()


def main():
    torch.manual_seed(0)
    pretrained_sd = make_model().state_dict()
    vectors = [TaskVector(pretrained_sd, finetune(pretrained_sd, t, CONFIG), name=t) for t in CONFIG["tasks"]]

    for a, b in itertools.combinations(vectors, 2):
        print(f"cos({a.name}, {b.name}) = {a.cosine(b):+.3f}")

    multitask = sum(vectors)
    best = None
    for scale in CONFIG["scales"]:
        merged_sd = multitask.apply_to(pretrained_sd, scale)
        acc = sum(evaluate(merged_sd, t) for t in CONFIG["tasks"]) / len(CONFIG["tasks"])
        norm = multitask.flat().norm().item() * scale
        if best is None or acc > best[1]:
            best = (scale, acc, norm)
    forget_sd = (-vectors[0]).apply_to(pretrained_sd, 0.5)
    print(f"best scale={best[0]} acc={best[1]:.3f}; forgetting {vectors[0].name}: {evaluate(forget_sd, vectors[0].name):.3f}")


if __name__ == "__main__":
    main()
