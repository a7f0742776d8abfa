"""Token streaming server that enforces per-stream deadlines with generator.throw()."""
import torch
import torch.nn as nn

CONFIG = {"vocab": 40, "dim": 16, "max_new_tokens": 10, "ticks": 14}


class StreamTimeout(Exception):
    pass


class CharRNN(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, last_ids, state=None):
        state = self.cell(self.embed(last_ids), state)
        return self.out(state), state


class StreamSession:
    def __init__(self, sid, model, prompt, max_new_tokens):
        self.sid = sid
        self.model = model
        self.prompt = prompt
        self.max_new_tokens = max_new_tokens
        self.generated = []
        self.error = None

    def events(self):
        state, last = None, self.prompt[-1]
        try:
            for _ in range(self.max_new_tokens):
                with torch.no_grad():
                    logits, state = self.model(torch.tensor([last]), state)
                last = int(logits.argmax(-1))
                self.generated.append(last)
                yield {"event": "token", "id": last}
        except StreamTimeout as exc:
            self.error = exc  # cycle
            yield {"event": "error", "message": str(exc)}
        yield {"event": "done", "tokens": len(self.generated)}


class StreamingServer:
    def __init__(self, model):
        self.model = model.eval()
        self.open_streams = {}
        self.transcripts = {}

    def open(self, sid, prompt, max_new_tokens, deadline_tick):
        session = StreamSession(sid, self.model, prompt, max_new_tokens)
        self.open_streams[sid] = (session, session.events(), deadline_tick)
        self.transcripts[sid] = []

    def pump(self, tick):
        for sid, (session, stream, deadline) in list(self.open_streams.items()):
            try:
                if tick >= deadline and session.error is None:
                    event = stream.throw(StreamTimeout(f"stream {sid} exceeded its deadline"))
                else:
                    event = next(stream)
            except StopIteration:
                del self.open_streams[sid]
                continue
            self.transcripts[sid].append(event["event"])


def main():
    torch.manual_seed(0)
    server = StreamingServer(CharRNN(CONFIG["vocab"], CONFIG["dim"]))
    for sid in range(4):
        prompt = torch.randint(0, CONFIG["vocab"], (3,)).tolist()
        # slow consumers get a short deadline from the gateway
        server.open(sid, prompt, CONFIG["max_new_tokens"], deadline_tick=4 if sid % 2 else 100)
    for tick in range(CONFIG["ticks"]):
        server.pump(tick)
    for sid, events in server.transcripts.items():
        print(sid, events.count("token"), events[-1])


if __name__ == "__main__":
    main()
