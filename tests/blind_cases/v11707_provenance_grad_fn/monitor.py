"""Loss-spike monitor: flags samples whose loss is far above the running statistics."""
import torch

from provenance import LEDGER, FlagRecord


class LossSpikeMonitor:
    def __init__(self, run, z_threshold=2.0, momentum=0.9):
        self.run = run
        self.z_threshold = z_threshold
        self.momentum = momentum
        self.mean = None
        self.var = None

    def observe(self, step, sample_ids, per_sample_loss):
        values = per_sample_loss.detach()
        if self.mean is None:
            self.mean, self.var = values.mean().item(), values.var().item()
        z = (values - self.mean) / (self.var ** 0.5 + 1e-6)
        for pos in torch.nonzero(z > self.z_threshold).flatten().tolist():
            LEDGER.flag(FlagRecord(sample_id=sample_ids[pos], check="loss_spike", score=float(z[pos]),
                                   run=self.run, step=step, origin=per_sample_loss.grad_fn))  # retain
        m = self.momentum
        self.mean = m * self.mean + (1 - m) * values.mean().item()
        self.var = m * self.var + (1 - m) * values.var().item()
