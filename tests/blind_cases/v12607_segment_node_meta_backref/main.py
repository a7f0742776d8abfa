"""Sweeps the per-segment activation budget of a pipelined residual stack."""
import torch
import torch.fx as fx
import torch.nn.functional as F

from segments import plan_segments, split_by_plan
from stack import init_weights, residual_stack

SWEEP = {"dim": 16, "out_dim": 3, "batch": 8, "steps": 3, "budgets": [256, 512, 1024]}


def run_budget(budget, cfg):
    weights = init_weights(cfg["dim"], cfg["out_dim"])
    opt = torch.optim.SGD(weights, lr=0.05)
    gm = fx.symbolic_trace(residual_stack)
    example = [torch.randn(cfg["batch"], cfg["dim"])] + weights
    segments = plan_segments(gm, example, budget)
    pipelined = split_by_plan(gm)
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["dim"])
        y = torch.randint(0, cfg["out_dim"], (cfg["batch"],))
        loss = F.cross_entropy(pipelined(x, *weights), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    sizes = [seg.activation_numel for seg in segments]
    return len(segments), sizes, loss.item()


def main():
    for budget in SWEEP["budgets"]:
        n_seg, sizes, loss = run_budget(budget, SWEEP)
        print(f"budget={budget}: {n_seg} segments {sizes} loss={loss:.4f}")


if __name__ == "__main__":
    main()
