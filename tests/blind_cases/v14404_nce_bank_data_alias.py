"""Instance-discrimination pre-training of an image-text pair encoder with an NCE memory bank.

The memory bank lives for the whole process so that consecutive fine-tuning runs
(different temperatures) start from the same slowly-moving instance features.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

NUM_PAIRS, DIM = 64, 16


class MemoryBank:
    def __init__(self, size, dim, momentum=0.5):
        self.momentum = momentum
        self.memory = F.normalize(torch.randn(size, dim), dim=1)

    def negatives(self, k, exclude):
        idx = torch.randint(0, self.memory.shape[0], (len(exclude), k))
        return self.memory[idx]

    def update(self, index, feats):
        mixed = self.momentum * self.memory[index] + (1 - self.momentum) * feats
        self.memory.data[index] = F.normalize(mixed, dim=1)


BANK = MemoryBank(NUM_PAIRS, DIM)
IMAGES = torch.randn(NUM_PAIRS, 3, 8, 8)
CAPTION_IDS = torch.randint(1, 100, (NUM_PAIRS, 6))


class PairEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.image = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),
                                   nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, DIM))
        self.text = nn.EmbeddingBag(100, DIM, mode="mean")
        self.fuse = nn.Linear(2 * DIM, DIM)

    def forward(self, images, ids):
        joint = torch.cat([self.image(images), self.text(ids)], dim=1)
        return F.normalize(self.fuse(joint), dim=1)


def nce_loss(feats, index, bank, temperature, k=16):
    pos = (feats * bank.memory[index]).sum(1, keepdim=True)
    neg = torch.einsum("bd,bkd->bk", feats, bank.negatives(k, index))
    logits = torch.cat([pos, neg], dim=1) / temperature
    return F.cross_entropy(logits, torch.zeros(len(feats), dtype=torch.long))


def finetune(temperature, epochs=2, batch=16):
    model = PairEncoder()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _epoch in range(epochs):
        for start in range(0, NUM_PAIRS, batch):
            index = torch.arange(start, start + batch)
            feats = model(IMAGES[index], CAPTION_IDS[index])
            loss = nce_loss(feats, index, BANK, temperature)
            opt.zero_grad()
            loss.backward()
            opt.step()
            BANK.update(index, feats)
    return loss.item()


def main():
    for temperature in (0.07, 0.2):
        print(f"tau={temperature}: final nce {finetune(temperature):.4f}")


if __name__ == "__main__":
    main()
