"""User-level DP-FedAvg server: clip each client's model delta, average, add Gaussian noise."""
import torch

from ledger import LEDGER


class DPFedAvgServer:
    def __init__(self, global_model, cfg):
        self.global_model = global_model
        self.cfg = cfg
        self.rng = torch.Generator().manual_seed(cfg["seed"])

    def clip_update(self, local_model):
        deltas = [lp - gp for lp, gp in zip(local_model.parameters(), self.global_model.parameters())]
        norm = torch.sqrt(sum(d.pow(2).sum() for d in deltas))
        scale = min(1.0, self.cfg["clip_norm"] / norm)
        return [d * scale for d in deltas], scale

    def aggregate(self, rnd, clipped_updates, scales):
        n = len(clipped_updates)
        std = self.cfg["noise_multiplier"] * self.cfg["clip_norm"] / n
        with torch.no_grad():
            for i, gp in enumerate(self.global_model.parameters()):
                avg = sum(update[i] for update in clipped_updates) / n
                gp.add_(avg + torch.normal(0.0, std, size=gp.shape, generator=self.rng))
        LEDGER.record_round(rnd, self.cfg["noise_multiplier"], self.cfg["client_rate"], scales)
