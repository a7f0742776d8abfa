"""MeshCNN-style edge convolutions over half-edge neighbourhoods."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from shapes import STRETCH, ShapeDataset

CFG = {"channels": (5, 16, 32), "epochs": 2, "lr": 2e-3, "samples": 6}


class MeshConv(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.lin = nn.Linear(5 * cin, cout)

    def forward(self, x, gemm):
        e, a, b, c, d = (x[gemm[:, i]] for i in range(5))
        sym = torch.cat([e, a + c, b + d, (a - c).abs(), (b - d).abs()], dim=-1)
        return F.relu(self.lin(sym))


class MeshNet(nn.Module):
    def __init__(self, channels, classes):
        super().__init__()
        self.convs = nn.ModuleList([MeshConv(a, b) for a, b in zip(channels[:-1], channels[1:])])
        self.head = nn.Linear(channels[-1], classes)

    def forward(self, feats, gemm):
        x = (feats - feats.mean(0)) / (feats.std(0) + 1e-5)
        for conv in self.convs:
            x = conv(x, gemm)
        return self.head(x.mean(0, keepdim=True))


def main():
    torch.manual_seed(0)
    data = ShapeDataset(CFG["samples"])
    model = MeshNet(CFG["channels"], len(STRETCH))
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        running = 0.0
        for idx in range(data.size):
            feats, gemm, label = data[idx]
            loss = F.cross_entropy(model(feats, gemm), torch.tensor([label]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch} loss {running / data.size:.3f}")


if __name__ == "__main__":
    main()
