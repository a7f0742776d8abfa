"""Caption-length curriculum for image-caption pre-training.

Each stage allows longer captions; the collator drops captions that do not fit
and keeps the errors (annotated with the sample id) for the stage report.
"""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

STAGES = [{"max_tokens": 6, "epochs": 1}, {"max_tokens": 10, "epochs": 1}, {"max_tokens": 16, "epochs": 1}]
WORDS = "a the dog cat runs sits on grass near red blue ball car street beside small large".split()


class CaptionTooLong(ValueError):
    pass


def word_ids(caption, vocab=128):
    return [1 + sum(map(ord, w)) % (vocab - 1) for w in caption.split()]


class ImageCaptionCollator:
    def __init__(self, max_tokens):
        self.max_tokens = max_tokens
        self.rejected = []

    def _encode(self, caption):
        ids = word_ids(caption)
        if len(ids) > self.max_tokens:
            raise CaptionTooLong(f"{len(ids)} tokens > {self.max_tokens}")
        return torch.tensor(ids + [0] * (self.max_tokens - len(ids)))

    def __call__(self, samples):
        images, captions = [], []
        for sample in samples:
            try:
                ids = self._encode(sample["caption"])
            except CaptionTooLong as err:
                err.add_note(f"sample {sample['id']}: {sample['caption'][:30]!r}")
                self.rejected.append(err)  # cycle
                continue
            images.append(sample["image"])
            captions.append(ids)
        return torch.stack(images), torch.stack(captions)


class CaptionScorer(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.image = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 64, dim))
        self.text = nn.EmbeddingBag(128, dim, mode="mean", padding_idx=0)

    def forward(self, images, ids):
        return F.normalize(self.image(images), dim=-1) @ F.normalize(self.text(ids), dim=-1).t()


def build_dataset(n=40, seed=0):
    rng = random.Random(seed)
    return [{"id": i, "image": torch.randn(3, 8, 8),
             "caption": " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14)))}
            for i in range(n)]


def main():
    dataset = build_dataset()
    model = CaptionScorer()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for stage in STAGES:
        collator = ImageCaptionCollator(stage["max_tokens"])
        loader = DataLoader(dataset, batch_size=10, shuffle=True, collate_fn=collator)
        for _epoch in range(stage["epochs"]):
            for images, ids in loader:
                logits = 10 * model(images, ids)
                loss = F.cross_entropy(logits, torch.arange(len(images)))
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(f"max_tokens={stage['max_tokens']}: dropped {len(collator.rejected)} captions, "
              f"loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
