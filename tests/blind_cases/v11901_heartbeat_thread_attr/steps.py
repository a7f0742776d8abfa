"""Step helpers shared by the trainers of the sweep."""
import torch
import torch.nn.functional as F

from heartbeat import pulse


def train_step(model, optimizer, x, y, step):
    pulse("forward", step=step)
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    pulse("backward", step=step)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    pulse("optimizer", step=step, grad_norm=float(grad_norm))
    return loss.item()


@torch.no_grad()
def evaluate(model, x, y):
    pulse("eval", n=len(x))
    model.eval()
    acc = (model(x).argmax(-1) == y).float().mean().item()
    model.train()
    return acc
