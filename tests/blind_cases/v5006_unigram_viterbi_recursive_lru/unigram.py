"""Minimal unigram-LM subword tokenizer (SentencePiece-style best segmentation)."""
import functools

UNK_PENALTY = -10.0


class UnigramTokenizer:
    def __init__(self, piece_scores, unk_id=1, pad_id=0):
        self.scores = dict(piece_scores)
        self.pad_id = pad_id
        self.unk_id = unk_id
        self.ids = {piece: i + 2 for i, piece in enumerate(sorted(self.scores))}
        self.max_piece = max(len(p) for p in self.scores)

    def segment(self, word):
        @functools.lru_cache(maxsize=None)  # cycle
        def best(start):  # cycle
            if start == len(word):
                return 0.0, ()
            options = []
            for end in range(start + 1, min(len(word), start + self.max_piece) + 1):
                piece = word[start:end]
                if piece in self.scores:
                    score, rest = best(end)
                    options.append((self.scores[piece] + score, (piece,) + rest))
            if not options:
                score, rest = best(start + 1)
                return score + UNK_PENALTY, (word[start],) + rest
            return max(options)

        return list(best(0)[1])

    def encode(self, text, max_len):
        ids = []
        for word in text.lower().split():
            ids.extend(self.ids.get(piece, self.unk_id) for piece in self.segment("\u2581" + word))
        ids = ids[:max_len]
        return ids + [self.pad_id] * (max_len - len(ids))

    @property
    def vocab_size(self):
        return len(self.ids) + 2
