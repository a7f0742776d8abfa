"""Sampling loop for decoder-only models: model kwargs flow through prepare/update hooks."""
from dataclasses import dataclass
from typing import Optional

import torch

from processors import LogitsProcessorList, StoppingCriteriaList


@dataclass
class GenerationState:
    prompt_len: int
    model_kwargs: dict
    step: int = 0
    unfinished: Optional[torch.Tensor] = None


class GenerationMixin:
    """Mixed into nn.Module language models that return {"logits", "past"}."""

    def prepare_inputs_for_generation(self, input_ids, past=None, **kwargs):
        return {"input_ids": input_ids if past is None else input_ids[:, -1:], "past": past}

    def _update_model_kwargs_for_generation(self, outputs, model_kwargs):
        model_kwargs["past"] = outputs["past"]
        return model_kwargs

    @torch.no_grad()
    def generate(self, input_ids, logits_processor=None, stopping_criteria=None,
                 eos_token_id=-1, pad_token_id=0, **model_kwargs):
        logits_processor = logits_processor or LogitsProcessorList()
        stopping_criteria = stopping_criteria or StoppingCriteriaList()
        state = GenerationState(prompt_len=input_ids.size(1), model_kwargs=model_kwargs)  # cycle
        model_kwargs["generation_state"] = state  # cycle
        state.unfinished = torch.ones(input_ids.size(0), dtype=torch.bool)
        while True:
            model_inputs = self.prepare_inputs_for_generation(input_ids, **model_kwargs)
            outputs = self(**model_inputs)
            scores = logits_processor(input_ids, outputs["logits"][:, -1, :], **model_kwargs)
            next_tokens = torch.multinomial(scores.softmax(-1), 1).squeeze(1)
            next_tokens = next_tokens.masked_fill(~state.unfinished, pad_token_id)
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=1)
            model_kwargs = self._update_model_kwargs_for_generation(outputs, model_kwargs)
            state.step += 1
            state.unfinished &= next_tokens != eos_token_id
            if not state.unfinished.any() or stopping_criteria(input_ids, scores, **model_kwargs):
                return input_ids
