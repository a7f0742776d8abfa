"""Minimal supervised trainer with optional weight EMA."""
import io
from dataclasses import dataclass

import torch
import torch.nn as nn

from ema import ShadowEMA


@dataclass
class TrainConfig:
    lr: float = 1e-2
    steps: int = 6
    batch_size: int = 16
    ema_decay: float = 0.99
    export_ema: bool = True
    grad_clip: float = 1.0


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
        self.loss_fn = nn.MSELoss()
        self.ema = ShadowEMA(model, decay=cfg.ema_decay)
        if cfg.export_ema:
            # checkpoints written by this trainer always carry the EMA weights
            model._register_state_dict_hook(self.ema.export_hook)  # cycle
        self.history = []

    def train_step(self, x, y):
        self.model.train()
        loss = self.loss_fn(self.model(x), y)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.grad_clip)
        self.opt.step()
        self.ema.update()
        self.history.append(loss.item())

    def checkpoint_bytes(self):
        buf = io.BytesIO()
        torch.save({"model": self.model.state_dict(), "history": self.history}, buf)
        return buf.getvalue()
