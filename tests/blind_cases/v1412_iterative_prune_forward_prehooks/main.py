"""Train, prune, fine-tune: three rounds of global magnitude pruning per model width."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from pruning import MagnitudePruner


def build(width):
    return nn.Sequential(
        nn.Conv2d(1, width, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(width, width * 2, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(width * 2, 10),
    )


def train_steps(model, opt, steps):
    for _ in range(steps):
        x, y = torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def lottery_run(width, rounds=3):
    torch.manual_seed(width)
    model = build(width)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    train_steps(model, opt, 3)
    pruner = MagnitudePruner(model, final_sparsity=0.7, rounds=rounds)
    log = []
    for r in range(rounds):
        sparsity = pruner.prune_round()
        opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
        loss = train_steps(model, opt, 2)
        log.append((r, round(sparsity, 3), round(loss, 3), len(pruner.masking_hooks())))
    pruner.finalize()
    return log


def main():
    for width in (4, 8):
        print(width, lottery_run(width))


if __name__ == "__main__":
    main()
