"""Greedy token streaming for a tiny language model, with a registry of open streams."""
import itertools
from dataclasses import dataclass

import torch
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens, state=None):
        out, state = self.rnn(self.embed(tokens), state)
        return self.head(out[:, -1]), state


@dataclass
class StreamInfo:
    stream_id: int
    prompt_len: int
    emitted: int = 0


class StreamingGenerator:
    def __init__(self, model, eos_id=0, max_new_tokens=24):
        self.model = model.eval()
        self.eos_id = eos_id
        self.max_new_tokens = max_new_tokens
        self._ids = itertools.count(1)
        self._open = {}
        self.info = {}

    def open_stream(self, prompt_ids):
        sid = next(self._ids)
        self.info[sid] = StreamInfo(sid, len(prompt_ids))
        stream = self._tokens(sid, torch.tensor([prompt_ids]))
        self._open[sid] = stream  # cycle
        return sid, stream

    @torch.no_grad()
    def _step(self, tokens, state):
        logits, state = self.model(tokens, state)
        return int(logits.argmax(-1)), state

    def _tokens(self, sid, prompt):
        try:
            tok, state = self._step(prompt, None)
            for _ in range(self.max_new_tokens):
                if tok == self.eos_id:
                    break
                self.info[sid].emitted += 1
                yield tok
                tok, state = self._step(torch.tensor([[tok]]), state)
        finally:
            self._open.pop(sid, None)
            self.info.pop(sid, None)

    def open_count(self):
        return len(self._open)


def consume(stream, budget):
    """A client that stops reading after `budget` tokens (timeout / disconnect)."""
    received = []
    for tok in stream:
        received.append(tok)
        if len(received) >= budget:
            break
    return received


def main():
    torch.manual_seed(0)
    for replica in range(2):
        server = StreamingGenerator(TinyLM(), eos_id=0, max_new_tokens=16)
        for client in range(3):
            _, stream = server.open_stream([3 + client, 7, 11])
            text = consume(stream, budget=4 + client)
            print(replica, client, text)


if __name__ == "__main__":
    main()
