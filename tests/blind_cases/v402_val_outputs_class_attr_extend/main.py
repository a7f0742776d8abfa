"""Hand-rolled fit loop for a Lightning-style module (train, then validate each epoch)."""
import torch

from lit_model import LitRegressor


def batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        x = torch.randn(16, 8, generator=g)
        yield x, x[:, :4].sum(-1)


def fit(model, epochs=3):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(epochs):
        model.train()
        for batch in batches(4, seed=epoch):
            loss = model.training_step(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        for batch in batches(2, seed=100 + epoch):
            model.validation_step(batch)
        print(f"epoch {epoch}: val_mae={model.on_validation_epoch_end():.3f}")


def main():
    torch.manual_seed(0)
    fit(LitRegressor())


if __name__ == "__main__":
    main()
