"""PCGrad-style gradient surgery on the shared trunk parameters."""
import random

import torch


class PCGradSurgeon:
    def __init__(self, shared_params, seed=0):
        self.shared = list(shared_params)
        self.rng = random.Random(seed)
        self.unused_errors = {}
        self.n_conflicts = 0

    def _flat_task_grad(self, task, loss):
        try:
            grads = torch.autograd.grad(loss, self.shared, retain_graph=True)
        except RuntimeError as err:
            self.unused_errors[task] = err  # cycle
            grads = torch.autograd.grad(loss, self.shared, retain_graph=True, allow_unused=True)
        flat = [torch.zeros_like(p) if g is None else g for g, p in zip(grads, self.shared)]
        return torch.cat([g.reshape(-1) for g in flat])

    def _project(self, flat_grads):
        projected = []
        for i, g_i in enumerate(flat_grads):
            g = g_i.clone()
            others = [j for j in range(len(flat_grads)) if j != i]
            self.rng.shuffle(others)
            for j in others:
                g_j = flat_grads[j]
                dot = torch.dot(g, g_j)
                if dot < 0:
                    g -= dot / g_j.pow(2).sum().clamp_min(1e-12) * g_j
                    self.n_conflicts += 1
            projected.append(g)
        return torch.stack(projected).sum(0)

    def backward(self, losses):
        flat_grads = [self._flat_task_grad(task, loss) for task, loss in losses.items()]
        merged = self._project(flat_grads)
        sum(losses.values()).backward()
        offset = 0
        for p in self.shared:
            n = p.numel()
            p.grad = merged[offset:offset + n].view_as(p).clone()
            offset += n
