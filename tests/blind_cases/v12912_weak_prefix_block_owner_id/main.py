"""Serves requests that share a system prompt through a paged KV cache with prefix reuse."""
import math

import torch
import torch.nn as nn

from blocks import PREFIX_INDEX, BlockTable

CONFIG = {"vocab": 40, "dim": 32, "heads": 4, "max_pos": 64, "max_new": 6, "temperature": 0.7}
SYSTEM = [1, 2, 3, 4, 5, 6, 7, 8]
USER_TURNS = [[20, 21], [22, 23, 24], [20, 21], [30]]


class PagedAttentionLM(nn.Module):
    def __init__(self, vocab, dim, heads, max_pos):
        super().__init__()
        self.heads, self.hd = heads, dim // heads
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_pos, dim)
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def _x(self, token, pos):
        return self.tok(torch.tensor(token)) + self.pos(torch.tensor(pos))

    def kv(self, token, pos):
        x = self._x(token, pos)
        return self.k(x).view(self.heads, 1, self.hd), self.v(x).view(self.heads, 1, self.hd)

    def attend(self, token, pos, keys, values):
        x = self._x(token, pos)
        q = self.q(x).view(self.heads, 1, self.hd)
        att = (q @ keys.transpose(1, 2) / math.sqrt(self.hd)).softmax(-1)
        return self.head(x + self.out((att @ values).reshape(-1)))


class Engine:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.reused_positions = 0
        self.shared_blocks = 0
        self.pinned = None

    @torch.no_grad()
    def pin_prefix(self, tokens):
        table = BlockTable("pinned")
        for pos, token in enumerate(tokens):
            table.append(tokens, *self.model.kv(token, pos))
        self.pinned = table

    @torch.no_grad()
    def generate(self, request_id, prompt):
        table = BlockTable(request_id)
        tokens = list(prompt)
        start = table.reuse_prefix(tokens)
        self.reused_positions += start
        for pos in range(start, len(tokens)):
            table.append(tokens, *self.model.kv(tokens[pos], pos))
        for _ in range(self.cfg["max_new"]):
            keys, values = table.gather()
            logits = self.model.attend(tokens[-1], len(tokens) - 1, keys, values)
            nxt = int(torch.multinomial((logits / self.cfg["temperature"]).softmax(-1), 1))
            tokens.append(nxt)
            table.append(tokens, *self.model.kv(nxt, len(tokens) - 1))
        self.shared_blocks += sum(not b.writable_by(table) for b in table.blocks)
        return tokens[len(prompt):]


def main():
    torch.manual_seed(0)
    model = PagedAttentionLM(CONFIG["vocab"], CONFIG["dim"], CONFIG["heads"], CONFIG["max_pos"]).eval()
    engine = Engine(model, CONFIG)
    engine.pin_prefix(SYSTEM)
    for i, turn in enumerate(USER_TURNS):
        print(f"req-{i}", engine.generate(f"req-{i}", SYSTEM + turn))
    print("reused positions:", engine.reused_positions, "shared blocks:", engine.shared_blocks,
          "published blocks:", len(PREFIX_INDEX))


if __name__ == "__main__":
    main()
