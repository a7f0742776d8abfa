"""Learning-rate sweep whose training loop is instrumented by config-selected plugins."""
import torch
import torch.nn as nn

from toolhost import PluginHost

RUN_CFG = {
    "plugins": ["toolplugins.grad_norms", "toolplugins.lr_trace:LRTrace"],
    "lrs": [0.1, 0.03, 0.01],
    "steps": 5,
}


def train(run_name, lr, cfg):
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
    host = PluginHost(model, opt, run_name)
    for entry_point in cfg["plugins"]:
        host.load(entry_point)
    for step in range(cfg["steps"]):
        x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        host.emit("after_backward", step=step)
        opt.step()
        sched.step()
        host.emit("after_step", step=step)
    return host.reports()


def main():
    for lr in RUN_CFG["lrs"]:
        reports = train(f"lr{lr}", lr, RUN_CFG)
        print(lr, reports)


if __name__ == "__main__":
    main()
