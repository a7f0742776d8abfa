"""Run several generation requests; some hit their token budget and are cancelled."""
import torch
import torch.nn as nn

from session import GenerationSession

CONFIG = {"vocab": 50, "dim": 24, "requests": 5, "max_new_tokens": 12}


class TinyDecoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, last_ids, state=None):
        state = self.cell(self.embed(last_ids), state)
        return self.head(state), state


def main():
    torch.manual_seed(0)
    model = TinyDecoder(CONFIG["vocab"], CONFIG["dim"]).eval()
    finished = {}
    for rid in range(CONFIG["requests"]):
        prompt = torch.randint(0, CONFIG["vocab"], (4 + rid,)).tolist()
        budget = 10 if rid % 2 else 64
        session = GenerationSession(rid, model, prompt, CONFIG["max_new_tokens"], budget)
        out = session.run()
        finished[rid] = (len(out), session.finish_reason)
    print(finished)


if __name__ == "__main__":
    main()
