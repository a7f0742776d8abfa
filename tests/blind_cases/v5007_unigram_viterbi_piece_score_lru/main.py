"""Intent classifier over unigram subword ids, trained for a few epochs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from unigram import UnigramTokenizer

PIECES = {
    "\u2581what": -2.0, "\u2581is": -1.7, "\u2581the": -1.5, "\u2581weather": -2.9, "\u2581time": -2.4,
    "\u2581in": -1.8, "\u2581call": -2.3, "\u2581mom": -2.8, "\u2581text": -2.5, "\u2581send": -2.6,
    "\u2581message": -3.0, "\u2581rain": -2.7, "ing": -2.4, "s": -1.9, "\u2581to": -1.6,
    "\u2581tomorrow": -3.1, "\u2581": -4.0, "o": -4.5, "a": -4.5,
}
UTTERANCES = [
    ("what is the weather", 0), ("is it raining tomorrow", 0), ("what time is it", 1),
    ("time in tokyo", 1), ("call mom", 2), ("calling dad", 2), ("text mom", 3), ("send a message to dad", 3),
]
CFG = {"max_len": 12, "dim": 16, "intents": 4, "epochs": 3, "lr": 0.1}


class BagOfPieces(nn.Module):
    def __init__(self, vocab_size, dim, intents, pad_id):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab_size, dim, mode="mean", padding_idx=pad_id)
        self.classifier = nn.Linear(dim, intents)

    def forward(self, ids):
        return self.classifier(self.embed(ids))


def encode_all(tokenizer, utterances, max_len):
    ids = torch.tensor([tokenizer.encode(text, max_len) for text, _ in utterances])
    labels = torch.tensor([label for _, label in utterances])
    return ids, labels


def main():
    tokenizer = UnigramTokenizer(PIECES)
    model = BagOfPieces(tokenizer.vocab_size, CFG["dim"], CFG["intents"], tokenizer.pad_id)
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        ids, labels = encode_all(tokenizer, UTTERANCES, CFG["max_len"])
        loss = F.cross_entropy(model(ids), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f}")
    print(tokenizer.segment("\u2581raining"))


if __name__ == "__main__":
    main()
