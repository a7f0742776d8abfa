"""Multi-task regression with PCGrad-style per-task gradients through a shared trunk."""
import torch
import torch.nn as nn

CONFIG = {"in_dim": 8, "width": 24, "tasks": 3, "steps": 4, "batch": 16, "lr": 1e-2}


class LeCunTanh(torch.autograd.Function):
    """1.7159 * tanh(2x / 3); the backward only needs the output."""

    A, B = 1.7159, 2.0 / 3.0

    @staticmethod
    def forward(ctx, x):
        out = LeCunTanh.A * torch.tanh(LeCunTanh.B * x)
        ctx.save_for_backward(out)
        ctx.slope = None
        return out

    @staticmethod
    def backward(ctx, grad_out):
        # one backward per task runs through the shared trunk: compute the
        # local slope once and reuse it for the other tasks
        if ctx.slope is None:
            (out,) = ctx.saved_tensors
            t = out / LeCunTanh.A
            ctx.slope = (LeCunTanh.A * LeCunTanh.B) * (1.0 - t * t)
        return grad_out * ctx.slope


class MultiTaskNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.trunk = nn.Linear(cfg["in_dim"], cfg["width"])
        self.heads = nn.ModuleList(nn.Linear(cfg["width"], 1) for _ in range(cfg["tasks"]))

    def forward(self, x):
        h = LeCunTanh.apply(self.trunk(x))
        return [head(h) for head in self.heads]


def flat_grad(params):
    return torch.cat([p.grad.reshape(-1) for p in params])


def project_conflicts(grads):
    out = [g.clone() for g in grads]
    for i, gi in enumerate(out):
        for j, gj in enumerate(grads):
            if i != j:
                dot = torch.dot(gi, gj)
                if dot < 0:
                    gi -= dot / gj.pow(2).sum().clamp_min(1e-12) * gj
    return torch.stack(out).sum(0)


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    model = MultiTaskNet(cfg)
    shared = list(model.trunk.parameters())
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"])
        targets = [x[:, :1], -x[:, :1] + x[:, 1:2], x[:, 2:3].abs()]
        preds = model(x)
        losses = [nn.functional.mse_loss(p, t) for p, t in zip(preds, targets)]
        task_grads = []
        opt.zero_grad(set_to_none=True)
        for k, loss in enumerate(losses):
            for p in shared:
                p.grad = None
            loss.backward(retain_graph=k < len(losses) - 1)
            task_grads.append(flat_grad(shared))
        merged = project_conflicts(task_grads)
        offset = 0
        for p in shared:
            n = p.numel()
            p.grad = merged[offset:offset + n].view_as(p).clone()
            offset += n
        opt.step()
        print(f"step {step}: " + " ".join(f"{l.item():.3f}" for l in losses))


if __name__ == "__main__":
    main()
