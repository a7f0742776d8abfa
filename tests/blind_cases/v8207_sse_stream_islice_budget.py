"""Server-sent-events token streaming with stop criteria and a max_new_tokens budget."""
import itertools
import random

import torch
import torch.nn as nn

CONFIG = {
    "vocab": 64,
    "dim": 32,
    "max_new_tokens": 24,
    "eos_id": 0,
    "stop_sequences": [[5, 6], [9, 9, 9]],
    "temperature": 0.9,
    "requests": 5,
}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.gru = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, hidden=None):
        out, hidden = self.gru(self.embed(ids), hidden)
        return self.head(out[:, -1]), hidden


class StopOnSequences:
    def __init__(self, sequences):
        self.sequences = [list(s) for s in sequences]

    def __call__(self, generated):
        return any(generated[-len(s):] == s for s in self.sequences)


class TokenStream:
    def __init__(self, model, prompt_ids, cfg, criteria):
        self.model = model
        self.criteria = criteria
        self.eos_id = cfg["eos_id"]
        self.temperature = cfg["temperature"]
        self.generated = []
        self.finish_reason = None
        with torch.no_grad():
            self.logits, self.hidden = model(torch.tensor([prompt_ids]))
        self._bounded = itertools.islice(self, cfg["max_new_tokens"])  # cycle

    def __iter__(self):
        return self

    def __next__(self):
        if self.finish_reason is not None:
            raise StopIteration
        with torch.no_grad():
            probs = (self.logits / self.temperature).softmax(-1)
            token = int(torch.multinomial(probs, 1))
            self.logits, self.hidden = self.model(torch.tensor([[token]]), self.hidden)
        self.generated.append(token)
        if token == self.eos_id or any(stop(self.generated) for stop in self.criteria):
            self.finish_reason = "stop"
        return token

    def events(self):
        return self._bounded


class SSEConnection:
    def __init__(self, client_id, reads_before_disconnect):
        self.client_id = client_id
        self.reads_left = reads_before_disconnect
        self.frames = []

    def is_open(self):
        return self.reads_left > 0

    def send(self, token):
        self.frames.append(f"event: token\ndata: {token}\n\n")
        self.reads_left -= 1


def stream_response(stream, conn):
    for token in stream.events():
        if not conn.is_open():
            break
        conn.send(token)
    return len(conn.frames)


def main():
    torch.manual_seed(0)
    rng = random.Random(0)
    model = TinyLM(CONFIG["vocab"], CONFIG["dim"]).eval()
    criteria = [StopOnSequences(CONFIG["stop_sequences"])]
    for rid in range(CONFIG["requests"]):
        prompt = [rng.randrange(1, CONFIG["vocab"]) for _ in range(rng.randint(3, 8))]
        conn = SSEConnection(f"client-{rid}", reads_before_disconnect=rng.choice([2, 4, 100]))
        stream = TokenStream(model, prompt, CONFIG, criteria)
        sent = stream_response(stream, conn)
        reason = stream.finish_reason or ("length" if len(stream.generated) >= CONFIG["max_new_tokens"] else "client")
        print(f"request {rid}: sent {sent} frames, generated {len(stream.generated)}, finish={reason}")


if __name__ == "__main__":
    main()
