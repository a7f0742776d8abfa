"""Logits processors with the HF-style signature processor(input_ids, scores) -> scores."""
import sys

import torch


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores


class RepetitionPenalty:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        seen = scores.gather(-1, input_ids)
        seen = torch.where(seen > 0, seen / self.penalty, seen * self.penalty)
        return scores.scatter(-1, input_ids, seen)


class TopK:
    def __init__(self, k):
        self.k = k

    def __call__(self, input_ids, scores):
        kth = scores.topk(self.k, dim=-1).values[..., -1:]
        return scores.masked_fill(scores < kth, float("-inf"))


class ContextWindowEosBias:
    """Raises the EOS logit as the KV cache fills the context window. The processor call does
    not receive the cache, so the decoding loop's frame is located once and its
    `past_key_values` local is read on every step."""

    def __init__(self, eos_id, window, strength=4.0):
        self.eos_id = eos_id
        self.window = window
        self.strength = strength
        self._loop_frame = None

    def _cache_len(self):
        if self._loop_frame is None:
            frame = sys._getframe(1)
            while frame is not None and "past_key_values" not in frame.f_locals:
                frame = frame.f_back
            self._loop_frame = frame  # cycle
        past = self._loop_frame.f_locals["past_key_values"]
        return 0 if past is None else past[0].size(-2)

    def __call__(self, input_ids, scores):
        fill = self._cache_len() / self.window
        bias = torch.zeros_like(scores)
        bias[..., self.eos_id] = self.strength * max(0.0, fill - 0.5)
        return scores + bias
