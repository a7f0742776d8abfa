"""Trains a small MLP and dumps hidden activations every few steps for a diff tool."""
import torch
import torch.nn as nn

from dumper import DUMP_STORE, ActivationDumper, load_dump

SETTINGS = {"dump_every": 2, "layers": ["0", "2"], "steps": 5}


def make_model():
    return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 2))


def train(run_id, settings):
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(settings["steps"]):
        x, y = torch.randn(12, 8), torch.randint(0, 2, (12,))
        if step % settings["dump_every"] == 0:
            with ActivationDumper(model, settings["layers"], run_id):
                logits = model(x)
        else:
            logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    for run_id in ("a", "b"):
        train(run_id, SETTINGS)
    sizes = {key: len(blob) for key, blob in DUMP_STORE.items()}
    first = load_dump(next(iter(DUMP_STORE)))
    return sizes, sorted(first)


if __name__ == "__main__":
    main()
