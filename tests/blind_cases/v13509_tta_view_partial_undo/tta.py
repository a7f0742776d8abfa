"""TTA predictor that averages de-augmented heatmaps over a fixed set of views."""
import torch

from views import Translate, VFlip, make_view


class HeatmapTTA:
    def __init__(self, model, ops, seed=0):
        self.model = model
        self.ops = list(ops)
        self.gen = torch.Generator().manual_seed(seed)

    @torch.no_grad()
    def __call__(self, images):
        views = [make_view(op, images, self.gen) for op in self.ops]
        heat = torch.stack([view.undo(self.model(view.image)) for view in views])
        return heat.mean(dim=0)


def build_tta(model, cfg):
    ops = [VFlip()] + [Translate(cfg["max_px"]) for _ in range(cfg["n_translations"])]
    return HeatmapTTA(model, ops, seed=cfg["seed"])
