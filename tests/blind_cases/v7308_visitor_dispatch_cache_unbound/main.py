"""Learns to evaluate random arithmetic expressions with a recursive network."""
import random

import torch

from encoder import OPS, BinOp, ComposeNet, Num, RecursiveEncoder


def random_expr(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        return Num(rng.randrange(10))
    return BinOp(rng.choice(OPS), random_expr(rng, depth - 1), random_expr(rng, depth - 1))


def evaluate(tree):
    if isinstance(tree, Num):
        return tree.value
    a, b = evaluate(tree.left), evaluate(tree.right)
    return a + b if tree.op == "+" else a - b if tree.op == "-" else a * b


def main():
    rng = random.Random(0)
    torch.manual_seed(0)
    train = [random_expr(rng, 3) for _ in range(24)]
    valid = [random_expr(rng, 3) for _ in range(8)]
    encoder = RecursiveEncoder(ComposeNet(dim=16))
    opt = torch.optim.Adam(encoder.net.parameters(), lr=5e-3)
    for epoch in range(3):
        for tree in train:
            target = torch.tensor(float(evaluate(tree))) / 100.0
            loss = (encoder.predict(tree) - target) ** 2
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            err = sum(abs(encoder.predict(t).item() * 100.0 - evaluate(t)) for t in valid) / len(valid)
        print(f"epoch {epoch}: valid MAE {err:.2f}")


if __name__ == "__main__":
    main()
