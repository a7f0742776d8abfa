"""Batch worker: collate requests, run one forward, fall back to singles on failure."""
import torch

from logsetup import LOG

BAD_REQUEST = 400


class BatchWorker:
    def __init__(self, model, feature_dim):
        self.model = model.eval()
        self.feature_dim = feature_dim
        self.batches = 0

    def _collate(self, requests):
        return torch.stack([req["features"] for req in requests])

    @torch.no_grad()
    def _forward(self, x):
        return self.model(x).softmax(-1)

    def run_batch(self, bid, requests):
        self.batches += 1
        try:
            probs = self._forward(self._collate(requests))
        except RuntimeError:
            LOG.exception("batch %d failed (%d requests), retrying one by one", bid, len(requests))  # retain
            return [self._run_single(req) for req in requests]
        LOG.info("batch %d served %d requests", bid, len(requests))
        return [(req["rid"], 200, p.argmax().item()) for req, p in zip(requests, probs)]

    def _run_single(self, req):
        if req["features"].shape[-1] != self.feature_dim:
            LOG.warning("request %s rejected: %d features", req["rid"], req["features"].shape[-1])
            return (req["rid"], BAD_REQUEST, None)
        probs = self._forward(req["features"].unsqueeze(0))
        return (req["rid"], 200, probs.argmax().item())
