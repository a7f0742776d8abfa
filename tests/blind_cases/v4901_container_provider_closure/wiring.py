"""Declares how the training services are built from a config dict."""
import torch
import torch.nn as nn

from di import Container


class Trainer:
    def __init__(self, model, optimizer, scheduler, loss_fn, max_norm):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.loss_fn = loss_fn
        self.max_norm = max_norm
        self.step = 0

    def train_epoch(self, batches):
        self.model.train()
        total = 0.0
        for x, y in batches:
            loss = self.loss_fn(self.model(x), y)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
            self.optimizer.step()
            self.step += 1
            total += loss.item()
        self.scheduler.step()
        return total / len(batches)


def build_container(cfg):
    c = Container(cfg["name"])

    @c.provider("model")
    def model():
        return nn.Sequential(
            nn.Linear(cfg["in_dim"], cfg["hidden"]),
            nn.GELU(),
            nn.Linear(cfg["hidden"], cfg["classes"]),
        )

    @c.provider("optimizer")
    def optimizer():  # cycle
        params = c.get("model").parameters()
        return torch.optim.AdamW(params, lr=cfg["lr"], weight_decay=cfg["wd"])

    @c.provider("scheduler")
    def scheduler():  # cycle
        return torch.optim.lr_scheduler.StepLR(c.get("optimizer"), step_size=cfg["step_size"], gamma=0.5)

    @c.provider("loss", singleton=False)
    def loss():
        return nn.CrossEntropyLoss(label_smoothing=cfg["smoothing"])

    @c.provider("trainer")
    def trainer():  # cycle
        return Trainer(c.get("model"), c.get("optimizer"), c.get("scheduler"),
                       c.get("loss"), cfg["max_norm"])

    return c
