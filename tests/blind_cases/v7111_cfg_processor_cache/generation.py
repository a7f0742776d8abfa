"""GenerationMixin: sampling loop that builds (and reuses) the processor list for a config."""
from dataclasses import dataclass

import torch

from processors import ClassifierFreeGuidance, LogitsProcessorList, TemperatureWarper, TopKWarper


@dataclass(frozen=True)
class GenerationConfig:
    max_new_tokens: int = 8
    temperature: float = 1.0
    top_k: int = 0
    guidance_scale: float = 1.0
    eos_token_id: int = 1


class GenerationMixin:
    def _get_logits_processor(self, cfg, negative_ids):
        key = (cfg.temperature, cfg.top_k, cfg.guidance_scale)
        if key not in self._processor_cache:
            processors = LogitsProcessorList()
            if cfg.guidance_scale != 1.0:
                processors.append(ClassifierFreeGuidance(cfg.guidance_scale, self, negative_ids))  # cycle
            if cfg.temperature != 1.0:
                processors.append(TemperatureWarper(cfg.temperature))
            if cfg.top_k:
                processors.append(TopKWarper(cfg.top_k))
            self._processor_cache[key] = processors  # cycle
        return self._processor_cache[key]

    @torch.no_grad()
    def generate(self, input_ids, cfg, negative_ids=None):
        processors = self._get_logits_processor(cfg, negative_ids)
        self._prompt_len = input_ids.shape[1]
        for _ in range(cfg.max_new_tokens):
            scores = processors(input_ids, self(input_ids)[:, -1])
            next_ids = torch.multinomial(torch.softmax(scores, dim=-1), 1)
            input_ids = torch.cat([input_ids, next_ids], dim=1)
            if bool((next_ids == cfg.eos_token_id).all()):
                break
        return input_ids
