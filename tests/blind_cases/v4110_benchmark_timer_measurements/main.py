"""Benchmark a model before and after a short fine-tuning run that prunes small weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from harness import InferenceBenchmark, compare

SHAPES = [(1, 32), (16, 32)]


def build_model():
    return nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 8))


def finetune(model, steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    model.train()
    for _ in range(steps):
        x = torch.randn(16, 32)
        loss = F.cross_entropy(model(x), x[:, :8].argmax(1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        for layer in model:
            if isinstance(layer, nn.Linear):
                layer.weight.mul_((layer.weight.abs() > 0.02).float())


def main():
    torch.manual_seed(0)
    for variant in ("baseline", "wide-init"):
        model = build_model()
        if variant == "wide-init":
            for p in model.parameters():
                nn.init.normal_(p, std=0.2)
        before = InferenceBenchmark(model, f"mlp/{variant}", SHAPES).build("before").run()
        finetune(model)
        after = InferenceBenchmark(model, f"mlp/{variant}", SHAPES).build("after").run()
        print(variant, [(k, round(us, 1)) for k, us in before + after])
    print(compare("inference latency"))


if __name__ == "__main__":
    main()
