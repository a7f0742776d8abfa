"""Train RepNet variants briefly, reparameterize them and check the export matches."""
import torch
import torch.nn.functional as F

from blocks import RepNet
from protocols import prepare_for_export

VARIANTS = {"repnet-a0": {"channels": 8, "depth": 1}, "repnet-a1": {"channels": 8, "depth": 2},
            "repnet-b0": {"channels": 12, "depth": 2}}


def train(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    model.train()
    for _ in range(steps):
        x = torch.randn(4, 3, 10, 10)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,)))
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    for name, hp in VARIANTS.items():
        model = RepNet(**hp)
        train(model)
        model.eval()
        probe = torch.randn(2, 3, 10, 10)
        with torch.no_grad():
            before = model(probe)
            counts = prepare_for_export(model)
            after = model(probe)
        print(name, counts, "max diff %.2e" % (before - after).abs().max().item())


if __name__ == "__main__":
    main()
