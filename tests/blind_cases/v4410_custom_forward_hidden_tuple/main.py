"""Fine-tunes a small encoder with gradient checkpointing on a toy sentence-classification task."""
import math

import torch
import torch.nn as nn

from modeling import LastLayersPooler, TinyEncoder, TinyEncoderConfig

CONFIG = TinyEncoderConfig(vocab_size=30, hidden=16, max_len=32, num_layers=3, num_labels=3,
                           lr=2e-3, warmup=3, total=10, smoothing=0.1)


class SequenceClassifier(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.encoder = TinyEncoder(config)
        self.pooler = LastLayersPooler(config.hidden)
        self.classifier = nn.Linear(config.hidden, config.num_labels)

    def forward(self, input_ids):
        outputs = self.encoder(input_ids, output_hidden_states=True)
        return self.classifier(self.pooler(outputs))


def cosine_with_warmup(step, warmup, total):
    if step < warmup:
        return (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))


def batches(config, n, batch_size=8, length=10):
    for _ in range(n):
        ids = torch.randint(1, config.vocab_size, (batch_size, length))
        cut = torch.randint(4, length + 1, (batch_size,))
        ids = ids.masked_fill(torch.arange(length)[None, :] >= cut[:, None], 0)
        yield ids, ids[:, 0] % config.num_labels


def run(config, seed):
    torch.manual_seed(seed)
    model = SequenceClassifier(config)
    model.encoder.gradient_checkpointing = True
    opt = torch.optim.AdamW(model.parameters(), lr=config.lr)
    criterion = nn.CrossEntropyLoss(label_smoothing=config.smoothing)
    step = 0
    for epoch in range(2):
        model.train()
        for ids, labels in batches(config, 3):
            for group in opt.param_groups:
                group["lr"] = config.lr * cosine_with_warmup(step, config.warmup, config.total)
            loss = criterion(model(ids), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
        model.eval()
        with torch.no_grad():
            correct = sum((model(ids).argmax(-1) == labels).sum().item()
                          for ids, labels in batches(config, 2))
    return correct


def main():
    scores = [run(CONFIG, seed) for seed in range(2)]
    assert all(s >= 0 for s in scores)


if __name__ == "__main__":
    main()
