"""Low-rank plus diagonal SWAG posterior over a model's flattened weights."""
import torch

from flatten import flatten, write_flat


class SWAG:
    def __init__(self, model, max_rank=4):
        self.model = model
        self.max_rank = max_rank
        flat = flatten(model.parameters())
        self.mean = torch.zeros_like(flat)
        self.sq_mean = torch.zeros_like(flat)
        self.deviations = []
        self.n = 0

    def collect(self):
        flat = flatten(self.model.parameters())
        self.mean = (self.n * self.mean + flat) / (self.n + 1)
        self.sq_mean = (self.n * self.sq_mean + flat.pow(2)) / (self.n + 1)
        self.deviations.append(flat - self.mean)
        self.deviations = self.deviations[-self.max_rank:]
        self.n += 1

    def sample(self, generator, scale=0.5):
        diag = (self.sq_mean - self.mean.pow(2)).clamp_min(1e-10)
        z1 = torch.randn(self.mean.shape, generator=generator)
        sample = self.mean + (scale * diag).sqrt() * z1
        if len(self.deviations) > 1:
            dev = torch.stack(self.deviations, dim=1)
            z2 = torch.randn(dev.shape[1], generator=generator)
            sample = sample + (scale / (2 * (len(self.deviations) - 1))) ** 0.5 * dev @ z2
        return sample

    def predict(self, x, samples, generator):
        saved = flatten(self.model.parameters())
        outs = []
        try:
            for _ in range(samples):
                write_flat(self.sample(generator), self.model.parameters())
                with torch.no_grad():
                    outs.append(self.model(x))
        finally:
            write_flat(saved, self.model.parameters())
        return torch.stack(outs)
