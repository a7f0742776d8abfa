"""Adapts one pretrained backbone to several downstream tasks with visual prompts."""
import torch
import torch.nn.functional as F

from vit import TinyViT
from vpt import VisualPromptTuner

TASKS = [{"name": "flowers", "classes": 5, "prompts": 4},
         {"name": "pets", "classes": 3, "prompts": 8},
         {"name": "textures", "classes": 6, "prompts": 2}]


def task_batches(num_classes, steps, batch=8):
    for _ in range(steps):
        labels = torch.randint(0, num_classes, (batch,))
        yield torch.randn(batch, 3, 16, 16) + 0.5 * labels.view(-1, 1, 1, 1), labels


def adapt(pretrained_state, task, steps=4):
    backbone = TinyViT()
    backbone.load_state_dict(pretrained_state)
    model = VisualPromptTuner(backbone, task["prompts"], task["classes"])
    opt = torch.optim.AdamW(model.trainable_parameters(), lr=1e-2, weight_decay=0.0)
    for images, labels in task_batches(task["classes"], steps):
        loss = F.cross_entropy(model(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    pretrained_state = {k: v.clone() for k, v in TinyViT().state_dict().items()}
    for task in TASKS:
        print(task["name"], round(adapt(pretrained_state, task), 4))


if __name__ == "__main__":
    main()
