"""Training loop on the GPU whose per-step probe keeps a bound method of itself: one cycle per step,
each holding 4 MiB of CUDA storage (a buffer with a view on it) and 2000 bytes on the CPU.
Arguments: the number of steps (default 12)."""
import sys

import torch
import torch.nn as nn

CUDA_BYTES_PER_PROBE = 4 * 1024 * 1024
CPU_BYTES_PER_PROBE = 2000


class Probe:
    def __init__(self, device):
        self.activations = torch.zeros(CUDA_BYTES_PER_PROBE // 4, device=device)  # float32
        self.head = self.activations[:1024]                                       # same storage
        self.history = torch.ones(CPU_BYTES_PER_PROBE // 8, dtype=torch.float64)  # on the CPU
        self.on_step = self.record                                                # the cycle

    def record(self, value):
        self.head[0] += value


def main(steps):
    torch.manual_seed(0)
    device = torch.device("cuda")
    model = nn.Linear(64, 1).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _step in range(steps):
        probe = Probe(device)
        loss = model(torch.randn(32, 64, device=device)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        probe.on_step(loss.detach())
    torch.cuda.synchronize()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
