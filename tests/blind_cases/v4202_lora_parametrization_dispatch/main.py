"""Per-task LoRA fine-tuning of a small pretrained encoder (one adapter set per task)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lora import LoRAConfig, add_lora, lora_parameters

TASKS = {"sst": 2, "topic": 4, "intent": 3}


class Encoder(nn.Module):
    def __init__(self, vocab=100, dim=32, num_labels=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.query = nn.Linear(dim, dim)
        self.value = nn.Linear(dim, dim)
        self.ffn = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.classifier = nn.Linear(dim, num_labels)

    def forward(self, ids):
        h = self.embed(ids)
        attn = torch.softmax(self.query(h) @ h.transpose(1, 2) / h.size(-1) ** 0.5, dim=-1)
        h = h + attn @ self.value(h)
        h = h + self.ffn(h)
        return self.classifier(h.mean(1))


def pretrained_encoder(num_labels):
    torch.manual_seed(0)
    return Encoder(num_labels=num_labels)


def finetune(task, num_labels, cfg, steps=4):
    model = add_lora(pretrained_encoder(num_labels), cfg)
    for p in model.classifier.parameters():
        p.requires_grad_(True)
    params = list(lora_parameters(model)) + list(model.classifier.parameters())
    opt = torch.optim.AdamW(params, lr=1e-3)
    for _ in range(steps):
        ids = torch.randint(0, 100, (8, 12))
        labels = torch.randint(0, num_labels, (8,))
        loss = F.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        ids = torch.randint(0, 100, (4, 12))
        acc = (model(ids).argmax(-1) == torch.randint(0, num_labels, (4,))).float().mean().item()
    return {"task": task, "final_loss": loss.item(), "acc": acc}


def main():
    cfg = LoRAConfig(rank=4, alpha=8.0)
    report = [finetune(task, n, cfg) for task, n in TASKS.items()]
    for row in report:
        print("{task}: loss={final_loss:.3f} acc={acc:.2f}".format(**row))


if __name__ == "__main__":
    main()
