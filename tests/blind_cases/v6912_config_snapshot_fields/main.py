"""Cross-validation where every fold starts from the same default config."""
import torch
import torch.nn as nn

from config import FoldConfig
from tracking import log_hparams, summary


def lr_at(step, cfg):
    s = cfg.schedule
    return cfg.lr * min(1.0, (step + 1) / s.warmup) * (1 - step / s.total)


def run_fold(cfg):
    log_hparams(cfg)
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 4))
    params = list(model.parameters()) + list(cfg.criterion.parameters())
    opt = torch.optim.SGD(params, lr=cfg.lr)
    x, y = torch.randn(48, 10), torch.randint(0, 4, (48,))
    for step in range(cfg.schedule.total):
        for group in opt.param_groups:
            group["lr"] = lr_at(step, cfg)
        loss = cfg.criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item(), cfg.criterion.log_temp.exp().item()


def main():
    cfg = FoldConfig(name="cv")
    for fold in range(3):
        cfg.reset()
        cfg.name = f"cv-{fold}"
        cfg.lr = cfg.lr * (fold + 1)
        loss, temp = run_fold(cfg)
        print(f"{cfg.name}: loss={loss:.3f} temperature={temp:.3f}")
    print(summary())


if __name__ == "__main__":
    main()
