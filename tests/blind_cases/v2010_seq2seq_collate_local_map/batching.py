"""Padding collator for variable-length token sequences, built on torch's extensible collate."""
import functools
from dataclasses import dataclass
from typing import List

import torch
from torch.utils.data._utils.collate import collate, default_collate_fn_map


@dataclass(frozen=True)
class TokenSeq:
    ids: List[int]


def pad_token_seqs(batch, *, pad_id, multiple_of, collate_fn_map=None):
    longest = max(len(seq.ids) for seq in batch)
    width = ((longest + multiple_of - 1) // multiple_of) * multiple_of
    ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    for row, seq in enumerate(batch):
        ids[row, : len(seq.ids)] = torch.tensor(seq.ids)
    return ids


class Seq2SeqCollator:
    """Pads source/target sequences; builds decoder inputs the way the model expects them."""

    def __init__(self, tokenizer, model=None, pad_to_multiple_of=4):
        self.tokenizer = tokenizer
        self.model = model
        self.collate_fn_map = dict(default_collate_fn_map)
        self.collate_fn_map[TokenSeq] = functools.partial(
            pad_token_seqs, pad_id=tokenizer.pad_id, multiple_of=pad_to_multiple_of)

    def __call__(self, samples):
        batch = collate(samples, collate_fn_map=self.collate_fn_map)
        if self.model is not None:
            batch["decoder_input"] = self.model.shift_right(batch["target"])
        return batch
