"""Width sweep; gradient and weight norms are logged through model.stats."""
import torch
import torch.nn.functional as F

from zoo import MLP

SWEEP = [[10, 16, 1], [10, 32, 1], [10, 64, 32, 1]]


def train(sizes, steps=5):
    model = MLP(sizes)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    log = []
    for step in range(steps):
        x = torch.randn(16, sizes[0])
        y = x.sum(dim=1, keepdim=True).sin()
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        log.append((step, loss.item(), model.stats.grad_norm()))
        opt.step()
    return model.stats.num_params(), model.stats.param_norm(), log


def main():
    torch.manual_seed(0)
    for sizes in SWEEP:
        n, pnorm, log = train(sizes)
        print("%-16s params=%5d |w|=%.2f last |g|=%.3f" % (sizes, n, pnorm, log[-1][2]))


if __name__ == "__main__":
    main()
