"""Multi-task sequence classifier trained with an EMA shadow model."""
import torch
import torch.nn.functional as F

from ema import ModelEMA
from heads import MultiTaskNet

CFG = {
    "tasks": {"intent": 6, "domain": 3},
    "in_dim": 12,
    "hidden": 24,
    "epochs": 2,
    "steps_per_epoch": 3,
    "ema_eval_every": 5,
    "lr": 1e-3,
}


def batch(cfg):
    x = torch.randn(8, 10, cfg["in_dim"])
    ys = {t: torch.randint(0, n, (8,)) for t, n in cfg["tasks"].items()}
    return x, ys


def evaluate(net, cfg):
    net.eval()
    with torch.no_grad():
        x, ys = batch(cfg)
        out = net(x)
        acc = {t: (out[t].argmax(-1) == ys[t]).float().mean().item() for t in ys}
    net.train()
    return acc


def fit(cfg):
    model = MultiTaskNet(cfg["in_dim"], cfg["hidden"], cfg["tasks"])
    ema = ModelEMA(model)
    opt = None
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps_per_epoch"]):
            x, ys = batch(cfg)
            out = model(x)
            if opt is None:
                opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
            loss = sum(F.cross_entropy(out[t], ys[t]) for t in ys)
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update(model)
        report = evaluate(model, cfg)
        if (epoch + 1) % cfg["ema_eval_every"] == 0:
            report.update({"ema_" + k: v for k, v in evaluate(ema.module, cfg).items()})
        print(epoch, report)


def main():
    import warnings
    warnings.filterwarnings("ignore", message="Lazy modules")
    fit(CFG)


if __name__ == "__main__":
    main()
