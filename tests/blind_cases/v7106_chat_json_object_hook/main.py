"""Supervised chat fine-tuning of a tiny LM, one tokenizer/model pair per data shard."""
import json
import random

import torch
import torch.nn as nn

from chat_format import ChatTokenizer

WORDS = "hi hello how are you fine thanks what is lora rank small adapters train fast good bye".split()


def fake_shard(seed, n=12):
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        turns = [{"role": r, "content": " ".join(rng.choices(WORDS, k=rng.randint(2, 6)))}
                 for r in ("user", "assistant")]
        lines.append(json.dumps({"id": rng.randrange(10**6), "messages": turns}))
    return "\n".join(lines)


class TinyChatLM(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        h, _ = self.rnn(self.embed(ids))
        return self.lm_head(h)


class ChatPipeline:
    def __init__(self, tokenizer, model):
        self.tokenizer = tokenizer
        self.model = model

    def train_on(self, jsonl, epochs=2, batch_size=4):
        batches = self.tokenizer.batch(self.tokenizer.parse_jsonl(jsonl)).split(batch_size)
        opt = torch.optim.Adam(self.model.parameters(), lr=3e-3)
        for _ in range(epochs):
            for ids in batches:
                logits = self.model(ids[:, :-1])
                loss = nn.functional.cross_entropy(
                    logits.reshape(-1, logits.shape[-1]), ids[:, 1:].reshape(-1), ignore_index=0)
                opt.zero_grad()
                loss.backward()
                opt.step()
        return loss.item()


def main():
    for shard in range(3):
        tokenizer = ChatTokenizer(WORDS)
        pipe = ChatPipeline(tokenizer, TinyChatLM(len(tokenizer)))
        print(f"shard {shard}: loss {pipe.train_on(fake_shard(shard)):.3f}")


if __name__ == "__main__":
    main()
