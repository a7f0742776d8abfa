"""Training step assembled from middleware; loss scaling hands back a loss whose backward unscales."""
import functools
import math

import torch
import torch.nn as nn


def compose(middlewares, handler):
    return functools.reduce(lambda inner, mw: mw(inner), reversed(middlewares), handler)


def loss_scaling(params, state):
    def middleware(next_step):
        def step(batch):
            loss = next_step(batch)
            scaled = loss * state["scale"]

            def backward(gradient=None, retain_graph=None, create_graph=False):  # cycle
                torch.Tensor.backward(scaled, gradient, retain_graph, create_graph)
                found_inf = False
                for p in params:
                    if p.grad is not None:
                        p.grad.div_(state["scale"])
                        found_inf = found_inf or not torch.isfinite(p.grad).all().item()
                state["scale"] = state["scale"] / 2 if found_inf else min(state["scale"] * 2, 2.0 ** 16)
                state["skipped"] += int(found_inf)

            scaled.backward = backward  # cycle
            return scaled
        return step
    return middleware


def loss_logging(history):
    def middleware(next_step):
        def step(batch):
            loss = next_step(batch)
            history.append(loss.item())
            return loss
        return step
    return middleware


def l2_penalty(params, weight):
    def middleware(next_step):
        def step(batch):
            return next_step(batch) + weight * sum(p.pow(2).sum() for p in params)
        return step
    return middleware


def make_core(model):
    def core(batch):
        x, y = batch
        return nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), y)
    return core


def fit(model, batches, epochs=2):
    params = list(model.parameters())
    optimizer = torch.optim.SGD(params, lr=0.1)
    history, scaler = [], {"scale": 1024.0, "skipped": 0}
    step_fn = compose([loss_scaling(params, scaler), loss_logging(history), l2_penalty(params, 1e-4)],
                      make_core(model))
    for _ in range(epochs):
        for batch in batches:
            optimizer.zero_grad()
            loss = step_fn(batch)
            loss.backward()
            optimizer.step()
    return history, scaler


def main():
    g = torch.Generator().manual_seed(1)
    batches = []
    for _ in range(3):
        x = torch.randn(32, 6, generator=g)
        batches.append((x, (x[:, 0] * x[:, 1] > 0).float()))
    for width in (8, 24):
        model = nn.Sequential(nn.Linear(6, width), nn.Tanh(), nn.Linear(width, 1))
        history, scaler = fit(model, batches)
        assert all(math.isfinite(v) for v in history)
        print(width, round(history[-1], 4), scaler["scale"], scaler["skipped"])


if __name__ == "__main__":
    main()
