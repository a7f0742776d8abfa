"""Language-ID classifier over learned BPE pieces (merges applied with a symbol chain)."""
import heapq
import itertools
from collections import Counter

import torch
import torch.nn as nn

CORPUS = [
    ("the lower house voted on the newest budget", 0),
    ("she walked slowly towards the widest river", 0),
    ("the lowest prices were shown in the window", 0),
    ("die neueste regierung hat den haushalt beschlossen", 1),
    ("sie ging langsam zum breitesten fluss", 1),
    ("die niedrigsten preise standen im fenster", 1),
]
EOW = "</w>"


def learn_merges(sentences, num_merges):
    words = Counter(w for s in sentences for w in s.split())
    vocab = {tuple(w) + (EOW,): c for w, c in words.items()}
    merges = []
    for _ in range(num_merges):
        pairs = Counter()
        for word, count in vocab.items():
            for a, b in zip(word, word[1:]):
                pairs[a, b] += count
        if not pairs:
            break
        best = max(pairs, key=pairs.get)
        merges.append(best)
        merged = {}
        for word, count in vocab.items():
            out, i = [], 0
            while i < len(word):
                if i + 1 < len(word) and (word[i], word[i + 1]) == best:
                    out.append(word[i] + word[i + 1])
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            merged[tuple(out)] = count
        vocab = merged
    return merges


class Symbol:
    def __init__(self, text):
        self.text = text
        self.prev = None
        self.next = None
        self.alive = True


class BPETokenizer:
    def __init__(self, merges):
        self.ranks = {pair: r for r, pair in enumerate(merges)}
        pieces = {a + b for a, b in merges} | {c for a, b in merges for c in (a, b)}
        self.piece_to_id = {p: i + 2 for i, p in enumerate(sorted(pieces))}  # 0 pad, 1 unk

    def _chain(self, word):
        head = prev = None
        for ch in list(word) + [EOW]:
            sym = Symbol(ch)
            sym.prev = prev  # cycle
            if prev is None:
                head = sym
            else:
                prev.next = sym  # cycle
            prev = sym
        return head

    def segment(self, word):
        head = self._chain(word)
        heap, order = [], itertools.count()

        def push(left):
            if left is None or left.next is None:
                return
            rank = self.ranks.get((left.text, left.next.text))
            if rank is not None:
                heapq.heappush(heap, (rank, next(order), left, left.next))

        sym = head
        while sym is not None:
            push(sym)
            sym = sym.next
        while heap:
            _, _, left, right = heapq.heappop(heap)
            if not (left.alive and right.alive and left.next is right):
                continue
            left.text += right.text
            right.alive = False
            left.next = right.next  # cycle
            if right.next is not None:
                right.next.prev = left  # cycle
            push(left.prev)
            push(left)
        pieces, sym = [], head
        while sym is not None:
            pieces.append(sym.text)
            sym = sym.next
        return pieces

    def encode(self, sentence):
        return [self.piece_to_id.get(p, 1) for w in sentence.split() for p in self.segment(w)]


def main():
    tok = BPETokenizer(learn_merges([s for s, _ in CORPUS], num_merges=40))
    model = nn.Sequential(nn.EmbeddingBag(len(tok.piece_to_id) + 2, 16, mode="mean"), nn.Linear(16, 2))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(3):
        for sentence, label in CORPUS:
            ids = torch.tensor([tok.encode(sentence)])
            loss = nn.functional.cross_entropy(model(ids), torch.tensor([label]))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
