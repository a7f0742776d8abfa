"""Trains a tiny GRU language model and samples from it after every epoch."""
import torch
import torch.nn as nn

from generation import GenerationMixin
from processors import (LogitsProcessorList, MaxNewTokensCriteria, MinNewTokensProcessor,
                        StoppingCriteriaList, TemperatureWarper)

VOCAB, PAD, BOS, EOS = 16, 0, 1, 2
SAMPLING = {"temperature": 0.8, "min_new_tokens": 3, "max_new_tokens": 8}


class TinyGRULM(nn.Module, GenerationMixin):
    def __init__(self, vocab=VOCAB, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=PAD)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, input_ids, past=None, **unused):
        hidden, past = self.rnn(self.embed(input_ids), past)
        return {"logits": self.lm_head(hidden), "past": past}


def build_sampling(cfg):
    processors = LogitsProcessorList([MinNewTokensProcessor(EOS, cfg["min_new_tokens"]),
                                      TemperatureWarper(cfg["temperature"])])
    stopping = StoppingCriteriaList([MaxNewTokensCriteria(cfg["max_new_tokens"])])
    return processors, stopping


def lm_batch(batch_size=8, length=10):
    body = torch.randint(3, VOCAB, (batch_size, length - 2))
    return torch.cat([torch.full((batch_size, 1), BOS), body, torch.full((batch_size, 1), EOS)], 1)


def main():
    torch.manual_seed(0)
    model = TinyGRULM()
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    loss_fn = nn.CrossEntropyLoss(ignore_index=PAD)
    processors, stopping = build_sampling(SAMPLING)
    for epoch in range(3):
        model.train()
        for _ in range(3):
            seq = lm_batch()
            logits = model(seq[:, :-1])["logits"]
            loss = loss_fn(logits.reshape(-1, VOCAB), seq[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        out = model.generate(torch.full((4, 1), BOS), logits_processor=processors,
                             stopping_criteria=stopping, eos_token_id=EOS, pad_token_id=PAD)
        assert out.size(0) == 4 and out.size(1) <= 1 + SAMPLING["max_new_tokens"]


if __name__ == "__main__":
    main()
