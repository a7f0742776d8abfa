"""Multi-turn chat over a tiny char-level GRU LM; every turn adds its own stop rules to the
library defaults."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

from criteria import DEFAULT_STOP, ContextBudget, StopStrings

ALPHABET = "\0 abcdefghijklmnopqrstuvwxyz.,?!\n"


class CharTokenizer:
    def __init__(self, alphabet):
        self.alphabet = alphabet
        self.index = {ch: i for i, ch in enumerate(alphabet)}

    def encode(self, text):
        return [self.index[ch] for ch in text.lower() if ch in self.index]

    def decode(self, ids):
        return "".join(self.alphabet[i] for i in ids)


class TinyCharLM(nn.Module):
    def __init__(self, vocab, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, hidden=None):
        out, hidden = self.rnn(self.embed(ids), hidden)
        return self.head(out[:, -1]), hidden


@dataclass
class DecodeState:
    tokens: list
    prompt_len: int
    scores: list = field(default_factory=list)


class ChatSession:
    def __init__(self, model, tokenizer):
        self.model = model
        self.tokenizer = tokenizer
        self.hidden = None
        self.positions = 0

    def cache_len(self):
        return self.positions

    @torch.no_grad()
    def reply(self, text, stop, temperature=0.8):
        prompt = self.tokenizer.encode(text)
        state = DecodeState(tokens=list(prompt), prompt_len=len(prompt))
        ids = torch.tensor([prompt])
        while True:
            logits, self.hidden = self.model(ids, self.hidden)
            self.positions += ids.size(1)
            probs = (logits / temperature).softmax(-1)
            token = int(torch.multinomial(probs, 1))
            state.tokens.append(token)
            if stop(state):
                break
            ids = torch.tensor([[token]])
        return self.tokenizer.decode(state.tokens[state.prompt_len:])


def main():
    torch.manual_seed(1)
    tokenizer = CharTokenizer(ALPHABET)
    model = TinyCharLM(len(ALPHABET)).eval()
    session = ChatSession(model, tokenizer)
    for turn in ["hello there.", "what is a kv cache?", "thanks!"]:
        stop = DEFAULT_STOP | ContextBudget(session, 96) | StopStrings(["\n", "?"], tokenizer.decode)
        answer = session.reply(turn, stop)
        print(repr(turn), "->", repr(answer))


if __name__ == "__main__":
    main()
