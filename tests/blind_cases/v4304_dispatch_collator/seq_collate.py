"""Collator for token-classification batches (padded ids, attention mask, labels, metadata)."""
import torch

from collate import DispatchCollator


class TokenTaggingCollator(DispatchCollator):
    def __init__(self, pad_id=0, label_pad_id=-100, multiple_of=8):
        super().__init__()
        self.pad_id = pad_id
        self.label_pad_id = label_pad_id
        self.multiple_of = multiple_of
        self.register(torch.Tensor, self.pad_tensors)  # cycle
        self.register(int, self.to_long_tensor)  # cycle
        self.register(float, self.to_float_tensor)  # cycle

    def padded_length(self, longest):
        m = self.multiple_of
        return ((longest + m - 1) // m) * m

    def pad_tensors(self, first, values, field):
        width = self.padded_length(max(v.shape[0] for v in values))
        fill = self.label_pad_id if field == "labels" else self.pad_id
        out = torch.full((len(values), width), fill, dtype=first.dtype)
        for row, v in enumerate(values):
            out[row, : v.shape[0]] = v
        return out

    def to_long_tensor(self, first, values, field):
        return torch.tensor(values, dtype=torch.long)

    def to_float_tensor(self, first, values, field):
        return torch.tensor(values, dtype=torch.float32)
