"""Trains a deep residual MLP with checkpointed blocks and logs per-block feature norms."""
import torch
import torch.nn as nn

from blocks import DeepMLP


def make_batches(n, batch_size, in_dim, n_classes):
    g = torch.Generator().manual_seed(0)
    for _ in range(n):
        x = torch.randn(batch_size, in_dim, generator=g)
        y = torch.randint(0, n_classes, (batch_size,), generator=g)
        yield x, y


def train_epoch(model, opt, batches, log_every=2):
    criterion = nn.CrossEntropyLoss()
    history = []
    for step, (x, y) in enumerate(batches):
        loss = criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % log_every == 0:
            norms = model.representation_norms()
            history.append((step, loss.item(), norms))
    return history


def main():
    model = DeepMLP(in_dim=16, dim=32, depth=3, n_out=4)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    history = train_epoch(model, opt, make_batches(5, 8, 16, 4))
    for step, loss, norms in history:
        print(f"step {step}: loss={loss:.3f} norms={[round(n, 2) for n in norms]}")


if __name__ == "__main__":
    main()
