"""Checkpointing trainer that notifies receivers with a Django-style send_robust()."""
import os
import tempfile

import torch
import torch.nn as nn


class Signal:
    def __init__(self, name):
        self.name = name
        self.receivers = []

    def connect(self, receiver):
        if receiver not in self.receivers:
            self.receivers.append(receiver)
        return receiver

    def send_robust(self, sender, **named):
        responses = []
        for receiver in self.receivers:
            try:
                response = receiver(sender=sender, **named)
            except Exception as err:
                responses.append((receiver, err))  # cycle
            else:
                responses.append((receiver, response))
        return responses


checkpoint_saved = Signal("checkpoint_saved")


@checkpoint_saved.connect
def record_size(sender, path, epoch):
    return os.path.getsize(path)


@checkpoint_saved.connect
def mirror_to_archive(sender, path, epoch):
    archive = os.path.join(os.path.dirname(os.path.dirname(path)), "archive", "epoch%03d" % epoch)
    with open(os.path.join(archive, os.path.basename(path)), "wb") as dst, open(path, "rb") as src:
        dst.write(src.read())


class CheckpointingTrainer:
    def __init__(self, model, workdir, lr=0.02):
        self.model = model
        self.workdir = workdir
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, nesterov=True, momentum=0.9)
        self.receiver_errors = []

    def save(self, epoch):
        path = os.path.join(self.workdir, "epoch%03d.pt" % epoch)
        torch.save({"model": self.model.state_dict(), "epoch": epoch}, path)
        for receiver, result in checkpoint_saved.send_robust(sender=self, path=path, epoch=epoch):
            if isinstance(result, Exception):
                self.receiver_errors.append((receiver.__name__, result))  # cycle

    def fit(self, batches, epochs):
        for epoch in range(epochs):
            for x, y in batches:
                loss = nn.functional.l1_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            self.save(epoch)
        return len(self.receiver_errors)


def main():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(48, 4, generator=g)
    batches = list(zip(x.split(12), (x ** 2).sum(1, keepdim=True).split(12)))
    with tempfile.TemporaryDirectory() as workdir:
        for run in range(2):
            trainer = CheckpointingTrainer(nn.Sequential(nn.Linear(4, 12), nn.Softplus(), nn.Linear(12, 1)),
                                           os.path.join(workdir, "run%d" % run))
            os.makedirs(trainer.workdir)
            failures = trainer.fit(batches, epochs=2)
            print("run", run, "receiver failures:", failures)


if __name__ == "__main__":
    main()
