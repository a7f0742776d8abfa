"""Learning-rate sweep; every run shows up as a task on the shared progress board."""
import torch
import torch.nn as nn

from progress import BOARD

SWEEP = [{"name": "lr=0.3", "lr": 0.3}, {"name": "lr=0.1", "lr": 0.1}, {"name": "lr=0.03", "lr": 0.03}]
EPOCHS, STEPS = 2, 6


def make_data(n=192, dim=8):
    x = torch.randn(n, dim)
    y = (x[:, :4].sum(1) > 0).float().unsqueeze(1)
    return x.split(32), y.split(32)


def run(cfg, data):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    loss = torch.tensor(float("nan"))
    task = BOARD.add_task(cfg["name"], total=EPOCHS * STEPS, fields={
        "loss": lambda: f"{loss.item():.4f}",  # retain
        "lr": lambda: f"{opt.param_groups[0]['lr']:.2g}",  # retain
    })
    xs, ys = data
    for _ in range(EPOCHS):
        for x, y in zip(xs[:STEPS], ys[:STEPS]):
            loss = nn.functional.binary_cross_entropy_with_logits(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            BOARD.advance(task)
    BOARD.finish(task)
    return loss.item()


def main():
    data = make_data()
    results = {cfg["name"]: run(cfg, data) for cfg in SWEEP}
    print(BOARD.summary())
    print("best:", min(results, key=results.get))


if __name__ == "__main__":
    main()
