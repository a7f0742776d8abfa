"""Intent classifier over unigram subword ids, trained for a few epochs."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from unigram import UnigramTokenizer

PIECES = {
    "\u2581play": -2.0, "\u2581stop": -2.1, "\u2581set": -2.2, "\u2581turn": -2.3, "\u2581the": -1.5,
    "\u2581a": -1.6, "music": -3.0, "\u2581music": -2.6, "alarm": -3.1, "\u2581alarm": -2.7,
    "\u2581light": -2.8, "s": -1.9, "\u2581on": -1.8, "\u2581off": -1.9, "\u2581for": -2.0,
    "\u2581timer": -2.9, "\u2581song": -2.7, "ing": -2.4, "\u2581": -4.0, "o": -4.5, "n": -4.5,
}
UTTERANCES = [
    ("play the song", 0), ("play some music", 0), ("stop the music", 1), ("stop playing", 1),
    ("set an alarm for six", 2), ("set a timer", 2), ("turn on the lights", 3), ("turn off the light", 3),
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
    print(tokenizer.segment("\u2581playing"))


if __name__ == "__main__":
    main()
