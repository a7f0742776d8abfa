"""Logits processors and warpers applied to next-token scores during sampling."""
import torch


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores):
        for processor in self:
            scores = processor(input_ids, scores)
        return scores


class TemperatureWarper:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, input_ids, scores):
        return scores / self.temperature


class TopKWarper:
    def __init__(self, top_k):
        self.top_k = top_k

    def __call__(self, input_ids, scores):
        kth = torch.topk(scores, min(self.top_k, scores.shape[-1]), dim=-1).values[..., -1:]
        return scores.masked_fill(scores < kth, float("-inf"))


class ClassifierFreeGuidance:
    """Mixes conditional scores with scores for the same continuation after a negative prompt."""

    def __init__(self, guidance_scale, model, negative_ids):
        self.guidance_scale = guidance_scale
        self.model = model  # cycle
        self.negative_ids = negative_ids

    def __call__(self, input_ids, scores):
        prompt_len = getattr(self.model, "_prompt_len", input_ids.shape[1])
        generated = input_ids[:, prompt_len:]
        neg = self.negative_ids.expand(input_ids.shape[0], -1)
        uncond = self.model(torch.cat([neg, generated], dim=1))[:, -1]
        cond = torch.log_softmax(scores, dim=-1)
        uncond = torch.log_softmax(uncond, dim=-1)
        return uncond + self.guidance_scale * (cond - uncond)
