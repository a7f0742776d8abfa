"""Learning-rate sweep for a small keyword-spotting model driven by argparse."""
import argparse

import torch
import torch.nn as nn

from data import build_loaders


def get_parser():
    p = argparse.ArgumentParser(description="kws sweep")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--train-size", type=int, default=96)
    p.add_argument("--val-size", type=int, default=32)
    p.add_argument("--num-frames", type=int, default=20)
    p.add_argument("--feat-dim", type=int, default=12)
    p.add_argument("--num-classes", type=int, default=4)
    p.add_argument("--time-mask", type=int, default=4)
    return p


class KwsNet(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.conv = nn.Conv1d(args.feat_dim, 24, kernel_size=3, padding=1)
        self.head = nn.Linear(24, args.num_classes)

    def forward(self, x):
        h = torch.relu(self.conv(x.transpose(1, 2)))
        return self.head(h.mean(dim=2))


def evaluate(model, args):
    model.eval()
    correct = 0
    with torch.no_grad():
        for x, y in args.val_loader:
            correct += (model(x).argmax(1) == y).sum().item()
    model.train()
    return correct / len(args.val_loader.dataset)


def train(args):
    torch.manual_seed(args.seed)
    model = KwsNet(args)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr)
    warmup = args.steps_per_epoch
    step = 0
    for _ in range(args.epochs):
        for x, y in args.train_loader:
            for group in opt.param_groups:
                group["lr"] = args.lr * min(1.0, (step + 1) / warmup)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
    return evaluate(model, args)


def main():
    parser = get_parser()
    for lr in ("3e-4", "1e-3"):
        args = parser.parse_args(["--lr", lr, "--seed", "1"])
        build_loaders(args)
        acc = train(args)
        print(f"lr={args.lr:g} val_acc={acc:.3f}")


if __name__ == "__main__":
    main()
