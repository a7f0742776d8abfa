"""Contrastive training with a per-epoch zero-shot probe on renamed labels."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from prompting import PromptFormatter

CLASSNAMES = ["airliner", "tabby_cat", "orange", "golden_retriever"]
ALIASES = {"tabby_cat": "tabby cat", "golden_retriever": "golden retriever"}
TEMPLATES = ["a {domain} photo of {label:article}", "many {label:plural}", "{label:article} in the picture"]


def tokenize(texts, length=10):
    ids = torch.zeros(len(texts), length, dtype=torch.long)
    for i, text in enumerate(texts):
        for j, word in enumerate(text.lower().split()[:length]):
            ids[i, j] = 1 + sum(map(ord, word)) % 255
    return ids


class Towers(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.text = nn.EmbeddingBag(256, dim, mode="mean", padding_idx=0)
        self.image = nn.Sequential(nn.Conv2d(3, 8, 4, stride=4), nn.ReLU(), nn.Flatten(), nn.Linear(128, dim))

    def encode_text(self, ids):
        return F.normalize(self.text(ids), dim=-1)

    def encode_image(self, images):
        return F.normalize(self.image(images), dim=-1)


class ZeroShotHead(nn.Module):
    def __init__(self, towers, classnames, domain="natural"):
        super().__init__()
        self.classnames = classnames
        self.domain = domain
        self.formatter = PromptFormatter(self)  # cycle
        with torch.no_grad():
            rows = [towers.encode_text(tokenize(self.formatter.render_all(TEMPLATES, i))).mean(0)
                    for i in range(len(classnames))]
        self.register_buffer("class_weights", F.normalize(torch.stack(rows), dim=-1))

    def display_name(self, index):
        name = self.classnames[index]
        return ALIASES.get(name, name.replace("_", " "))

    def forward(self, image_features):
        return image_features @ self.class_weights.t()


def main():
    towers = Towers()
    opt = torch.optim.Adam(towers.parameters(), lr=1e-2)
    for epoch in range(3):
        for _ in range(4):
            labels = torch.randint(0, len(CLASSNAMES), (8,))
            images = torch.randn(8, 3, 16, 16) + labels.view(-1, 1, 1, 1)
            captions = [f"a photo of a {CLASSNAMES[i].replace('_', ' ')}" for i in labels.tolist()]
            logits = 10 * towers.encode_image(images) @ towers.encode_text(tokenize(captions)).t()
            loss = F.cross_entropy(logits, torch.arange(8))
            opt.zero_grad()
            loss.backward()
            opt.step()
        head = ZeroShotHead(towers, CLASSNAMES)
        with torch.no_grad():
            labels = torch.randint(0, len(CLASSNAMES), (16,))
            preds = head(towers.encode_image(torch.randn(16, 3, 16, 16) + labels.view(-1, 1, 1, 1))).argmax(1)
        print(f"epoch {epoch}: zero-shot acc {(preds == labels).float().mean().item():.3f}")


if __name__ == "__main__":
    main()
