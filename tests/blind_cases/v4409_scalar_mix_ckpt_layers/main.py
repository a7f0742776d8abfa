"""Sentence classifier on a scalar mix of all encoder layers, trained with gradient checkpointing."""
import torch
import torch.nn as nn

from encoder import LayerwiseEncoder, ScalarMix

HPARAMS = {"vocab": 30, "d_model": 16, "layers": 3, "classes": 3,
           "lr": 2e-3, "warmup_steps": 3, "total_steps": 12, "smoothing": 0.1}


class MixClassifier(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.encoder = LayerwiseEncoder(hp["vocab"], hp["d_model"], hp["layers"])
        self.mix = ScalarMix(hp["layers"] + 1)
        self.head = nn.Linear(hp["d_model"], hp["classes"])

    def forward(self, input_ids):
        enc = self.encoder(input_ids)
        pooled = self.mix(enc.hidden_states, enc.attention_mask)
        return self.head(pooled)


class LinearWarmupDecay:
    """Hand-written linear warmup followed by linear decay to zero."""

    def __init__(self, optimizer, warmup_steps, total_steps):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.total_steps = total_steps
        self.base_lrs = [g["lr"] for g in optimizer.param_groups]
        self.step_num = 0

    def factor(self):
        if self.step_num < self.warmup_steps:
            return (self.step_num + 1) / self.warmup_steps
        remaining = self.total_steps - self.step_num
        return max(0.0, remaining / max(1, self.total_steps - self.warmup_steps))

    def step(self):
        self.step_num += 1
        for group, base in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base * self.factor()


def synthetic_batch(hp, batch_size=8, length=10):
    ids = torch.randint(1, hp["vocab"], (batch_size, length))
    lengths = torch.randint(4, length + 1, (batch_size,))
    ids = ids.masked_fill(torch.arange(length)[None, :] >= lengths[:, None], 0)
    labels = (ids.sum(1) % hp["classes"])
    return ids, labels


def train(hp):
    model = MixClassifier(hp)
    model.encoder.gradient_checkpointing_enable()
    opt = torch.optim.AdamW(model.parameters(), lr=hp["lr"])
    sched = LinearWarmupDecay(opt, hp["warmup_steps"], hp["total_steps"])
    criterion = nn.CrossEntropyLoss(label_smoothing=hp["smoothing"])
    losses = []
    for step in range(4):
        model.train()
        ids, labels = synthetic_batch(hp)
        loss = criterion(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        losses.append(loss.item())
    model.eval()
    with torch.no_grad():
        ids, labels = synthetic_batch(hp)
        acc = (model(ids).argmax(-1) == labels).float().mean().item()
    return losses, acc


def main():
    torch.manual_seed(0)
    for seed in range(2):
        torch.manual_seed(seed)
        losses, acc = train(HPARAMS)
        assert len(losses) == 4 and 0.0 <= acc <= 1.0


if __name__ == "__main__":
    main()
