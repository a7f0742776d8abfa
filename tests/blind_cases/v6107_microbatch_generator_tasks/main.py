"""Single-host GPipe run: all micro-batch forwards, then all backwards, stage by stage."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from stage import MicroBatchStage

SCHED_CFG = {
    "layer_dims": [(12, 32), (32, 32), (32, 4)],
    "num_microbatches": 4,
    "batch_size": 16,
    "lr": 0.05,
    "epochs": 2,
    "steps": 3,
}


def build_pipeline(cfg):
    n = len(cfg["layer_dims"])
    stages = []
    for i, (d_in, d_out) in enumerate(cfg["layer_dims"]):
        block = nn.Sequential(nn.Linear(d_in, d_out), nn.SiLU()) if i < n - 1 else nn.Linear(d_in, d_out)
        stages.append(MicroBatchStage(block, i, n, loss_fn=F.cross_entropy if i == n - 1 else None))
    return stages


def run_forwards(stages, xs, ys):
    outputs = []
    for x, y in zip(xs, ys):
        h = x
        for stage in stages:
            inp = h.detach().requires_grad_(torch.is_grad_enabled()) if stage.stage_id > 0 else h
            h = stage.forward_microbatch(inp, y if stage.is_last else None)
        outputs.append(h)
    return outputs


def train_step(stages, opt, x, y, cfg):
    for stage in stages:
        stage.reset_schedule()
    xs, ys = x.chunk(cfg["num_microbatches"]), y.chunk(cfg["num_microbatches"])
    losses = run_forwards(stages, xs, ys)
    opt.zero_grad()
    for _ in losses:
        grad = 1.0 / len(losses) * torch.ones(())
        for stage in reversed(stages):
            grad = stage.backward_microbatch(grad)
    opt.step()
    return sum(l.item() for l in losses) / len(losses)


@torch.no_grad()
def evaluate(stages, x, y, cfg):
    xs, ys = x.chunk(cfg["num_microbatches"]), y.chunk(cfg["num_microbatches"])
    losses = run_forwards(stages, xs, ys)
    return sum(l.item() for l in losses) / len(losses)


def main():
    torch.manual_seed(0)
    stages = build_pipeline(SCHED_CFG)
    params = [p for s in stages for p in s.parameters()]
    opt = torch.optim.SGD(params, lr=SCHED_CFG["lr"], momentum=0.9)
    bs, d_in = SCHED_CFG["batch_size"], SCHED_CFG["layer_dims"][0][0]
    for epoch in range(SCHED_CFG["epochs"]):
        for step in range(SCHED_CFG["steps"]):
            x, y = torch.randn(bs, d_in), torch.randint(0, 4, (bs,))
            loss = train_step(stages, opt, x, y, SCHED_CFG)
        val = evaluate(stages, torch.randn(bs, d_in), torch.randint(0, 4, (bs,)), SCHED_CFG)
        fwd = [s.forward_count for s in stages]
        print(f"epoch {epoch}: train {loss:.3f} val {val:.3f} forwards {fwd}")


if __name__ == "__main__":
    main()
