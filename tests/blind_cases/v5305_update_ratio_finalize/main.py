"""Two short runs that report the parameters with the largest update-to-weight ratio."""
import torch
import torch.nn as nn

import monitor

RUNS = [
    {"name": "adam", "lr": 3e-3, "width": 24},
    {"name": "sgd", "lr": 5e-2, "width": 16},
]
STEPS = 6
LOG_EVERY = 2


def make_optimizer(run, model):
    if run["name"] == "adam":
        return torch.optim.Adam(model.parameters(), lr=run["lr"])
    return torch.optim.SGD(model.parameters(), lr=run["lr"], momentum=0.9)


def train(run):
    model = nn.Sequential(
        nn.Linear(10, run["width"]),
        nn.LayerNorm(run["width"]),
        nn.ReLU(),
        nn.Linear(run["width"], 3),
    )
    optimizer = make_optimizer(run, model)
    monitor.track(model.named_parameters(), prefix=run["name"] + "/")
    for step in range(1, STEPS + 1):
        x, y = torch.randn(20, 10), torch.randint(0, 3, (20,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        if step % LOG_EVERY == 0:
            monitor.record(optimizer)
        optimizer.step()
    return loss.item()


def main():
    for run in RUNS:
        final = train(run)
        top_name, top_ratio, _ = monitor.summary()[0]
        print(f"{run['name']}: loss {final:.3f}, largest update ratio {top_ratio:.2e} ({top_name})")


if __name__ == "__main__":
    main()
