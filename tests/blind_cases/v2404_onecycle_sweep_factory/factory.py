"""Config-driven construction of optimizers and schedulers for the sweep scripts."""
import torch

OPTIMIZERS = {
    "sgd": lambda params, cfg: torch.optim.SGD(params, lr=cfg["lr"], momentum=0.9, nesterov=True),
    "adamw": lambda params, cfg: torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg.get("wd", 0.01)),
}


def _one_cycle(optimizer, cfg, steps_per_epoch):
    return torch.optim.lr_scheduler.OneCycleLR(  # cycle
        optimizer,
        max_lr=cfg["lr"],
        epochs=cfg["epochs"],
        steps_per_epoch=steps_per_epoch,
        pct_start=cfg.get("pct_start", 0.3),
        anneal_strategy=cfg.get("anneal", "cos"),
    )


def _constant(optimizer, cfg, steps_per_epoch):
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)


SCHEDULERS = {"onecycle": _one_cycle, "constant": _constant}


def build_training_objects(model, cfg, steps_per_epoch):
    optimizer = OPTIMIZERS[cfg["optimizer"]](model.parameters(), cfg)
    scheduler = SCHEDULERS[cfg["schedule"]](optimizer, cfg, steps_per_epoch)
    return optimizer, scheduler
