"""In-place parameter mutations that can be taken back when the offspring loses."""
import torch


def _snapshot(net):
    return {name: p.detach().clone() for name, p in net.named_parameters()}


def gaussian_inplace(net, sigma, generator, layers=None):
    backup = _snapshot(net)
    with torch.no_grad():
        for name, p in net.named_parameters():
            if layers is None or name.split(".")[0] in layers:
                p.add_(torch.randn(p.shape, generator=generator) * sigma)

    def revert():  # cycle
        with torch.no_grad():
            for name, p in net.named_parameters():
                p.copy_(backup[name])

    net.revert_mutation = revert  # cycle
    return net


def one_fifth_rule(sigma, successes, trials, factor=1.5):
    if trials == 0:
        return sigma
    rate = successes / trials
    if rate > 0.2:
        return sigma * factor
    if rate < 0.2:
        return sigma / factor
    return sigma
