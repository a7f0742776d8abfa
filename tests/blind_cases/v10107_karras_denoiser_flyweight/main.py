"""Width sweep of EDM denoisers on a Gaussian-mixture toy dataset."""
import torch

from denoisers import KarrasDenoiser
from nets import EDMNet

SWEEP = [{"width": 32, "depth": 1}, {"width": 64, "depth": 2}, {"width": 48, "depth": 3}]
SAMPLER = {"sigma_min": 0.002, "sigma_max": 20.0, "rho": 7.0, "num_steps": 8}


def mixture(n, dim=2):
    centers = torch.tensor([[-2.0, 0.0], [2.0, 0.0], [0.0, 2.0]])
    idx = torch.randint(0, len(centers), (n,))
    return centers[idx] + 0.3 * torch.randn(n, dim)


def run_trial(cfg, data):
    net = EDMNet(dim=2, width=cfg["width"], depth=cfg["depth"])
    denoiser = KarrasDenoiser(net, **SAMPLER)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for batch in data.split(32):
        loss = denoiser.loss(batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
    samples = denoiser.heun_sample(64, dim=2)
    return {"loss": loss.item(), "spread": samples.std(0).mean().item(), "desc": denoiser.describe()}


def main():
    torch.manual_seed(0)
    data = mixture(128)
    for cfg in SWEEP:
        result = run_trial(cfg, data)
        print(cfg, f"loss={result['loss']:.3f} spread={result['spread']:.2f}", result["desc"])


if __name__ == "__main__":
    main()
