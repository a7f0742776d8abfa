"""PCGrad-style gradient surgery on the shared trunk of a multi-task network."""
import random

import torch


class TaskGradient:
    def __init__(self, name, flat):
        self.name = name
        self.flat = flat
        self.conflicts = []

    def cosine(self, other):
        denom = self.flat.norm() * other.flat.norm() + 1e-12
        return float(torch.dot(self.flat, other.flat) / denom)


class ConflictReport:
    def __init__(self, task_grads):
        self.task_grads = task_grads

    def pairs(self):
        by_name = {tg.name: tg for tg in self.task_grads}
        seen = set()
        for tg in self.task_grads:
            for other_name in tg.conflicts:
                key = tuple(sorted((tg.name, other_name)))
                if key not in seen:
                    seen.add(key)
                    yield key, tg.cosine(by_name[other_name])

    def summary(self):
        return {tg.name: len(tg.conflicts) for tg in self.task_grads}


class PCGrad:
    def __init__(self, shared_params, seed=0):
        self.shared_params = [p for p in shared_params if p.requires_grad]
        self.rng = random.Random(seed)

    def _flat_grad(self, loss):
        grads = torch.autograd.grad(loss, self.shared_params, retain_graph=True)
        return torch.cat([g.reshape(-1) for g in grads])

    def _write_back(self, flat):
        offset = 0
        for p in self.shared_params:
            n = p.numel()
            p.grad = flat[offset:offset + n].view_as(p).clone()
            offset += n

    def project(self, losses):
        task_grads = [TaskGradient(name, self._flat_grad(loss)) for name, loss in losses.items()]
        for tg in task_grads:
            for other in task_grads:
                if other is not tg and torch.dot(tg.flat, other.flat) < 0:
                    tg.conflicts.append(other.name)
        by_name = {tg.name: tg for tg in task_grads}
        projected = []
        for tg in task_grads:
            g = tg.flat.clone()
            order = [by_name[n] for n in tg.conflicts]
            self.rng.shuffle(order)
            for other in order:
                dot = torch.dot(g, other.flat)
                if dot < 0:
                    g -= dot / (other.flat.pow(2).sum() + 1e-12) * other.flat
            projected.append(g)
        self._write_back(torch.stack(projected).sum(0))
        return ConflictReport(task_grads)
