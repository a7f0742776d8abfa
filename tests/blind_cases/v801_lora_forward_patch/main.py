"""Fine-tune a small frozen attention block with low-rank adapters on q/v."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lora import inject_lora, lora_parameters


class TinyAttention(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.o = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.q(x), self.k(x), self.v(x)
        att = torch.softmax(q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5, dim=-1)
        return self.o(att @ v)


class Classifier(nn.Module):
    def __init__(self, dim=16, n_cls=3):
        super().__init__()
        self.attn = TinyAttention(dim)
        self.head = nn.Linear(dim, n_cls)

    def forward(self, x):
        return self.head(self.attn(x).mean(1))


def finetune(seed, steps=3):
    torch.manual_seed(seed)
    model = Classifier()
    adapters = inject_lora(model, {"q", "v"}, rank=2)
    opt = torch.optim.AdamW(lora_parameters(adapters), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(4, 6, 16)
        y = torch.randint(0, 3, (4,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    scores = [finetune(seed) for seed in range(3)]
    print("final losses", scores)


if __name__ == "__main__":
    main()
