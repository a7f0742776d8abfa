"""Rule-based pre-tokenizer for call-center transcripts, built on re.Scanner."""
import re

NUM_BUCKETS = ("<num1>", "<num2>", "<num3+>")


class TranscriptTokenizer:
    def __init__(self, vocab, lowercase=True, max_len=24):
        self.vocab = vocab
        self.lowercase = lowercase
        self.max_len = max_len
        self.stats = {"num": 0, "word": 0, "punct": 0, "rest": 0}
        rules = [
            (r"\d+(?:[.,]\d+)?", self._number),  # cycle
            (r"[A-Za-z]+(?:'[a-z]+)?", self._word),  # cycle
            (r"[.,!?;:]", self._punct),  # cycle
            (r"\s+", None),
        ]
        self.scanner = re.Scanner(rules)  # cycle

    def _number(self, scanner, token):
        self.stats["num"] += 1
        digits = sum(ch.isdigit() for ch in token)
        return self.vocab[NUM_BUCKETS[min(digits, 3) - 1]]

    def _word(self, scanner, token):
        self.stats["word"] += 1
        return self.vocab[token.lower() if self.lowercase else token]

    def _punct(self, scanner, token):
        self.stats["punct"] += 1
        return self.vocab[token]

    def encode(self, text):
        ids, rest = self.scanner.scan(text)
        if rest:
            self.stats["rest"] += 1
            ids.append(self.vocab.unk_id)
        return [self.vocab.bos_id] + ids[: self.max_len - 2] + [self.vocab.eos_id]
