"""Two-tower regression model declared as a deferred op graph and trained per config."""
import torch
import torch.nn as nn

from dag import Graph, Op, Placeholder, describe, run

SWEEP = [{"hidden": 8, "lr": 0.05}, {"hidden": 16, "lr": 0.02}]


def build_towers(cfg):
    graph = Graph(f"towers-h{cfg['hidden']}")
    left = nn.Sequential(nn.Linear(4, cfg["hidden"]), nn.ReLU())
    right = nn.Sequential(nn.Linear(4, cfg["hidden"]), nn.ReLU())
    head = nn.Linear(2 * cfg["hidden"], 1)
    with graph.as_default():
        xl, xr = Placeholder("x_left"), Placeholder("x_right")
        hl, hr = Op(left, xl), Op(right, xr)
        joined = Op(lambda a, b: torch.cat([a, b], -1), hl, hr, name="concat")
        pred = Op(head, joined)
    modules = nn.ModuleList([left, right, head])
    return graph, (xl, xr), pred, modules


def attach_loss(pred):
    target = Placeholder("target")
    diff = Op(torch.sub, pred, target)
    loss = Op(lambda d: d.pow(2).mean(), diff, name="mse")
    return target, loss


def main():
    torch.manual_seed(0)
    for cfg in SWEEP:
        graph, (xl, xr), pred, modules = build_towers(cfg)
        target, loss_op = attach_loss(pred)
        opt = torch.optim.SGD(modules.parameters(), lr=cfg["lr"])
        for step in range(4):
            a, b = torch.randn(16, 4), torch.randn(16, 4)
            y = (a * b).sum(1, keepdim=True)
            loss = run(loss_op, {xl: a, xr: b, target: y})
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"{graph.name}: final loss {loss.item():.3f}")
        print("  ", describe(graph))


if __name__ == "__main__":
    main()
