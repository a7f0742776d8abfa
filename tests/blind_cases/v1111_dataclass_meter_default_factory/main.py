"""Image-feature classifier trained for a few epochs with a step LR schedule."""
import torch
import torch.nn as nn

from state import EpochState


def batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        yield torch.randn(16, 20, generator=g), torch.randint(0, 4, (16,), generator=g)


def train_epoch(model, opt, sched, epoch):
    state = EpochState(epoch)
    for x, y in batches(4, epoch):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        state.loss.update(loss, n=x.shape[0])
        state.accuracy.update((logits.argmax(1) == y).float().mean().item(), n=x.shape[0])
        state.lrs.append(opt.param_groups[0]["lr"])
    sched.step()
    return state


def main():
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    history = []
    for epoch in range(3):
        history.append(train_epoch(model, opt, sched, epoch))
        print(history[-1].summary())
    best = min(history, key=lambda s: s.loss.avg)
    print("best epoch", best.epoch)


if __name__ == "__main__":
    main()
