"""Cross-validated regression with engine-based training and periodic checkpoints."""
import torch
import torch.nn as nn

from common import setup_common_training_handlers
from engine import Engine

CONFIG = {"folds": 3, "max_epochs": 2, "save_every_iters": 2, "lr": 0.05, "output": {"type": "memory"}}


def create_supervised_trainer(model, optimizer, loss_fn):
    def _update(engine, batch):
        x, y = batch
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    return Engine(_update)


def run_fold(fold, cfg):
    torch.manual_seed(fold)
    w = torch.randn(8, 1)
    batches = [(x, x @ w + 0.1 * torch.randn(16, 1)) for x in torch.randn(3, 16, 8)]
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    trainer = create_supervised_trainer(model, optimizer, nn.MSELoss())
    to_save = {"trainer": trainer, "model": model, "optimizer": optimizer}  # cycle
    setup_common_training_handlers(trainer, to_save=to_save, save_every_iters=cfg["save_every_iters"],
                                   output_cfg=cfg["output"])
    return trainer.run(batches, max_epochs=cfg["max_epochs"]).output


def main():
    losses = [run_fold(fold, CONFIG) for fold in range(CONFIG["folds"])]
    assert len(losses) == CONFIG["folds"]


if __name__ == "__main__":
    main()
