"""Mean-teacher consistency training of a bag-of-words tagger; task heads are
added one after the other and the teacher follows the student by EMA."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from ema import SharedEMA

CONFIG = {
    "vocab": 50,
    "dim": 16,
    "tasks": {"topic": 4, "sentiment": 3},
    "steps_per_task": 3,
    "batch_size": 8,
    "seq_len": 12,
    "lr": 5e-3,
    "consistency": 0.5,
    "ema_decay": 0.95,
}


class Tagger(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.embed.weight.requires_grad_(False)
        self.encoder = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.heads = nn.ModuleDict()

    def forward(self, tokens, task):
        h = self.encoder(self.embed(tokens).mean(1))
        return self.heads[task](h)


def batch(cfg, n_classes):
    tokens = torch.randint(0, cfg["vocab"], (cfg["batch_size"], cfg["seq_len"]))
    return tokens, tokens[:, 0] % n_classes


def noisy(tokens, vocab, p=0.1):
    mask = torch.rand(tokens.shape) < p
    return torch.where(mask, torch.randint_like(tokens, vocab), tokens)


def run(seed, cfg):
    torch.manual_seed(seed)
    student = Tagger(cfg["vocab"], cfg["dim"])
    student.ema = SharedEMA(student, decay=cfg["ema_decay"])  # cycle
    ema = student.ema
    for task, n_classes in cfg["tasks"].items():
        student.heads[task] = nn.Linear(cfg["dim"], n_classes)
        ema.add_head(task, student.heads[task])
        opt = torch.optim.AdamW([p for p in student.parameters() if p.requires_grad], lr=cfg["lr"])
        for _ in range(cfg["steps_per_task"]):
            tokens, labels = batch(cfg, n_classes)
            logits = student(tokens, task)
            with torch.no_grad():
                target = F.softmax(ema.teacher(noisy(tokens, cfg["vocab"]), task), dim=-1)
            loss = F.cross_entropy(logits, labels) + cfg["consistency"] * F.kl_div(
                F.log_softmax(logits, -1), target, reduction="batchmean")
            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.update(student)
    return loss.item()


def main():
    for seed in range(2):
        run(seed, CONFIG)


if __name__ == "__main__":
    main()
