"""Rule-based pre-tokenizer for call-center transcripts; re.Scanner only tags lexemes."""
import re

NUM_BUCKETS = ("<num1>", "<num2>", "<num3+>")


def _tag_number(scanner, token):
    digits = sum(ch.isdigit() for ch in token)
    return "num", NUM_BUCKETS[min(digits, 3) - 1]


def _tag_word(scanner, token):
    return "word", token


def _tag_punct(scanner, token):
    return "punct", token


LEXICON = [
    (r"\d+(?:[.,]\d+)?", _tag_number),
    (r"[A-Za-z]+(?:'[a-z]+)?", _tag_word),
    (r"[.,!?;:]", _tag_punct),
    (r"\s+", None),
]


class TranscriptTokenizer:
    def __init__(self, vocab, lowercase=True, max_len=24):
        self.vocab = vocab
        self.lowercase = lowercase
        self.max_len = max_len
        self.stats = {"num": 0, "word": 0, "punct": 0, "rest": 0}
        self.scanner = re.Scanner(LEXICON)

    def _to_id(self, kind, lexeme):
        self.stats[kind] += 1
        if kind == "word" and self.lowercase:
            lexeme = lexeme.lower()
        return self.vocab[lexeme]

    def encode(self, text):
        tagged, rest = self.scanner.scan(text)
        ids = [self._to_id(kind, lexeme) for kind, lexeme in tagged]
        if rest:
            self.stats["rest"] += 1
            ids.append(self.vocab.unk_id)
        return [self.vocab.bos_id] + ids[: self.max_len - 2] + [self.vocab.eos_id]
