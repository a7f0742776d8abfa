"""DreamBooth-style LoRA fine-tuning of a tiny UNet, one adapter per concept, reloaded for a check."""
import torch

from attn_processors import add_lora_processors
from unet import TinyUNet

CONFIG = {"concepts": ["sks_dog", "sks_cat", "sks_vase"], "rank": 4, "lr": 1e-3, "train_steps": 3,
          "batch_size": 2, "num_train_timesteps": 100}


def train_concept(concept, cfg, alphas_cumprod):
    torch.manual_seed(sum(map(ord, concept)))
    unet = TinyUNet().requires_grad_(False)
    lora_layers = add_lora_processors(unet, rank=cfg["rank"])
    optimizer = torch.optim.AdamW(lora_layers.parameters(), lr=cfg["lr"])
    prompt_embeds = torch.randn(cfg["batch_size"], 5, 12)
    for step in range(cfg["train_steps"]):
        latents, noise = torch.randn(2, cfg["batch_size"], 4, 8, 8)
        t = torch.randint(0, cfg["num_train_timesteps"], (cfg["batch_size"],))
        a = alphas_cumprod[t][:, None, None, None]
        loss = (unet(a.sqrt() * latents + (1 - a).sqrt() * noise, t, prompt_embeds) - noise).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return {k: v.detach().clone() for k, v in lora_layers.state_dict().items()}


def main():
    alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 0.02, CONFIG["num_train_timesteps"]), dim=0)
    for concept in CONFIG["concepts"]:
        weights = train_concept(concept, CONFIG, alphas_cumprod)
        reloaded = add_lora_processors(TinyUNet(), rank=CONFIG["rank"])
        reloaded.load_state_dict(weights)
        print(f"{concept}: {len(weights)} lora tensors, e.g. {next(iter(weights))}")


if __name__ == "__main__":
    main()
