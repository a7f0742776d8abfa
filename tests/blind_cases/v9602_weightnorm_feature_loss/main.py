"""Train a mask-based enhancer with a frozen deep-feature loss network."""
import torch

from losses import feature_loss, stft_loss
from nets import MaskEnhancer

CFG = {"epochs": 2, "steps": 3, "batch": 4, "samples": 2048, "lr": 1e-3, "feat_weight": 0.5}


def noisy_batch(cfg):
    t = torch.linspace(0, 1, cfg["samples"])
    freqs = torch.randint(100, 800, (cfg["batch"], 1)).float()
    clean = torch.sin(2 * torch.pi * freqs * t)
    return clean + 0.3 * torch.randn_like(clean), clean


def main():
    torch.manual_seed(0)
    model = MaskEnhancer()
    opt = torch.optim.AdamW(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        running = 0.0
        for step in range(CFG["steps"]):
            noisy, clean = noisy_batch(CFG)
            estimate = model(noisy)
            loss = stft_loss(estimate, clean) + CFG["feat_weight"] * feature_loss(estimate, clean)
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch}: loss {running / CFG['steps']:.4f}")


if __name__ == "__main__":
    main()
