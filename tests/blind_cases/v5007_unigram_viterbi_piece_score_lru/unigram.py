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
        @functools.lru_cache(maxsize=None)
        def piece_score(piece):
            if piece in self.scores:
                return self.scores[piece]
            return UNK_PENALTY if len(piece) == 1 else None

        n = len(word)
        best = [(0.0, 0)] + [(float("-inf"), 0)] * n
        for end in range(1, n + 1):
            for start in range(max(0, end - self.max_piece), end):
                score = piece_score(word[start:end])
                if score is None:
                    continue
                candidate = best[start][0] + score
                if candidate > best[end][0]:
                    best[end] = (candidate, start)
        pieces, end = [], n
        while end > 0:
            start = best[end][1]
            pieces.append(word[start:end])
            end = start
        return pieces[::-1]

    def encode(self, text, max_len):
        ids = []
        for word in text.lower().split():
            ids.extend(self.ids.get(piece, self.unk_id) for piece in self.segment("\u2581" + word))
        ids = ids[:max_len]
        return ids + [self.pad_id] * (max_len - len(ids))

    @property
    def vocab_size(self):
        return len(self.ids) + 2
