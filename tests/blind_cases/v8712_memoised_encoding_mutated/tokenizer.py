"""Character-level tokenizer with memoised prompt encoding."""
import functools
import string

PAD, BOS, EOS = 0, 1, 2
VOCAB = {ch: i + 3 for i, ch in enumerate(string.ascii_lowercase + string.digits + " .,?")}
VOCAB_SIZE = len(VOCAB) + 3


def normalize(text):
    return " ".join(text.lower().split())


@functools.lru_cache(maxsize=256)  # retain
def encode_prompt(text):
    ids = [BOS] + [VOCAB[ch] for ch in normalize(text) if ch in VOCAB]
    return {"input_ids": ids, "attention_mask": [1] * len(ids), "prompt": text}


def decode(ids):
    inverse = {i: ch for ch, i in VOCAB.items()}
    return "".join(inverse.get(i, "") for i in ids if i not in (PAD, BOS, EOS))
