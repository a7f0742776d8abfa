"""Smoke tests for the regression head, runnable without pytest installed."""
import torch
import torch.nn as nn

from minifix import Session, fixture


@fixture
def model(request):
    torch.manual_seed(request.config["seed"])
    net = nn.Sequential(nn.Linear(8, request.config["hidden"]), nn.SiLU(), nn.Linear(request.config["hidden"], 1))
    yield net
    net.zero_grad(set_to_none=True)


@fixture
def optimizer(model, request):
    return torch.optim.Adam(model.parameters(), lr=request.config["lr"])


@fixture
def batch(request):
    g = torch.Generator().manual_seed(request.config["seed"])
    x = torch.randn(32, 8, generator=g)
    return x, x[:, :2].sum(dim=1, keepdim=True)


def test_output_shape(model, batch):
    x, y = batch
    assert model(x).shape == y.shape, "prediction shape mismatch"


def test_loss_decreases(model, optimizer, batch):
    x, y = batch
    losses = []
    for _ in range(5):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    assert losses[-1] < losses[0], f"loss went from {losses[0]:.3f} to {losses[-1]:.3f}"


def test_fits_linear_target(model, optimizer, batch):
    x, y = batch
    for _ in range(10):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    assert loss.item() < 1e-3, f"final mse {loss.item():.4f} above 1e-3"


def main():
    session = Session({"seed": 3, "hidden": 16, "lr": 1e-2})
    for test in (test_output_shape, test_loss_decreases, test_fits_linear_target):
        session.run(test)
    for outcome in session.outcomes:
        print(f"{outcome.status:>7}  {outcome.name}  {outcome.detail}")


if __name__ == "__main__":
    main()
