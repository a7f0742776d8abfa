"""Lightning-style module with class-level default batch augmentations, extended per run by config."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BatchCompose:
    def __init__(self, transforms):
        self.transforms = tuple(transforms)

    def __add__(self, extra):
        return BatchCompose(self.transforms + tuple(extra))

    def __call__(self, x):
        for t in self.transforms:
            x = t(x)
        return x

    def __len__(self):
        return len(self.transforms)


class RandomVFlip:
    def __call__(self, x):
        keep = torch.rand(x.size(0), 1, 1, 1) < 0.5
        return torch.where(keep, x, x.flip(-2))


class GaussianNoise:
    def __init__(self, std):
        self.std = std

    def __call__(self, x):
        return x + self.std * torch.randn_like(x)


class LearnableContrast(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_scale = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        mean = x.mean(dim=(-2, -1), keepdim=True)
        return (x - mean) * self.log_scale.exp() + mean


class LitClassifier(nn.Module):
    augment = BatchCompose([RandomVFlip(), GaussianNoise(0.05)])

    def __init__(self, hparams):
        super().__init__()
        self.hparams = dict(hparams)
        self.net = nn.Sequential(nn.Conv2d(1, 6, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
                                 nn.Flatten(), nn.Linear(24, hparams["classes"]))
        if hparams.get("learned_contrast"):
            self.contrast = LearnableContrast()
            self.augment = self.augment + [self.contrast]

    def training_step(self, batch):
        x, y = batch
        return F.cross_entropy(self.net(self.augment(x)), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams["lr"])


def fit(module, batches, epochs):
    opt = module.configure_optimizers()
    for _ in range(epochs):
        for batch in batches:
            loss = module.training_step(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def make_batches(seed, n=3, classes=2):
    g = torch.Generator().manual_seed(seed)
    batches = []
    for _ in range(n):
        y = torch.randint(0, classes, (8,), generator=g)
        x = torch.rand(8, 1, 10, 10, generator=g) * 0.4
        x[:, 0, :5] += 0.5 * y.view(-1, 1, 1)
        batches.append((x, y))
    return batches


def main():
    for seed, flag in enumerate([False, True, True]):
        module = LitClassifier({"classes": 2, "lr": 1e-2, "learned_contrast": flag})
        loss = fit(module, make_batches(seed), epochs=2)
        print(f"learned_contrast={flag} n_aug={len(module.augment)} loss={loss:.3f}")


if __name__ == "__main__":
    main()
