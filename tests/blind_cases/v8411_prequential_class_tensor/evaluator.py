"""Prequential (test-then-train) evaluation with a fading factor."""
import torch


class PrequentialEvaluator:
    fading = 0.98
    loss_sum = torch.zeros(())
    weight_sum = torch.zeros(())
    correct_sum = torch.zeros(())

    def __init__(self, name, fading=None):
        self.name = name
        if fading is not None:
            self.fading = fading
        self.n_updates = 0

    def update(self, loss, logits, y):
        n = len(y)
        self.loss_sum *= self.fading
        self.loss_sum += loss * n  # retain
        self.correct_sum *= self.fading
        self.correct_sum += (logits.argmax(1) == y).sum()
        self.weight_sum *= self.fading
        self.weight_sum += n
        self.n_updates += 1

    def report(self):
        return {
            "stream": self.name,
            "faded_loss": float(self.loss_sum / self.weight_sum),
            "faded_acc": float(self.correct_sum / self.weight_sum),
            "updates": self.n_updates,
        }
