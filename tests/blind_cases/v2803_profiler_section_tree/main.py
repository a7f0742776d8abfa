"""Two-stage training (pretrain, finetune) with a per-stage section profiler."""
import torch
import torch.nn as nn

from profiling import SectionProfiler

STAGES = {"pretrain": {"epochs": 2, "lr": 0.05}, "finetune": {"epochs": 2, "lr": 0.01}}


class Trainer:
    def __init__(self, model, stage, lr):
        self.model = model
        self.stage = stage
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.profiler = SectionProfiler(name=stage)

    def train_step(self, x, y):
        prof = self.profiler
        with prof.section("forward"):
            loss = nn.functional.cross_entropy(self.model(x), y)
        with prof.section("backward"):
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
        with prof.section("optimizer"):
            self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def validate(self, x, y):
        with self.profiler.section("validate"):
            return (self.model(x).argmax(-1) == y).float().mean().item()

    def fit(self, loader, val, epochs):
        acc = 0.0
        with self.profiler.section("fit"):
            for _ in range(epochs):
                with self.profiler.section("epoch"):
                    for x, y in loader:
                        self.train_step(x, y)
                    acc = self.validate(*val)
        return acc


def make_loader(seed, n_batches=5, bs=16):
    g = torch.Generator().manual_seed(seed)
    data = [(torch.randn(bs, 20, generator=g), torch.randint(0, 5, (bs,), generator=g))
            for _ in range(n_batches)]
    return data[:-1], data[-1]


def main():
    torch.manual_seed(0)
    backbone = nn.Sequential(nn.Linear(20, 48), nn.GELU(), nn.Linear(48, 5))
    for i, (stage, cfg) in enumerate(STAGES.items()):
        loader, val = make_loader(i)
        trainer = Trainer(backbone, stage, cfg["lr"])
        acc = trainer.fit(loader, val, cfg["epochs"])
        print(f"[{stage}] val acc {acc:.3f}\n{trainer.profiler.summary(min_share=0.01)}")


if __name__ == "__main__":
    main()
