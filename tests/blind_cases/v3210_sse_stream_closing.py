"""Server-sent-event style token streaming; the HTTP layer closes streams of departed clients."""
import contextlib
import itertools
import json

import torch
import torch.nn as nn


class CharDecoder(nn.Module):
    def __init__(self, vocab=40, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.LSTMCell(dim, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, token, state):
        h, c = self.cell(self.embed(token), state)
        return self.out(h), (h, c)


class ChatStreamer:
    def __init__(self, model, dim=24, max_tokens=20, stop_id=1):
        self.model = model.eval()
        self.dim = dim
        self.max_tokens = max_tokens
        self.stop_id = stop_id
        self._sessions = itertools.count(100)
        self.live = {}

    def start(self, first_token):
        sid = next(self._sessions)
        events = self._events(sid, first_token)
        self.live[sid] = events
        return events

    @torch.no_grad()
    def _next(self, token, state):
        logits, state = self.model(torch.tensor([token]), state)
        return int(logits[0].argmax()), state

    def _events(self, sid, token):
        state = (torch.zeros(1, self.dim), torch.zeros(1, self.dim))
        try:
            for index in range(self.max_tokens):
                token, state = self._next(token, state)
                if token == self.stop_id:
                    break
                yield "data: " + json.dumps({"id": sid, "index": index, "token": token}) + "\n\n"
            yield "data: [DONE]\n\n"
        finally:
            self.live.pop(sid, None)


def http_stream_response(streamer, first_token, client_budget):
    """Write events until the client goes away."""
    sent = []
    with contextlib.closing(streamer.start(first_token)) as events:
        for chunk in events:
            sent.append(chunk)
            if len(sent) >= client_budget:
                break
    return sent


def main():
    torch.manual_seed(0)
    for deployment in range(2):
        streamer = ChatStreamer(CharDecoder())
        for client, budget in enumerate((3, 5, 50)):
            chunks = http_stream_response(streamer, first_token=5 + client, client_budget=budget)
            print(deployment, client, len(chunks), chunks[-1].strip()[:40])


if __name__ == "__main__":
    main()
