"""Audio / image / text sentiment model with gated late fusion."""
import torch
import torch.nn.functional as F

from encoders import AudioNet, ImageNet, TextNet
from fusion import GatedFusion

CONFIG = {"dim": 24, "n_classes": 3, "batch_size": 6, "steps": 3, "lr": 5e-3}


def make_batch(cfg, gen):
    bs = cfg["batch_size"]
    batch = {
        "audio": torch.randn(bs, 16, 12, generator=gen),
        "image": torch.randn(bs, 3, 8, 8, generator=gen),
        "text": torch.randint(0, 100, (bs, 7), generator=gen),
    }
    return batch, torch.randint(0, cfg["n_classes"], (bs,), generator=gen)


def train(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    encoders = {"audio": AudioNet(dim=cfg["dim"]), "image": ImageNet(dim=cfg["dim"]),
                "text": TextNet(dim=cfg["dim"])}
    model = GatedFusion(encoders, cfg["dim"], cfg["n_classes"])
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    gate_log = []
    for _ in range(cfg["steps"]):
        batch, labels = make_batch(cfg, gen)
        logits, gates = model(batch)
        loss = F.cross_entropy(logits, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        gate_log.append(gates.mean(0).tolist())
    return gate_log[-1]


def main():
    for seed in range(2):
        print(f"seed {seed}: mean gates {[round(g, 3) for g in train(CONFIG, seed)]}")


if __name__ == "__main__":
    main()
