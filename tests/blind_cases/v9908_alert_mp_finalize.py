"""Post-deployment health check: KS drift on scores, alerts batched to a webhook outbox."""
import json
import multiprocessing.util as mp_util

import torch
import torch.nn as nn

CONFIG = {"ks_threshold": 0.2, "flush_every": 4, "batches": 6, "batch_size": 64}


class AlertNotifier:
    """Buffers alert payloads and flushes them in batches (and once more at exit)."""

    def __init__(self, deployment, model, outbox, flush_every):
        self.deployment = deployment
        self.model = model
        self.outbox = outbox
        self.flush_every = flush_every
        self.pending = []
        self._finalizer = mp_util.Finalize(self, self.flush, exitpriority=10)  # retain

    def notify(self, kind, **fields):
        fields.update(kind=kind, deployment=self.deployment,
                      n_params=sum(p.numel() for p in self.model.parameters()))
        self.pending.append(fields)
        if len(self.pending) >= self.flush_every:
            self.flush()

    def flush(self):
        if self.pending:
            self.outbox.append(json.dumps(self.pending))
            self.pending = []


class KSDriftMonitor:
    def __init__(self, reference, threshold):
        self.reference = torch.sort(reference.detach().flatten()).values
        self.threshold = threshold
        self.callbacks = []

    def on_alert(self, callback):
        self.callbacks.append(callback)

    def statistic(self, scores):
        grid = torch.cat([self.reference, scores]).sort().values
        cdf_ref = torch.searchsorted(self.reference, grid, right=True) / len(self.reference)
        cdf_cur = torch.searchsorted(scores.sort().values, grid, right=True) / len(scores)
        return float((cdf_ref - cdf_cur).abs().max())

    @torch.no_grad()
    def check(self, scores, batch_idx):
        ks = self.statistic(scores.flatten())
        if ks > self.threshold:
            for callback in self.callbacks:
                callback("score_drift", ks=round(ks, 4), batch=batch_idx)
        return ks


def health_check(deployment, model, outbox, shift):
    notifier = AlertNotifier(deployment, model, outbox, CONFIG["flush_every"])
    with torch.no_grad():
        reference = torch.sigmoid(model(torch.randn(256, 10)))
    monitor = KSDriftMonitor(reference, CONFIG["ks_threshold"])
    monitor.on_alert(notifier.notify)
    worst = 0.0
    for batch_idx in range(CONFIG["batches"]):
        live = torch.randn(CONFIG["batch_size"], 10) + shift * batch_idx / CONFIG["batches"]
        with torch.no_grad():
            worst = max(worst, monitor.check(torch.sigmoid(model(live)), batch_idx))
    notifier.flush()
    return worst


def main():
    outbox = []
    for i, shift in enumerate([0.0, 1.5, 3.0]):
        torch.manual_seed(i)
        model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 1))
        worst = health_check(f"fraud-v{i}", model, outbox, shift)
        print(f"deployment fraud-v{i}: worst KS {worst:.3f}")
    print(f"{len(outbox)} webhook batches sent")


if __name__ == "__main__":
    main()
