"""Stateful GRU trained with truncated BPTT over chunks of one long series, per-step grad clipping."""
import math

import torch
import torch.nn as nn

CONFIG = {"hidden": 16, "chunk": 24, "epochs": 2, "clip": 0.5, "lr": 1e-2, "horizon": 12}


class StatefulGRUForecaster(nn.Module):
    def __init__(self, hidden, clip):
        super().__init__()
        self.rnn = nn.GRU(1, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)
        self.clip = clip
        self.state = None
        self.last_out = None
        self.clipped_steps = 0

    def reset_state(self):
        self.state = None

    def _clip_step_grads(self, grad):
        norms = grad.norm(dim=-1, keepdim=True)
        self.clipped_steps += int((norms > self.clip).sum())
        return grad * (self.clip / norms.clamp_min(1e-12)).clamp(max=1.0)

    def forward(self, chunk):
        out, h = self.rnn(chunk.view(1, -1, 1), self.state)
        if self.training:
            out.register_hook(self._clip_step_grads)  # retain
            self.last_out = out  # retain
        self.state = h.detach()
        return self.head(out).view(-1)

    @torch.no_grad()
    def forecast(self, history, horizon):
        self.eval()
        self.reset_state()
        pred = self(history)[-1:]
        outs = [pred]
        for _ in range(horizon - 1):
            pred = self(pred)
            outs.append(pred)
        self.train()
        return torch.cat(outs)


def sensor_series(n, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n, dtype=torch.float32)
    return torch.sin(2 * math.pi * t / 24) + 0.5 * torch.sin(2 * math.pi * t / 168) + 0.1 * torch.randn(n, generator=g)


def train_tbptt(model, series, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.reset_state()
        for start in range(0, len(series) - cfg["chunk"] - 1, cfg["chunk"]):
            x = series[start:start + cfg["chunk"]]
            y = series[start + 1:start + cfg["chunk"] + 1]
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    for seed in range(2):
        series = sensor_series(24 * 14, seed)
        train, test = series[:-CONFIG["horizon"]], series[-CONFIG["horizon"]:]
        model = StatefulGRUForecaster(CONFIG["hidden"], CONFIG["clip"])
        loss = train_tbptt(model, train, CONFIG)
        pred = model.forecast(train, CONFIG["horizon"])
        rmse = (pred - test).pow(2).mean().sqrt().item()
        print(f"sensor {seed}: train mse {loss:.4f}, test rmse {rmse:.3f}, clipped {model.clipped_steps}")


if __name__ == "__main__":
    main()
