"""Cross-validation driver: each fold overrides the container's model dependency."""
import torch
import torch.nn as nn

from providers import Dependency, Factory, Object, Singleton


class Trainer:
    def __init__(self, model, optimizer, loss_fn, grad_accum):
        self.model, self.optimizer, self.loss_fn = model, optimizer, loss_fn
        self.grad_accum = grad_accum

    def fit(self, batches, epochs):
        for _ in range(epochs):
            self.optimizer.zero_grad()
            for i, (x, y) in enumerate(batches, 1):
                (self.loss_fn(self.model(x), y) / self.grad_accum).backward()
                if i % self.grad_accum == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()

    @torch.no_grad()
    def score(self, batches):
        return sum(self.loss_fn(self.model(x), y).item() for x, y in batches) / len(batches)


def make_optimizer(model, settings):
    return torch.optim.Adam(model.parameters(), lr=settings["lr"], betas=settings["betas"])


class Services:
    settings = Object({"lr": 3e-3, "betas": (0.9, 0.99)})
    model = Dependency()
    optimizer = Factory(make_optimizer, model=model, settings=settings)
    loss_fn = Factory(nn.SmoothL1Loss, beta=0.5)
    trainer = Singleton(Trainer, model=model, optimizer=optimizer, loss_fn=loss_fn, grad_accum=2)


def folds(k=3, n=72):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(n, 7, generator=g)
    y = x[:, :3].sum(1, keepdim=True) + 0.1 * torch.randn(n, 1, generator=g)
    xs, ys = x.chunk(k), y.chunk(k)
    for i in range(k):
        train = [(a, b) for j in range(k) if j != i for a, b in zip(xs[j].split(8), ys[j].split(8))]
        yield train, [(xs[i], ys[i])]


def run_fold(train, val):
    model = nn.Sequential(nn.Linear(7, 32), nn.ReLU(), nn.Linear(32, 1))
    with Services.model.override(Object(model), resets=[Services.trainer]):
        trainer = Services.trainer()
        trainer.fit(train, epochs=2)
        return trainer.score(val)


def main():
    scores = [run_fold(train, val) for train, val in folds()]
    print("cv score: %.4f" % (sum(scores) / len(scores)))


if __name__ == "__main__":
    main()
