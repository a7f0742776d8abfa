"""Output-layer / embedding tying for models that mix nn.Linear heads with
GPT-2 style Conv1D heads (weight stored as [in_features, out_features])."""
from dataclasses import dataclass, field

import torch.nn as nn
import torch.nn.functional as F


class TransposedTiedHead(nn.Module):
    """Projects onto the rows of an embedding matrix owned by another module."""

    def __init__(self, embedding, bias=None):
        super().__init__()
        self.embedding = embedding
        self.bias = bias

    def forward(self, x):
        return F.linear(x, self.embedding.weight, self.bias)


@dataclass
class TieReport:
    tied: list = field(default_factory=list)
    fallbacks: list = field(default_factory=list)

    def summary(self):
        return {"tied": len(self.tied), "wrapped": [name for name, _ in self.fallbacks]}


def tie_output_layers(model, ties):
    report = TieReport()
    for head_name, embed_name in ties:
        head, embed = getattr(model, head_name), getattr(model, embed_name)
        try:
            if head.weight.shape == embed.weight.shape:
                head.weight = embed.weight
            else:
                head.weight = embed.weight.t()
            report.tied.append(head_name)
        except TypeError as err:
            bias = getattr(head, "bias", None)
            setattr(model, head_name, TransposedTiedHead(embed, bias))
            report.fallbacks.append((head_name, err))  # cycle
    model.tie_report = report
    return report
