"""Zero-shot-style linear probe: image features are trained to match class-prompt embeddings."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from prompts import FrozenTextEncoder, make_spec, prompt_embedding

CLASSES = ["cat", "dog", "car", "tree"]
SEEDS = [0, 1, 2]
CFG = {"img_dim": 20, "dim": 16, "batch": 12, "steps": 5, "lr": 0.05, "temperature": 0.1}


class ImageProjector(nn.Module):
    def __init__(self, img_dim, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(img_dim, 32), nn.GELU(), nn.Linear(32, dim))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


def class_matrix(encoder):
    rows = [prompt_embedding(make_spec(name, encoder)) for name in CLASSES]
    return torch.tensor(rows)


def run(seed):
    torch.manual_seed(seed)
    text_encoder = FrozenTextEncoder(dim=CFG["dim"])
    projector = ImageProjector(CFG["img_dim"], CFG["dim"])
    opt = torch.optim.Adam(projector.parameters(), lr=CFG["lr"])
    targets = class_matrix(text_encoder)
    for _ in range(CFG["steps"]):
        x = torch.randn(CFG["batch"], CFG["img_dim"])
        y = torch.randint(0, len(CLASSES), (CFG["batch"],))
        logits = projector(x) @ targets.t() / CFG["temperature"]
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for seed in SEEDS:
        print(f"seed {seed}: loss {run(seed):.4f}, prompt cache {prompt_embedding.cache_info().currsize}")


if __name__ == "__main__":
    main()
