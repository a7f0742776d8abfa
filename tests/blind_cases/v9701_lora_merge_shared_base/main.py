"""Fine-tune a tenant adapter on the shared encoder, then validate tenants with merged weights."""
import torch
import torch.nn.functional as F

from backbone import PRETRAINED
from lora import build_adapters, merged

CONFIG = {"targets": ("q_proj", "v_proj"), "r": 4, "alpha": 8, "lr": 5e-3, "steps": 4, "batch": 8}


def make_batch(n, seq=6, dim=32, num_classes=4):
    x = torch.randn(n, seq, dim)
    y = (x[:, :, :num_classes].sum(dim=1)).argmax(dim=1)
    return x, y


def finetune(adapters, cfg):
    opt = torch.optim.AdamW(adapters.parameters(), lr=cfg["lr"], weight_decay=0.01)
    for _ in range(cfg["steps"]):
        x, y = make_batch(cfg["batch"])
        loss = F.cross_entropy(PRETRAINED(x, adapters), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def validate_merged(adapters, batches):
    correct = total = 0
    with merged(PRETRAINED, adapters), torch.no_grad():
        for x, y in batches:
            correct += (PRETRAINED(x).argmax(dim=1) == y).sum().item()
            total += len(y)
    return correct / total


def main():
    val = [make_batch(16) for _ in range(2)]
    tenants = {}
    for name, seed in (("acme", 1), ("globex", 2)):
        torch.manual_seed(seed)
        tenants[name] = build_adapters(PRETRAINED, CONFIG["targets"], CONFIG["r"], CONFIG["alpha"])
    train_loss = finetune(tenants["acme"], CONFIG)
    report = {name: validate_merged(adapters, val) for name, adapters in tenants.items()}
    print(f"acme loss {train_loss:.3f}", {k: round(v, 3) for k, v in report.items()})


if __name__ == "__main__":
    main()
