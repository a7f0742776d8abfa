"""Trainer that can snapshot model, optimizer and callback state into a checkpoint dict."""
import torch
import torch.nn as nn

from callbacks import BestCheckpoint, EarlyStopping


class Trainer:
    def __init__(self, model, callbacks, lr=0.02, max_epochs=6):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = list(callbacks)
        self.max_epochs = max_epochs
        self.epoch = 0
        self.should_stop = False

    def checkpoint(self):
        return {
            "epoch": self.epoch,
            "model": {k: v.detach().clone() for k, v in self.model.state_dict().items()},
            "optimizer": self.optimizer.state_dict(),
            "callbacks": {cb.state_key: cb.state_dict() for cb in self.callbacks},  # cycle
        }

    @torch.no_grad()
    def load_checkpoint(self, ckpt):
        for name, tensor in self.model.state_dict().items():
            tensor.copy_(ckpt["model"][name])
        self.epoch = ckpt["epoch"]

    def _batches(self, n, seed):
        gen = torch.Generator().manual_seed(seed)
        for _ in range(n):
            x = torch.randn(32, 8, generator=gen)
            yield x, x.sum(dim=1, keepdim=True).tanh()

    def train_epoch(self):
        self.model.train()
        for x, y in self._batches(4, self.epoch):
            loss = nn.functional.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        losses = [nn.functional.mse_loss(self.model(x), y).item() for x, y in self._batches(2, 1000)]
        return {"val_loss": sum(losses) / len(losses)}

    def fit(self):
        while self.epoch < self.max_epochs and not self.should_stop:
            self.train_epoch()
            metrics = self.validate()
            for cb in self.callbacks:
                cb.on_validation_end(self, metrics)
            self.epoch += 1


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(8, 32), nn.GELU(), nn.Linear(32, 1))
        best = BestCheckpoint()
        trainer = Trainer(model, [EarlyStopping(patience=2), best])
        trainer.fit()
        best.restore(trainer)


if __name__ == "__main__":
    main()
