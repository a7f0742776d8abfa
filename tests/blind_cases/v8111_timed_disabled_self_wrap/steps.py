"""Step factories: each returns a closure over the model and optimizer of one run."""
import torch
import torch.nn.functional as F

from timing import timed


def make_train_step(model, optimizer, accumulate=2):
    @timed("train_step")
    def train_step(micro_batches):
        optimizer.zero_grad()
        total = 0.0
        for x, y in micro_batches[:accumulate]:
            loss = F.binary_cross_entropy_with_logits(model(x).squeeze(1), y) / accumulate
            loss.backward()
            total += loss.item()
        optimizer.step()
        return total

    return train_step


def make_eval_step(model):
    @timed("eval_step", enabled=True)
    @torch.no_grad()
    def eval_step(x, y):
        probs = torch.sigmoid(model(x).squeeze(1))
        return ((probs > 0.5).float() == y).float().mean().item()

    return eval_step
