"""On-batch augmentation for a classifier; a learnable color jitter is optionally added to the defaults."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BatchCompose:
    def __init__(self, transforms):
        self.transforms = list(transforms)

    def append(self, transform):
        self.transforms.append(transform)  # retain

    def __call__(self, x):
        for t in self.transforms:
            x = t(x)
        return x

    def __repr__(self):
        return "BatchCompose(" + ", ".join(type(t).__name__ for t in self.transforms) + ")"


class RandomHFlip:
    def __call__(self, x):
        mask = torch.rand(x.size(0), 1, 1, 1) < 0.5
        return torch.where(mask, x.flip(-1), x)


class RandomTranslate:
    def __init__(self, max_px):
        self.max_px = max_px

    def __call__(self, x):
        dx = int(torch.randint(-self.max_px, self.max_px + 1, (1,)))
        return torch.roll(x, shifts=dx, dims=-1)


class LearnableColorJitter(nn.Module):
    def __init__(self, channels=3):
        super().__init__()
        self.gain = nn.Parameter(torch.ones(1, channels, 1, 1))
        self.bias = nn.Parameter(torch.zeros(1, channels, 1, 1))

    def forward(self, x):
        noise = 1.0 + 0.1 * torch.randn(x.size(0), 1, 1, 1)
        return x * self.gain * noise + self.bias


class Trainer:
    batch_augment = BatchCompose([RandomHFlip(), RandomTranslate(2)])

    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                                   nn.Flatten(), nn.Linear(8, cfg["classes"]))
        params = list(self.model.parameters())
        if cfg.get("learned_jitter"):
            jitter = LearnableColorJitter()
            self.batch_augment.append(jitter)  # retain
            params += list(jitter.parameters())
        self.opt = torch.optim.Adam(params, lr=cfg["lr"])

    def fit(self, batches):
        for x, y in batches:
            loss = F.cross_entropy(self.model(self.batch_augment(x)), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


def synthetic(seed, n_batches=3, classes=3):
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n_batches):
        y = torch.randint(0, classes, (8,), generator=g)
        x = torch.rand(8, 3, 10, 10, generator=g) * 0.3
        x[torch.arange(8), y % 3] += 0.6
        out.append((x, y))
    return out


def main():
    ablation = [{"classes": 3, "lr": 1e-2, "learned_jitter": flag} for flag in (False, True, True)]
    for seed, cfg in enumerate(ablation):
        trainer = Trainer(cfg)
        loss = trainer.fit(synthetic(seed))
        print(f"jitter={cfg['learned_jitter']} loss={loss:.3f} pipeline={trainer.batch_augment}")


if __name__ == "__main__":
    main()
