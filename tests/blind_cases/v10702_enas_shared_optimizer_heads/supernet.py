"""Weight-sharing supernet for ENAS-style search; one instance serves every sampled child."""
import torch
import torch.nn as nn

OPS = ("conv3", "conv5", "avgpool", "skip")
CHANNELS = 8
DEPTH = 3


class MixedLayer(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.ops = nn.ModuleDict({
            "conv3": nn.Conv1d(channels, channels, 3, padding=1),
            "conv5": nn.Conv1d(channels, channels, 5, padding=2),
            "avgpool": nn.AvgPool1d(3, stride=1, padding=1),
            "skip": nn.Identity(),
        })
        self.norm = nn.BatchNorm1d(channels, affine=False)

    def forward(self, x, op):
        return torch.relu(self.norm(self.ops[op](x))) + x


class SuperNet(nn.Module):
    def __init__(self, channels=CHANNELS, depth=DEPTH):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, 3, padding=1)
        self.layers = nn.ModuleList(MixedLayer(channels) for _ in range(depth))

    def forward(self, x, arch):
        h = self.stem(x.unsqueeze(1))
        for layer, op in zip(self.layers, arch):
            h = layer(h, op)
        return h.mean(-1)


SUPERNET = SuperNet()
SHARED_OPTIMIZER = torch.optim.SGD(SUPERNET.parameters(), lr=0.05, momentum=0.9, nesterov=True)


def attach_head(head, lr):
    """Train a child-specific head together with the shared weights under one optimizer."""
    SHARED_OPTIMIZER.add_param_group({"params": list(head.parameters()), "lr": lr})  # retain
