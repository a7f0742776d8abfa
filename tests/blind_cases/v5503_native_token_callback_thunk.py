"""Streaming text generation with an optional native sampling loop (ctypes).

When FASTSAMPLE_LIB points at the native library, the C sampling loop drives
generation and reports every token through a C callback; otherwise a Python
loop samples the tokens and reports them through the very same callback.
"""
import ctypes
import os

import torch
import torch.nn as nn

VOCAB = list(" abcdefghijklmnopqrstuvwxyz.,!?")
EOS = VOCAB.index(".")
TOKEN_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_float)


def _load_native():
    path = os.environ.get("FASTSAMPLE_LIB")
    if not path:
        return None
    lib = ctypes.CDLL(path)
    lib.fs_generate.argtypes = [ctypes.c_void_p, ctypes.c_int, TOKEN_CALLBACK]
    return lib


_NATIVE = _load_native()


class CharLM(nn.Module):
    def __init__(self, vocab_size=len(VOCAB), dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.head = nn.Linear(dim, vocab_size)

    def forward(self, token, hidden):
        hidden = self.cell(self.embed(token), hidden)
        return self.head(hidden), hidden


class StreamSession:
    def __init__(self, model, prompt, max_new_tokens, on_text, temperature=0.8):
        self.model = model
        self.tokens = [VOCAB.index(c) for c in prompt]
        self.max_new_tokens = max_new_tokens
        self.on_text = on_text
        self.temperature = temperature
        self.logprobs = []
        self._c_on_token = TOKEN_CALLBACK(self._on_token)  # cycle

    def _on_token(self, token_id, logprob):
        self.tokens.append(token_id)
        self.logprobs.append(logprob)
        self.on_text(VOCAB[token_id])
        return int(token_id == EOS or len(self.logprobs) >= self.max_new_tokens)

    @torch.no_grad()
    def _python_loop(self):
        hidden = torch.zeros(1, self.model.cell.hidden_size)
        for tok in self.tokens[:-1]:
            _, hidden = self.model(torch.tensor([tok]), hidden)
        last = self.tokens[-1]
        while True:
            logits, hidden = self.model(torch.tensor([last]), hidden)
            logp = torch.log_softmax(logits[0] / self.temperature, dim=-1)
            last = int(torch.multinomial(logp.exp(), 1))
            if self._c_on_token(last, float(logp[last])):
                break

    def run(self):
        if _NATIVE is not None:
            _NATIVE.fs_generate(None, self.max_new_tokens, self._c_on_token)
        else:
            self._python_loop()
        return sum(self.logprobs) / max(1, len(self.logprobs))


class CompletionServer:
    def __init__(self, model):
        self.model = model.eval()
        self.completed = 0

    def complete(self, prompt, max_new_tokens=12):
        pieces = []
        session = StreamSession(self.model, prompt, max_new_tokens, pieces.append)
        mean_logprob = session.run()
        self.completed += 1
        return "".join(pieces), mean_logprob


def main():
    torch.manual_seed(0)
    server = CompletionServer(CharLM())
    for prompt in ["hello there", "the model says", "stream me", "ok"]:
        text, score = server.complete(prompt)
        print(repr(prompt), "->", repr(text), "%.3f" % score)


if __name__ == "__main__":
    main()
