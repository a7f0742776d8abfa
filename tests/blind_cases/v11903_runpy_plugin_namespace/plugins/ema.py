"""Exponential moving average of the weights, evaluated at the end of the fit."""
import copy

import torch

DECAY = CONFIG.get("ema_decay", 0.9)
shadow = None


def on_fit_start():
    global shadow
    shadow = copy.deepcopy(TRAINER.model).eval()
    for p in shadow.parameters():
        p.requires_grad_(False)


@torch.no_grad()
def on_step_end(step, loss):
    for s, p in zip(shadow.parameters(), TRAINER.model.parameters()):
        s.mul_(DECAY).add_(p.detach(), alpha=1.0 - DECAY)


def on_fit_end():
    x, y = TRAINER.validation_batch()
    with torch.no_grad():
        TRAINER.report["ema_val_loss"] = torch.nn.functional.mse_loss(shadow(x), y).item()
