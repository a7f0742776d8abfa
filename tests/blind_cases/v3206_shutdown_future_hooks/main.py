"""Text generation server; each request is a session that stops early when the server drains."""
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn

from lifecycle import is_draining, on_drain


class NextTokenModel(nn.Module):
    def __init__(self, vocab=64, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        h = torch.tanh(self.mix(self.embed(ids).mean(1)))
        return self.lm_head(h)


@dataclass
class GenerationSession:
    request_id: str
    model: nn.Module
    prompt: torch.Tensor
    max_new_tokens: int = 12
    tokens: List[int] = field(default_factory=list)
    stop_reason: str = ""

    def __post_init__(self):
        on_drain(self.abort)  # retain

    def abort(self, reason):
        self.stop_reason = f"aborted:{reason}"

    @torch.no_grad()
    def run(self):
        ids = self.prompt.unsqueeze(0)
        for _ in range(self.max_new_tokens):
            if self.stop_reason:
                break
            nxt = int(self.model(ids).argmax(-1))
            self.tokens.append(nxt)
            ids = torch.cat([ids, torch.tensor([[nxt]])], dim=1)
        self.stop_reason = self.stop_reason or "length"
        return self.tokens


class GenerationServer:
    def __init__(self, model):
        self.model = model.eval()
        self.served = 0

    def handle(self, request_id, prompt_ids):
        if is_draining():
            return {"id": request_id, "error": "server draining"}
        session = GenerationSession(request_id, self.model, torch.tensor(prompt_ids))
        tokens = session.run()
        self.served += 1
        return {"id": request_id, "tokens": tokens, "stop": session.stop_reason}


def main():
    torch.manual_seed(0)
    server = GenerationServer(NextTokenModel())
    for i in range(5):
        reply = server.handle(f"req-{i}", [1 + i, 5, 9, 2])
        print(reply["id"], reply["tokens"][:4], reply["stop"])


if __name__ == "__main__":
    main()
