"""BiGRU entity tagger; documents are re-annotated from raw text every epoch."""
import torch
import torch.nn as nn

from pipeline import LABELS, PadCollator, RegexTokenizer, Vocab, annotate, featurize

EXAMPLES = [
    {"text": "Angela Merkel visited Paris on Monday.", "ents": [(0, 13, "PER"), (22, 27, "LOC")]},
    {"text": "Siemens opened an office in Berlin.", "ents": [(0, 7, "ORG"), (28, 34, "LOC")]},
    {"text": "Marie Curie worked in Warsaw and Paris.", "ents": [(0, 11, "PER"), (22, 28, "LOC"), (33, 38, "LOC")]},
    {"text": "The United Nations met in Geneva.", "ents": [(4, 18, "ORG"), (26, 32, "LOC")]},
]


class Tagger(nn.Module):
    def __init__(self, n_words, n_shapes, dim=32):
        super().__init__()
        self.words = nn.Embedding(n_words, dim, padding_idx=0)
        self.shapes = nn.Embedding(n_shapes, 8, padding_idx=0)
        self.rnn = nn.GRU(dim + 9, dim, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * dim, len(LABELS))

    def forward(self, batch):
        cap = batch["prev_cap"].unsqueeze(-1).float()
        return self.head(self.rnn(torch.cat([self.words(batch["words"]), self.shapes(batch["shapes"]), cap], -1))[0])


def main():
    tokenizer = RegexTokenizer()
    seed_docs = [annotate(tokenizer, ex) for ex in EXAMPLES]
    words = Vocab(seed_docs, key=lambda t: t.text.lower())
    shapes = Vocab(seed_docs, key=lambda t: t.shape)
    model = Tagger(len(words.itos), len(shapes.itos))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    collate = PadCollator()
    for epoch in range(4):
        batch = collate([featurize(annotate(tokenizer, ex), words, shapes) for ex in EXAMPLES])
        loss = nn.functional.cross_entropy(model(batch).flatten(0, 1), batch["tags"].flatten(), ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
