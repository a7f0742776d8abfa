"""Capacity sweep for a staged gated-MLP encoder."""
import torch
import torch.fx as fx
import torch.nn.functional as F

from gated import gated_encoder, make_weights
from planner import assign_stages, build_pipeline

CFG = {"dim": 12, "hidden": 24, "classes": 4, "batch": 6, "steps": 3,
       "capacities": [150, 300, 600]}


def train_with_capacity(capacity, cfg):
    weights = make_weights(cfg["dim"], cfg["hidden"], cfg["classes"], seed=capacity)
    opt = torch.optim.Adam(weights, lr=1e-2)
    traced = fx.symbolic_trace(gated_encoder)
    example = [torch.randn(cfg["batch"], cfg["dim"])] + weights
    stages = assign_stages(traced, example, capacity)
    pipeline = build_pipeline(traced)
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["dim"])
        y = torch.randint(0, cfg["classes"], (cfg["batch"],))
        loss = F.cross_entropy(pipeline(x, *weights), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return [(s.index, s.load, len(s.node_names)) for s in stages], loss.item()


def main():
    for capacity in CFG["capacities"]:
        layout, loss = train_with_capacity(capacity, CFG)
        print(f"capacity={capacity}: stages={layout} loss={loss:.4f}")


if __name__ == "__main__":
    main()
