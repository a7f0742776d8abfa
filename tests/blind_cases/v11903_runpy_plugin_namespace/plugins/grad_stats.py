"""Per-step gradient norm statistics."""
import math

norms = []


def on_after_backward(step):
    total = 0.0
    for p in TRAINER.model.parameters():
        if p.grad is not None:
            total += p.grad.pow(2).sum().item()
    norms.append(math.sqrt(total))


def on_fit_end():
    if norms:
        TRAINER.report["grad_norm_mean"] = sum(norms) / len(norms)
        TRAINER.report["grad_norm_max"] = max(norms)
