"""Train a LoRA-adapted encoder and a classifier head; track retrieval recall every epoch."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from backbone import Encoder, freeze_and_adapt
from evalcache import recall_at_1

CFG = {"epochs": 3, "lr": 5e-3, "classes": 4, "lora_blocks": 1}


def make_split(n_batches, bs=8, seq=7, vocab=64, classes=4):
    batches = []
    for _ in range(n_batches):
        tokens = torch.randint(0, vocab, (bs, seq))
        batches.append((tokens, tokens[:, 0] % classes))
    return batches


def main():
    torch.manual_seed(0)
    encoder = freeze_and_adapt(Encoder(), lora_blocks=CFG["lora_blocks"])
    head = nn.Linear(24, CFG["classes"])
    params = [p for p in encoder.parameters() if p.requires_grad] + list(head.parameters())
    opt = torch.optim.Adam(params, lr=CFG["lr"])
    train, gallery = make_split(3), make_split(2)
    queries = make_split(1)[0]
    for epoch in range(CFG["epochs"]):
        for tokens, labels in train:
            loss = F.cross_entropy(head(encoder(tokens)), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss={loss.item():.3f} R@1={recall_at_1(encoder, queries, gallery):.3f}")


if __name__ == "__main__":
    main()
