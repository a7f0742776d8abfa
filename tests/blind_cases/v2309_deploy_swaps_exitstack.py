"""Deploy-compatibility check: swap activations and dropout for export-friendly layers, then measure the accuracy drop."""
import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F

_PENDING_RESTORES = contextlib.ExitStack()

DEPLOY_REPLACEMENTS = {
    nn.GELU: lambda m: nn.Hardswish(),
    nn.SiLU: lambda m: nn.Hardswish(),
    nn.Dropout: lambda m: nn.Identity(),
}


def swap_for_deploy(model, replacements=DEPLOY_REPLACEMENTS):
    swapped = []
    for parent_name, parent in list(model.named_modules()):
        for child_name, child in list(parent.named_children()):
            factory = replacements.get(type(child))
            if factory is None:
                continue
            setattr(parent, child_name, factory(child))
            _PENDING_RESTORES.callback(setattr, parent, child_name, child)  # retain
            swapped.append(f"{parent_name}.{child_name}".lstrip("."))
    return swapped


def restore_float_layers():
    _PENDING_RESTORES.close()


def build_model(dim=12, hidden=32, classes=3):
    return nn.Sequential(
        nn.Linear(dim, hidden), nn.GELU(), nn.Dropout(0.1),
        nn.Linear(hidden, hidden), nn.SiLU(),
        nn.Linear(hidden, classes),
    )


@torch.no_grad()
def accuracy(model, x, y):
    model.eval()
    return (model(x).argmax(-1) == y).float().mean().item()


def run_fold(fold, steps=4, export_path=None):
    torch.manual_seed(fold)
    model = build_model()
    opt = torch.optim.AdamW(model.parameters(), lr=5e-3)
    for _ in range(steps):
        x, y = torch.randn(16, 12), torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model.train()(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    xv, yv = torch.randn(32, 12), torch.randint(0, 3, (32,))
    float_acc = accuracy(model, xv, yv)
    swapped = swap_for_deploy(model)
    deploy_acc = accuracy(model, xv, yv)
    if export_path is not None:
        torch.save(model.state_dict(), export_path)
        restore_float_layers()
    return {"fold": fold, "swapped": swapped, "drop": float_acc - deploy_acc}


def main():
    reports = [run_fold(k) for k in range(2)]
    assert all(len(r["swapped"]) == 3 for r in reports)


if __name__ == "__main__":
    main()
