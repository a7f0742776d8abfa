"""Sequential hyper-parameter sweep with a live status printout per epoch."""
import torch
import torch.nn as nn

import status
from engine import Trainer


class StatusPrinter:
    def __init__(self):
        self.snapshots = []

    def on_epoch_end(self, state):
        self.snapshots.append(status.report())


class LossHistory:
    def __init__(self):
        self.losses = []

    def on_batch_end(self, state):
        self.losses.append(state.last_loss)


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(8, 6), torch.randn(8, 2)) for _ in range(4)]
    printer = StatusPrinter()
    for name, lr in (("sgd-hi", 0.1), ("sgd-lo", 0.01)):
        model = nn.Sequential(nn.Linear(6, 24), nn.Tanh(), nn.Linear(24, 2))
        history = LossHistory()
        trainer = Trainer(name, model, torch.optim.SGD(model.parameters(), lr=lr),
                          callbacks=[history, printer])
        state = trainer.fit(batches)
        print(f"{name}: final loss {state.last_loss:.4f} over {len(history.losses)} steps")
    print(printer.snapshots[-1])


if __name__ == "__main__":
    main()
