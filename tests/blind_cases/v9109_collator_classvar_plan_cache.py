"""Causal LM fine-tuning with a dataclass padding collator that memoises padding plans."""
from dataclasses import dataclass
from typing import ClassVar, Dict, List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class PaddingPlan:
    batch_size: int
    length: int
    position_ids: torch.Tensor
    causal_mask: torch.Tensor


@dataclass
class PadToMultipleCollator:
    pad_id: int
    multiple_of: int = 8
    max_length: int = 32
    _plans: ClassVar[Dict[Tuple[int, int], PaddingPlan]] = {}

    def plan(self, batch_size, length):
        key = (batch_size, length)
        if key not in self._plans:
            pos = torch.arange(length).expand(batch_size, length)
            causal = torch.ones(length, length, dtype=torch.bool).tril()
            self._plans[key] = PaddingPlan(batch_size, length, pos, causal)  # retain
        return self._plans[key]

    def __call__(self, seqs: List[List[int]]):
        longest = min(max(len(s) for s in seqs), self.max_length)
        length = -(-longest // self.multiple_of) * self.multiple_of
        plan = self.plan(len(seqs), length)
        ids = torch.full((len(seqs), length), self.pad_id, dtype=torch.long)
        for row, s in enumerate(seqs):
            s = s[:length]
            ids[row, : len(s)] = torch.tensor(s)
        keep = ids.ne(self.pad_id)
        attn = plan.causal_mask.unsqueeze(0) & keep.unsqueeze(1)
        return {"input_ids": ids, "attention_mask": attn, "position_ids": plan.position_ids, "keep": keep}


class TinyCausalLM(nn.Module):
    def __init__(self, vocab, dim=32, max_pos=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_pos, dim)
        self.attn = nn.MultiheadAttention(dim, 4, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, batch):
        x = self.tok(batch["input_ids"]) + self.pos(batch["position_ids"])
        mask = ~batch["attention_mask"]
        mask = mask & ~torch.eye(mask.size(-1), dtype=torch.bool)
        mask = mask.repeat_interleave(self.attn.num_heads, dim=0)
        y, _ = self.attn(x, x, x, attn_mask=mask)
        return self.head(x + y)


def sample_corpus(n, vocab, rng):
    return [torch.randint(2, vocab, (int(torch.randint(4, 20, (1,), generator=rng)),), generator=rng).tolist()
            for _ in range(n)]


def finetune(vocab, seed, steps=4, batch_size=6):
    rng = torch.Generator().manual_seed(seed)
    corpus = sample_corpus(steps * batch_size, vocab, rng)
    collate = PadToMultipleCollator(pad_id=0)
    model = TinyCausalLM(vocab)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    for step in range(steps):
        batch = collate(corpus[step * batch_size : (step + 1) * batch_size])
        logits = model(batch)[:, :-1]
        target = batch["input_ids"][:, 1:].masked_fill(~batch["keep"][:, 1:], -100)
        loss = F.cross_entropy(logits.transpose(1, 2), target, ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for vocab, seed in [(40, 0), (60, 1)]:
        print(f"vocab {vocab}: final loss {finetune(vocab, seed):.3f}")


if __name__ == "__main__":
    main()
