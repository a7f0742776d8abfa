"""One optimisation step; clipping refuses to apply non-finite gradients."""
import torch
import torch.nn.functional as F


def forward_loss(model, batch, label_smoothing):
    inputs, targets = batch
    logits = model(inputs)
    return F.cross_entropy(logits, targets, label_smoothing=label_smoothing)


def guarded_step(model, optimizer, batch, cfg):
    optimizer.zero_grad(set_to_none=True)
    loss = forward_loss(model, batch, cfg["label_smoothing"])
    loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(
        model.parameters(), cfg["max_grad_norm"], error_if_nonfinite=True)
    optimizer.step()
    return loss.item(), float(grad_norm)
