"""L-inf PGD that warm-starts from, and writes back to, a per-sample perturbation memory."""
import torch
import torch.nn.functional as F


class AccumulatedPGD:
    def __init__(self, eps=0.3, alpha=0.1, steps=2, decay=0.8):
        self.eps = eps
        self.alpha = alpha
        self.steps = steps
        self.decay = decay

    def __call__(self, model, x, y, index, memory):
        was_training = model.training
        model.eval()
        delta = memory.initial_delta(index) * self.decay
        delta.requires_grad_(True)
        for _ in range(self.steps):
            loss = F.cross_entropy(model(x + delta), y)
            grad, = torch.autograd.grad(loss, delta)
            delta = (delta + self.alpha * grad.sign()).clamp(-self.eps, self.eps)
        memory.store_delta(index, delta)
        model.train(was_training)
        return (x + delta).detach()
