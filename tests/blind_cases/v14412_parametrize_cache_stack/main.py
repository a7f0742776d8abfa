"""Contrastive fine-tuning with template-augmented captions and a step budget."""
import torch
import torch.nn.functional as F

import fastproj
from model import DualEncoder, tokenize

CLASSNAMES = ["cat", "dog", "ship", "plane", "frog", "horse"]
TEMPLATES = ["a photo of a {}", "a blurry photo of a {}", "a drawing of a {}"]
CONFIG = {"epochs": 3, "batches_per_epoch": 4, "batch": 8, "max_steps": 6, "lr": 5e-3}

model = DualEncoder()


def make_loader(cfg):
    for _ in range(cfg["batches_per_epoch"]):
        labels = torch.randint(0, len(CLASSNAMES), (cfg["batch"],))
        yield torch.randn(cfg["batch"], 3, 16, 16) + labels.view(-1, 1, 1, 1), labels


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
        self.global_step = 0

    def step_loss(self, images, labels):
        views = [images, images.flip(-1)]
        img = torch.stack([self.model.encode_image(v) for v in views]).mean(0)
        txt = torch.stack([
            self.model.encode_text(tokenize([t.format(CLASSNAMES[i]) for i in labels.tolist()]))
            for t in TEMPLATES]).mean(0)
        logits = self.model.logit_scale.exp() * F.normalize(img, dim=-1) @ F.normalize(txt, dim=-1).t()
        target = torch.arange(len(labels))
        return 0.5 * (F.cross_entropy(logits, target) + F.cross_entropy(logits.t(), target))

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for images, labels in make_loader(self.cfg):
                fastproj.begin()
                loss = self.step_loss(images, labels)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                self.global_step += 1
                if self.global_step >= self.cfg["max_steps"]:
                    return loss.item()
                fastproj.end()
        return loss.item()


def main():
    trainer = Trainer(model, CONFIG)
    print("final loss", round(trainer.fit(), 4), "steps", trainer.global_step)


if __name__ == "__main__":
    main()
