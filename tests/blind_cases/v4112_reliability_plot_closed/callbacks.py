"""Evaluation callback that writes a reliability diagram for every evaluated dataset."""
import os

import torch

import plotting as plt


class ReliabilityDiagram:
    def __init__(self, out_dir, n_bins=5):
        self.out_dir = out_dir
        self.n_bins = n_bins
        self.ece_history = []

    def bin_stats(self, probs, targets):
        conf, pred = probs.max(dim=-1)
        correct = (pred == targets).float()
        which = (conf * self.n_bins).long().clamp_max(self.n_bins - 1)
        stats = []
        for b in range(self.n_bins):
            mask = which == b
            if mask.any():
                stats.append((conf[mask].mean().item(), correct[mask].mean().item(), int(mask.sum())))
        return stats

    def on_evaluation_end(self, loop, dataset_name, outputs):
        stats = self.bin_stats(outputs["probs"], outputs["targets"])
        ece = sum(n * abs(c - a) for c, a, n in stats) / max(sum(n for *_, n in stats), 1)
        self.ece_history.append((loop.epoch, dataset_name, round(ece, 4)))
        fig, ax = plt.subplots(figsize=(3, 3))
        try:
            ax.plot([0.0, 1.0], [0.0, 1.0], color="gray")
            if not stats:
                return None
            ax.plot([c for c, _, _ in stats], [a for _, a, _ in stats], color="tab:blue")
            ax.title = f"{dataset_name} ECE={ece:.3f}"
            path = os.path.join(self.out_dir, f"reliability_{dataset_name}_e{loop.epoch}.svg")
            fig.savefig(path)
            return path
        finally:
            plt.close(fig)
