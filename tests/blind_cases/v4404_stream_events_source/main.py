"""Trains a char LSTM, then serves a few streamed completions that stop at a stop string."""
import threading

import torch
import torch.nn as nn

from lm import CharLSTM, CharVocab
from streaming import TextEventStreamer

CORPUS = ["the cat sat. ", "a dog ran. ", "the dog sat. ", "a cat ran. "] * 4
SERVE = {"generate": {"max_new_tokens": 24, "temperature": 0.9}, "stop": ".", "max_chars": 12}


def train_epoch(model, vocab, opt, loss_fn, batch_size=4):
    model.train()
    for start in range(0, len(CORPUS), batch_size):
        batch = [vocab.encode(t) + [vocab.eos] for t in CORPUS[start:start + batch_size]]
        ids = torch.tensor([seq + [0] * (max(map(len, batch)) - len(seq)) for seq in batch])
        logits, _ = model(ids[:, :-1])
        loss = loss_fn(logits.reshape(-1, logits.size(-1)), ids[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()


class CompletionService:
    def __init__(self, model, vocab, cfg):
        self.model = model
        self.vocab = vocab
        self.cfg = cfg

    def complete(self, prompt):
        streamer = TextEventStreamer(self.vocab)
        ids = torch.tensor([self.vocab.encode(prompt)])
        worker = threading.Thread(target=self.model.generate, args=(ids, streamer),
                                  kwargs=dict(eos_token_id=self.vocab.eos, **self.cfg["generate"]))
        worker.start()
        pieces = []
        for event in streamer:
            pieces.append(event.text)
            if self.cfg["stop"] in event.text or len(pieces) >= self.cfg["max_chars"]:
                event.stream.cancel()
                break
        worker.join()
        return "".join(pieces).split(self.cfg["stop"])[0]


def main():
    torch.manual_seed(0)
    vocab = CharVocab(sorted(set("".join(CORPUS))))
    model = CharLSTM(len(vocab.itos))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    loss_fn = nn.CrossEntropyLoss(ignore_index=0)
    service = CompletionService(model, vocab, SERVE)
    for epoch in range(2):
        train_epoch(model, vocab, opt, loss_fn)
        model.eval()
        for prompt in ("the ", "a "):
            assert isinstance(service.complete(prompt), str)


if __name__ == "__main__":
    main()
