"""Training monitors driven by the batch_end / epoch_end signals."""
import math

import signals


class GradNormMonitor:
    def __init__(self, model, spike_factor=5.0):
        self.model = model
        self.spike_factor = spike_factor
        self.norms = []
        self.spikes = 0

    def attach(self):
        signals.batch_end.connect(self.on_batch_end, sender=self.model)  # retain
        signals.epoch_end.connect(self.on_epoch_end, sender=self.model)  # retain
        return self

    def detach(self):
        signals.batch_end.disconnect(self.on_batch_end)
        signals.epoch_end.disconnect(self.on_epoch_end)

    def on_batch_end(self, sender, loss, step):
        sq = 0.0
        for p in self.model.parameters():
            if p.grad is not None:
                sq += float(p.grad.pow(2).sum())
        norm = math.sqrt(sq)
        if self.norms and norm > self.spike_factor * (sum(self.norms) / len(self.norms)):
            self.spikes += 1
        self.norms.append(norm)
        return norm

    def on_epoch_end(self, sender, epoch, mean_loss):
        window = self.norms[-4:]
        return {"epoch": epoch, "loss": mean_loss, "grad_norm": sum(window) / max(len(window), 1)}
