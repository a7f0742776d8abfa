"""Bag-of-words text classifier trained on a couple of run configs with file-based plugins."""
import torch
import torch.nn as nn

from loader import RunPluginLoader

RUNS = [
    ("bow-a", {"dim": 16, "plugins": {"freeze_warmup": ("freeze_warmup.py", {"steps": 2}),
                                      "loss_spike": ("loss_spike.py", {"factor": 1.3})}}),
    ("bow-b", {"dim": 24, "plugins": {"loss_spike": ("loss_spike.py", {"factor": 2.0})}}),
]


class BagClassifier(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens, offsets):
        return self.out(self.embed(tokens, offsets))


def batches(n, vocab=50):
    g = torch.Generator().manual_seed(7)
    for _ in range(n):
        lengths = torch.randint(2, 6, (8,), generator=g)
        offsets = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)[:-1]])
        tokens = torch.randint(0, vocab, (int(lengths.sum()),), generator=g)
        yield tokens, offsets, torch.randint(0, 4, (8,), generator=g)


def train(run_id, cfg):
    model = BagClassifier(50, cfg["dim"], 4)
    loader = RunPluginLoader(run_id, {n: spec[0] for n, spec in cfg["plugins"].items()})
    loader.open()
    try:
        plugins = [loader.create(n, model=model, **spec[1]) for n, spec in cfg["plugins"].items()]
    finally:
        loader.close()
    opt = torch.optim.Adam([p for p in model.parameters()], lr=1e-2)
    last = None
    for step, (tokens, offsets, y) in enumerate(batches(5)):
        loss = nn.functional.cross_entropy(model(tokens, offsets), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        last = loss.item()
        for plugin in plugins:
            plugin.after_step(step, last)
    return last


def main():
    summary = {run_id: train(run_id, cfg) for run_id, cfg in RUNS}
    print(summary)


if __name__ == "__main__":
    main()
