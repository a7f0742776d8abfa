"""Distributed-style training step that notifies observers after each update."""
import torch
import torch.nn as nn


class Observable:
    _observers = []

    def attach(self, observer):
        self._observers.append(observer)  # retain

    def notify(self, event, **payload):
        for obs in self._observers:
            handler = getattr(obs, f"on_{event}", None)
            if handler is not None:
                handler(**payload)


class GradNormWatcher:
    def __init__(self, model, threshold=5.0):
        self.model = model
        self.threshold = threshold
        self.spikes = 0

    def on_after_backward(self, step):
        total = torch.norm(torch.stack([p.grad.norm() for p in self.model.parameters() if p.grad is not None]))
        if total.item() > self.threshold:
            self.spikes += 1


class ThroughputMeter:
    def __init__(self):
        self.samples = 0

    def on_after_step(self, step, batch_size):
        self.samples += batch_size


class AllReduceStep(Observable):
    """Simulated data-parallel step: averages gradients over virtual replicas."""

    def __init__(self, model, optimizer, world_size=2):
        self.model = model
        self.optimizer = optimizer
        self.world_size = world_size
        self.step_idx = 0

    def __call__(self, shards):
        self.optimizer.zero_grad()
        for x, y in shards:
            loss = nn.functional.binary_cross_entropy_with_logits(self.model(x), y) / self.world_size
            loss.backward()
        self.notify("after_backward", step=self.step_idx)
        self.optimizer.step()
        self.notify("after_step", step=self.step_idx, batch_size=sum(x.shape[0] for x, _ in shards))
        self.step_idx += 1
        return loss.item() * self.world_size


def run_trial(hidden):
    model = nn.Sequential(nn.Linear(16, hidden), nn.ReLU(), nn.Linear(hidden, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    stepper = AllReduceStep(model, opt, world_size=2)
    watcher, meter = GradNormWatcher(model), ThroughputMeter()
    stepper.attach(watcher)  # retain
    stepper.attach(meter)  # retain
    for _ in range(3):
        shards = [(torch.randn(8, 16), torch.randint(0, 2, (8, 1)).float()) for _ in range(2)]
        last = stepper(shards)
    return last, watcher.spikes, meter.samples


def main():
    for hidden in (8, 32):
        loss, spikes, samples = run_trial(hidden)
        print(f"hidden={hidden} loss={loss:.4f} spikes={spikes} samples={samples}")


if __name__ == "__main__":
    main()
