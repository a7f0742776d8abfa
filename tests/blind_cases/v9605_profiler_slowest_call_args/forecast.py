"""Rolling-window dataset and a GRU forecaster with teacher forcing."""
import torch
import torch.nn as nn


class RollingWindows(torch.utils.data.Dataset):
    def __init__(self, series, context, horizon):
        self.windows = series.unfold(0, context + horizon, 1)
        self.context = context

    def __len__(self):
        return self.windows.shape[0]

    def __getitem__(self, i):
        w = self.windows[i]
        return w[: self.context].unsqueeze(-1), w[self.context:].unsqueeze(-1)


class Seq2SeqForecaster(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.encoder = nn.GRU(1, hidden, batch_first=True)
        self.decoder = nn.GRUCell(1, hidden)
        self.proj = nn.Linear(hidden, 1)

    def forward(self, context, target=None, horizon=8, tf_ratio=0.5):
        _, h = self.encoder(context)
        h, step_in, preds = h[0], context[:, -1], []
        for t in range(horizon):
            h = self.decoder(step_in, h)
            pred = self.proj(h)
            preds.append(pred)
            use_truth = target is not None and torch.rand(()) < tf_ratio
            step_in = target[:, t] if use_truth else pred.detach()
        return torch.stack(preds, dim=1)
