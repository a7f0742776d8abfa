"""Data-parallel style step with observers; the observer tuple is per instance."""
import torch
import torch.nn as nn


class Observable:
    # immutable class-level default; attach() rebinds a new tuple on the instance
    _observers = ()

    def attach(self, observer):
        self._observers = self._observers + (observer,)

    def detach_all(self):
        self._observers = ()

    def notify(self, event, **payload):
        for obs in self._observers:
            handler = getattr(obs, f"on_{event}", None)
            if handler is not None:
                handler(self, **payload)


class GradNormWatcher:
    def __init__(self, threshold=5.0):
        self.threshold = threshold
        self.spikes = 0
        self.last_step = -1

    def on_after_backward(self, stepper, step):
        # the stepper is passed in for the duration of the call, never stored
        norms = [p.grad.norm() for p in stepper.model.parameters() if p.grad is not None]
        if torch.stack(norms).norm().item() > self.threshold:
            self.spikes += 1
        self.last_step = step


class ThroughputMeter:
    def __init__(self):
        self.samples = 0

    def on_after_step(self, stepper, step, batch_size):
        self.samples += batch_size


class AllReduceStep(Observable):
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
    watcher, meter = GradNormWatcher(), ThroughputMeter()
    stepper.attach(watcher)
    stepper.attach(meter)
    try:
        for _ in range(3):
            shards = [(torch.randn(8, 16), torch.randint(0, 2, (8, 1)).float()) for _ in range(2)]
            last = stepper(shards)
    finally:
        stepper.detach_all()
    return last, watcher.spikes, meter.samples


def main():
    for hidden in (8, 32):
        loss, spikes, samples = run_trial(hidden)
        print(f"hidden={hidden} loss={loss:.4f} spikes={spikes} samples={samples}")


if __name__ == "__main__":
    main()
