"""Train a tiny RepVGG and check the re-parameterized deploy copy after every epoch."""
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from repvgg import RepBlock, repvgg_convert

CFG = {"widths": (8, 8, 16), "classes": 4, "epochs": 3, "steps": 3, "lr": 0.05}


class TinyRepVGG(nn.Module):
    def __init__(self, widths, classes):
        super().__init__()
        blocks = [RepBlock(3, widths[0], stride=2)]
        blocks += [RepBlock(a, b, stride=1 if a == b else 2) for a, b in zip(widths, widths[1:])]
        self.body = nn.Sequential(*blocks)
        self.fc = nn.Linear(widths[-1], classes)

    def forward(self, x):
        return self.fc(self.body(x).mean(dim=(2, 3)))


@torch.no_grad()
def compare(model, deployed, x):
    model.eval()
    ref = model(x)
    start = time.perf_counter()
    out = deployed(x)
    elapsed = time.perf_counter() - start
    model.train()
    return float((out - ref).abs().max()), elapsed


def main():
    model = TinyRepVGG(CFG["widths"], CFG["classes"])
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9, weight_decay=1e-4)
    probe = torch.randn(2, 3, 16, 16)
    report = []
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["steps"]):
            x, y = torch.randn(8, 3, 16, 16), torch.randint(0, CFG["classes"], (8,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        deployed = repvgg_convert(model)
        err, seconds = compare(model, deployed, probe)
        report.append({"epoch": epoch, "loss": loss.item(), "max_err": err, "deploy_s": seconds})
    return report


if __name__ == "__main__":
    main()
