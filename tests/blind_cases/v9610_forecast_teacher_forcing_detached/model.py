"""Stateful LSTM forecaster with scheduled sampling in the decoder."""
import torch
import torch.nn as nn


class Forecaster(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.encoder = nn.LSTM(1, hidden, batch_first=True)
        self.cell = nn.LSTMCell(1, hidden)
        self.out = nn.Linear(hidden, 1)
        self.last_state = None

    def forward(self, context, horizon, target=None, tf_ratio=0.0, carry_state=False):
        init = self.last_state if carry_state and self.last_state is not None else None
        if init is not None and init[0].shape[1] != context.shape[0]:
            init = None
        _, (h, c) = self.encoder(context, init)
        self.last_state = (h.detach(), c.detach())
        h, c = h[0], c[0]
        step_in, preds = context[:, -1], []
        for t in range(horizon):
            h, c = self.cell(step_in, (h, c))
            pred = self.out(h)
            preds.append(pred)
            if target is not None and torch.rand(()) < tf_ratio:
                step_in = target[:, t]
            else:
                step_in = pred.detach()
        return torch.stack(preds, 1)
