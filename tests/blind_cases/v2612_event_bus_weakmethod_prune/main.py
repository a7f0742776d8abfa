"""Fine-tuning runs whose auxiliary components (EMA weights, throughput meter, loss-spike
detector) listen to the global event bus instead of being called by the trainer."""
import copy
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from events import BUS


class EMAWeights:
    def __init__(self, model, decay=0.9):
        self.decay = decay
        self.shadow = copy.deepcopy(model).eval()
        self.source = model
        BUS.subscribe("step_end", self.on_step_end)

    @torch.no_grad()
    def on_step_end(self, step, loss):
        for s, p in zip(self.shadow.parameters(), self.source.parameters()):
            s.mul_(self.decay).add_(p.detach(), alpha=1.0 - self.decay)


class ThroughputMeter:
    def __init__(self, batch_size):
        self.batch_size = batch_size
        self.samples, self.started = 0, time.perf_counter()
        BUS.subscribe("step_end", self.on_step_end)

    def on_step_end(self, step, loss):
        self.samples += self.batch_size

    @property
    def rate(self):
        return self.samples / max(time.perf_counter() - self.started, 1e-9)


class SpikeDetector:
    def __init__(self, factor=3.0):
        self.factor, self.best, self.spikes = factor, float("inf"), []
        BUS.subscribe("step_end", self.on_step_end)

    def on_step_end(self, step, loss):
        if loss > self.factor * self.best:
            self.spikes.append(step)
        self.best = min(self.best, loss)


def fine_tune(run, steps=4, batch_size=8):
    torch.manual_seed(run)
    model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.Linear(24, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    ema, meter, spikes = EMAWeights(model), ThroughputMeter(batch_size), SpikeDetector()
    for step in range(steps):
        x, y = torch.randn(batch_size, 6), torch.randint(0, 2, (batch_size,))
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        BUS.publish("step_end", step=step, loss=loss.item())
    with torch.no_grad():
        x = torch.randn(16, 6)
        agreement = (ema.shadow(x).argmax(1) == model(x).argmax(1)).float().mean().item()
    return {"agreement": agreement, "samples": meter.samples, "spikes": spikes.spikes}


def main():
    for run in range(3):
        print(run, fine_tune(run), "subscribers after run:", BUS.subscriber_count("step_end"))


if __name__ == "__main__":
    main()
