"""Training run with gradient-norm monitoring of the residual blocks."""
import torch
import torch.nn.functional as F

from gradmon import GradNormMonitor
from model import Encoder


def main():
    torch.manual_seed(0)
    model = Encoder(in_dim=6, dim=16, depth=3, n_classes=4)
    monitor = GradNormMonitor()
    monitor.watch(model, name_filter=lambda n: n.count(".") == 1 and n.startswith("blocks"))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)

    probe = torch.randn(8, 6)
    model(probe)
    reference = [blk.last_out.detach().clone() for blk in model.blocks]

    for step in range(4):
        x, y = torch.randn(16, 6), torch.randint(0, 4, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()

    model(probe)
    print("drift per block:", [round(d, 4) for d in model.block_drift(reference)])
    print("mean grad norms:", {k: round(v, 4) for k, v in monitor.summary().items()})


if __name__ == "__main__":
    main()
