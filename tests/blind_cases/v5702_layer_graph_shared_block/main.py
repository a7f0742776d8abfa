"""Train the weight-shared refinement net; print a layer report every few epochs."""
import torch
import torch.nn as nn

from nets import RefineNet
from tracer import layer_report

CFG = {"epochs": 4, "batches": 3, "batch_size": 8, "image": 12, "report_every": 1, "lr": 0.05}


def batches(cfg, gen):
    for _ in range(cfg["batches"]):
        x = torch.randn(cfg["batch_size"], 3, cfg["image"], cfg["image"], generator=gen)
        y = torch.randint(0, 5, (cfg["batch_size"],), generator=gen)
        yield x, y


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    model = RefineNet(n_iter=3)
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    probe = torch.zeros(1, 3, CFG["image"], CFG["image"])
    for epoch in range(CFG["epochs"]):
        total = 0.0
        for x, y in batches(CFG, gen):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        if epoch % CFG["report_every"] == 0:
            print(f"epoch {epoch} loss {total / CFG['batches']:.3f}")
            print("\n".join(layer_report(model, probe)))


if __name__ == "__main__":
    main()
