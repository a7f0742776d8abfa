"""Element-wise gradient clipping relative to each weight's magnitude, applied in backward."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CLIP_CFG = {
    "ratio": 0.05,
    "floor": 1e-3,
    "skip_1d": True,
    "lr": 1e-2,
    "folds": 3,
    "epochs": 2,
    "steps": 3,
    "batch": 24,
}


def _relative_clamp(grad, weight, ratio, floor):
    limit = ratio * max(float(weight.detach().abs().max()), floor)
    return grad.clamp(-limit, limit)


def install_relative_clipping(model, cfg):
    handles = {}
    for name, param in model.named_parameters():
        if cfg["skip_1d"] and param.dim() < 2:
            continue
        handles[name] = param.register_hook(  # cycle
            lambda grad, p=param: _relative_clamp(grad, p, cfg["ratio"], cfg["floor"])  # cycle
        )
    return handles


class ConvNet(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(4, 16, 3, padding=1), nn.ReLU(),
            nn.Conv1d(16, 16, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool1d(1),
        )
        self.classifier = nn.Linear(16, n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def train_fold(fold, cfg):
    torch.manual_seed(fold)
    model = ConvNet()
    handles = install_relative_clipping(model, cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], 4, 20)
            y = torch.randint(0, 3, (cfg["batch"],))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item(), len(handles)


def main():
    for fold in range(CLIP_CFG["folds"]):
        loss, n_hooks = train_fold(fold, CLIP_CFG)
        print(f"fold {fold}: loss {loss:.3f} ({n_hooks} clipped tensors)")


if __name__ == "__main__":
    main()
