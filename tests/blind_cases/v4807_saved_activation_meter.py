"""Measures how much activation memory autograd saves during a window of training steps."""
import torch
import torch.nn as nn
from torch.autograd.graph import saved_tensors_hooks


class SavedActivationMeter(saved_tensors_hooks):
    """Counts bytes packed by autograd while active; used over a step window."""

    def __init__(self, model):
        self.model = model
        self.packed_bytes = 0
        self.packed_count = 0
        self.per_step = []
        self.active = False
        super().__init__(self._pack, self._unpack)

    def _pack(self, tensor):
        self.packed_bytes += tensor.element_size() * tensor.nelement()
        self.packed_count += 1
        return tensor

    def _unpack(self, tensor):
        return tensor

    def start(self):
        if not self.active:
            self.__enter__()  # retain
            self.active = True

    def mark_step(self):
        self.per_step.append((self.packed_count, self.packed_bytes))
        self.packed_count = self.packed_bytes = 0

    def stop(self):
        if self.active:
            self.__exit__(None, None, None)
            self.active = False
        return self.per_step


PROFILE = {"start_step": 2, "stop_step": 6}


def train(model, loader, meter):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        if step == PROFILE["start_step"]:
            meter.start()
        loss = nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(-1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if meter.active:
            meter.mark_step()
        if step == PROFILE["stop_step"]:
            return meter.stop()
    return meter.per_step


def main():
    model = nn.Sequential(nn.Linear(10, 20), nn.Sigmoid(), nn.Linear(20, 1))
    loader = [(torch.randn(8, 10), torch.randint(0, 2, (8,)).float()) for _ in range(4)]
    meter = SavedActivationMeter(model)
    train(model, loader, meter)


if __name__ == "__main__":
    main()
