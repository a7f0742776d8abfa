"""Train a small classifier and report validation accuracy and ECE per epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from calibration import VAL_ECE

CONFIG = {"epochs": 3, "steps_per_epoch": 4, "val_batches": 3, "batch_size": 32, "lr": 0.05}


def make_batch(batch_size, generator):
    x = torch.randn(batch_size, 16, generator=generator)
    y = (x[:, :4].sum(dim=1) > 0).long() + (x[:, 4] > 1).long()
    return x, y


def evaluate(model, generator, n_batches, batch_size):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for _ in range(n_batches):
            x, y = make_batch(batch_size, generator)
            logits = model(x)
            VAL_ECE.update(logits, y)
            correct += int((logits.argmax(dim=-1) == y).sum())
            total += y.numel()
    model.train()
    return correct / total


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.SGD(model.parameters(), lr=CONFIG["lr"], momentum=0.9)
    for epoch in range(CONFIG["epochs"]):
        for _ in range(CONFIG["steps_per_epoch"]):
            x, y = make_batch(CONFIG["batch_size"], gen)
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = evaluate(model, gen, CONFIG["val_batches"], CONFIG["batch_size"])
        ece = VAL_ECE.compute()
        VAL_ECE.reset()
        print(f"epoch {epoch}: acc={acc:.3f} ece={ece:.4f}")


if __name__ == "__main__":
    main()
