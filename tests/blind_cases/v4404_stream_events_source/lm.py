"""Character-level LSTM language model with a streaming sampling loop."""
import torch
import torch.nn as nn


class CharVocab:
    def __init__(self, alphabet):
        self.itos = ["<pad>", "<bos>", "<eos>"] + list(alphabet)
        self.stoi = {ch: i for i, ch in enumerate(self.itos)}
        self.bos, self.eos = 1, 2

    def encode(self, text):
        return [self.bos] + [self.stoi[ch] for ch in text]

    def decode_token(self, idx):
        return self.itos[idx] if idx > self.eos else ""


class CharLSTM(nn.Module):
    def __init__(self, vocab_size, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.lstm = nn.LSTM(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, vocab_size)

    def forward(self, ids, state=None):
        out, state = self.lstm(self.embed(ids), state)
        return self.proj(out), state

    @torch.no_grad()
    def generate(self, input_ids, streamer, max_new_tokens=20, temperature=1.0, eos_token_id=None):
        streamer.put(input_ids)
        logits, state = self(input_ids)
        for _ in range(max_new_tokens):
            token = torch.multinomial((logits[:, -1] / temperature).softmax(-1), 1)
            streamer.put(token)
            if streamer.cancelled or token.item() == eos_token_id:
                break
            logits, state = self(token, state)
        streamer.end()
