"""Trains a small MLP with gradient accumulation and logs the Hessian trace."""
import torch
import torch.nn as nn

from curvature import backward_for_curvature, hutchinson_trace


class SharpnessLogger:
    def __init__(self, every=2):
        self.every = every
        self.records = []

    def maybe_log(self, step, model):
        if step % self.every == 0:
            self.records.append((step, hutchinson_trace(model.parameters())))


def make_model():
    return nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 3))


def train(n_steps=4, accum=2, micro_bs=8):
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    logger = SharpnessLogger()
    for step in range(n_steps):
        opt.zero_grad(set_to_none=True)
        for _ in range(accum):
            x = torch.randn(micro_bs, 10)
            y = torch.randint(0, 3, (micro_bs,))
            loss = nn.functional.cross_entropy(model(x), y)
            backward_for_curvature(loss, scale=1.0 / accum)
        logger.maybe_log(step, model)
        opt.step()
    return logger.records


def main():
    torch.manual_seed(0)
    records = train()
    for step, trace in records:
        print(f"step {step}: tr(H) ~ {trace:.3f}")


if __name__ == "__main__":
    main()
