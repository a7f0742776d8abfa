"""Lightning-style training loop that fans metrics out to several experiment loggers."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from loggers import ConsoleLogger, JSONLinesLogger

HPARAMS = {"hidden": 32, "lr": 0.02, "epochs": 2, "steps_per_epoch": 5, "batch_size": 8}


class Classifier(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, hidden), nn.ReLU(), nn.Dropout(0.1))
        self.head = nn.Linear(hidden, 5)

    def forward(self, x):
        return self.head(self.body(x))


class Trainer:
    def __init__(self, max_epochs, steps_per_epoch, loggers=None):
        self.max_epochs = max_epochs
        self.steps_per_epoch = steps_per_epoch
        self.loggers = list(loggers or [])  # cycle
        self.global_step = 0
        self.current_epoch = 0

    def log_metrics(self, **metrics):
        metrics = {k: float(v) for k, v in metrics.items()}
        for logger in self.loggers:
            logger.log_metrics(metrics)

    def fit(self, model, optimizer, batch_size):
        self.model, self.optimizer = model, optimizer
        for logger in self.loggers:
            logger.setup(self)
        model.train()
        for self.current_epoch in range(self.max_epochs):
            for _ in range(self.steps_per_epoch):
                x, y = torch.randn(batch_size, 16), torch.randint(0, 5, (batch_size,))
                logits = model(x)
                loss = F.cross_entropy(logits, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                self.global_step += 1
                acc = (logits.argmax(1) == y).float().mean()
                self.log_metrics(train_loss=loss.detach(), train_acc=acc)
        for logger in self.loggers:
            logger.finalize("success")


def main():
    for run in range(3):
        torch.manual_seed(run)
        model = Classifier(HPARAMS["hidden"])
        optimizer = torch.optim.SGD(model.parameters(), lr=HPARAMS["lr"], momentum=0.9)
        trainer = Trainer(HPARAMS["epochs"], HPARAMS["steps_per_epoch"],
                          loggers=[ConsoleLogger(), JSONLinesLogger(flush_every=3)])
        trainer.fit(model, optimizer, HPARAMS["batch_size"])


if __name__ == "__main__":
    main()
