"""Repeated short runs of an ignite-style supervised trainer (one per seed)."""
import torch
import torch.nn as nn

from engine import Engine, Events
from handlers import StepDecay, TimeLimit, log_training_loss

CONFIG = {"lr": 0.05, "epochs": 2, "batches": 4, "batch_size": 16, "seeds": (0, 1, 2)}


def create_supervised_trainer(model, optimizer, loss_fn):
    def update(engine, batch):
        model.train()
        x, y = batch
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss.item()

    return Engine(update)


def make_batches(n, bs):
    return [(torch.randn(bs, 12), torch.randint(0, 3, (bs,))) for _ in range(n)]


def run_seed(seed, cfg):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 3))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    trainer = create_supervised_trainer(model, optimizer, nn.CrossEntropyLoss())

    history = []
    budget = TimeLimit(limit_sec=60.0)
    trainer.add_event_handler(Events.STARTED, budget.started)
    trainer.add_event_handler(Events.ITERATION_COMPLETED, log_training_loss, history, every=2)
    trainer.add_event_handler(Events.ITERATION_COMPLETED, budget.check)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, StepDecay(optimizer, gamma=0.8))

    state = trainer.run(make_batches(cfg["batches"], cfg["batch_size"]), max_epochs=cfg["epochs"])
    return state.iteration, history[-1][2]


def main():
    for seed in CONFIG["seeds"]:
        run_seed(seed, CONFIG)


if __name__ == "__main__":
    main()
