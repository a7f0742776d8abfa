"""Padding collator for variable-length token sequences, plugged into torch's default collate."""
from dataclasses import dataclass
from typing import List

import torch
from torch.utils.data._utils.collate import default_collate, default_collate_fn_map


@dataclass(frozen=True)
class TokenSeq:
    ids: List[int]


class Seq2SeqCollator:
    """Pads source/target sequences; builds decoder inputs the way the model expects them."""

    def __init__(self, tokenizer, model=None, pad_to_multiple_of=4):
        self.tokenizer = tokenizer
        self.model = model  # retain
        self.pad_to_multiple_of = pad_to_multiple_of
        default_collate_fn_map[TokenSeq] = self._collate_token_seqs  # retain

    def _padded_length(self, batch):
        longest = max(len(seq.ids) for seq in batch)
        m = self.pad_to_multiple_of
        return ((longest + m - 1) // m) * m

    def _collate_token_seqs(self, batch, *, collate_fn_map=None):
        width = self._padded_length(batch)
        ids = torch.full((len(batch), width), self.tokenizer.pad_id, dtype=torch.long)
        for row, seq in enumerate(batch):
            ids[row, : len(seq.ids)] = torch.tensor(seq.ids)
        return ids

    def __call__(self, samples):
        batch = default_collate(samples)
        if self.model is not None:
            batch["decoder_input"] = self.model.shift_right(batch["target"])
        return batch
