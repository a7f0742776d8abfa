"""Learn several concept tokens one after another against the same frozen denoiser."""
import torch
import torch.nn as nn

from inversion import TextualInversion

CONCEPTS = [("<my-dog>", "dog"), ("<clay-toy>", "toy"), ("<ink-style>", "painting")]
TEMPLATES = ["a photo of {}", "a painting of {}", "{} in the style"]


def main():
    torch.manual_seed(0)
    denoiser = nn.Sequential(nn.Linear(8 + 16, 64), nn.SiLU(), nn.Linear(64, 8)).requires_grad_(False)
    alphas_cumprod = torch.cumprod(1 - torch.linspace(1e-4, 2e-2, 50), dim=0)
    learned = {}
    for token, init in CONCEPTS:
        concept_latents = torch.randn(4, 8) * 0.5 + torch.randn(1, 8)
        ti = TextualInversion(denoiser, token, init, TEMPLATES, lr=5e-2)
        for step in range(5):
            loss = ti.step(concept_latents, alphas_cumprod)
        learned[token] = ti.learned_embedding()
        print(f"{token}: id={ti.token_id} loss={loss:.4f} |emb|={learned[token].norm().item():.3f}")


if __name__ == "__main__":
    main()
