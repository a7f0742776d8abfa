"""Two-stage visual instruction tuning of a tiny LLaVA-style model."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from tokenizer import SpecialToken, VLTokenizer

STAGES = [{"name": "align", "lr": 5e-3, "steps": 3}, {"name": "instruct", "lr": 1e-3, "steps": 3}]
PROMPTS = ["<image>\nWhat is shown here?", "Describe <image> briefly.", "<image> Is it a dog?"]


class TinyLlava(nn.Module):
    def __init__(self, vocab_size=256, dim=32, patches=4):
        super().__init__()
        self.patches = patches
        self.vision = nn.Conv2d(3, dim, kernel_size=8, stride=8)
        self.projector = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.embed = nn.Embedding(vocab_size, dim, padding_idx=0)
        self.image_marker = nn.Parameter(torch.zeros(dim))
        self.lm_head = nn.Linear(dim, vocab_size)

    def forward(self, ids, images):
        vis = self.projector(self.vision(images).flatten(2).transpose(1, 2))
        tok = self.embed(ids.clamp_min(0))
        out = []
        for row in range(ids.shape[0]):
            slots = (ids[row] < 0).nonzero().flatten()[: self.patches]
            seq = tok[row].clone()
            seq[slots] = vis[row, : len(slots)] + self.image_marker
            out.append(seq)
        return self.lm_head(torch.stack(out))


def run_stage(stage):
    model = TinyLlava()
    tokenizer = VLTokenizer()
    tokenizer.add_special_token(SpecialToken("<image>", embedding=model.image_marker, num_slots=4))
    opt = torch.optim.AdamW(model.parameters(), lr=stage["lr"])
    for _ in range(stage["steps"]):
        ids = torch.stack([tokenizer.encode(p) for p in PROMPTS])
        images = torch.randn(len(PROMPTS), 3, 16, 16)
        logits = model(ids, images)
        targets = ids.clamp_min(0).roll(-1, dims=1)
        loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for stage in STAGES:
        print(stage["name"], round(run_stage(stage), 4))


if __name__ == "__main__":
    main()
