"""Per-task fine-tuning runs that checkpoint every epoch through the background writer."""
import os
import tempfile

import torch
import torch.nn as nn

import ckpt_io

TASKS = {"sentiment": 2, "topic": 4}
EPOCHS = 3


class TextClassifier(nn.Module):
    def __init__(self, vocab=200, dim=24, classes=2):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.embed(tokens))


def batches(classes, seed, n=5, bs=8, length=12):
    g = torch.Generator().manual_seed(seed)
    for _ in range(n):
        yield torch.randint(0, 200, (bs, length), generator=g), torch.randint(0, classes, (bs,), generator=g)


def finetune(task, classes, out_dir):
    model = TextClassifier(classes=classes)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for epoch in range(EPOCHS):
        total = 0.0
        for tokens, labels in batches(classes, seed=epoch):
            loss = nn.functional.cross_entropy(model(tokens), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        path = os.path.join(out_dir, f"{task}-epoch{epoch}.pt")
        ckpt_io.save_async(path, model, opt, epoch=epoch, train_loss=total)
    return total


def main():
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as out_dir:
        for task, classes in TASKS.items():
            loss = finetune(task, classes, out_dir)
            print(f"{task}: last epoch loss {loss:.3f}")
        written = ckpt_io.wait_for_writes()
        print(f"{len(os.listdir(out_dir))} checkpoints, {written / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
