"""Logits processors and stopping criteria in the style of a generation-utilities module."""


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores, **kwargs):
        for processor in self:
            scores = processor(input_ids, scores, **kwargs)
        return scores


class StoppingCriteriaList(list):
    def __call__(self, input_ids, scores, **kwargs):
        return any(criterion(input_ids, scores, **kwargs) for criterion in self)


class TemperatureWarper:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, input_ids, scores, **kwargs):
        return scores / self.temperature


class MinNewTokensProcessor:
    """Forbids EOS until ``min_new_tokens`` tokens have been generated."""

    def __init__(self, eos_token_id, min_new_tokens):
        self.eos_token_id = eos_token_id
        self.min_new_tokens = min_new_tokens

    def __call__(self, input_ids, scores, generation_state=None, **kwargs):
        if generation_state is not None and generation_state.step < self.min_new_tokens:
            scores[:, self.eos_token_id] = -float("inf")
        return scores


class MaxNewTokensCriteria:
    def __init__(self, max_new_tokens):
        self.max_new_tokens = max_new_tokens

    def __call__(self, input_ids, scores, generation_state=None, **kwargs):
        return input_ids.size(1) - generation_state.prompt_len >= self.max_new_tokens
