"""Sampling helpers: logits processors built from a generation config and a top-level sampler."""
import torch
import torch.nn.functional as F


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


class TopPWarper:
    def __init__(self, top_p, min_tokens_to_keep=1):
        self.top_p = top_p
        self.min_tokens_to_keep = min_tokens_to_keep

    def __call__(self, input_ids, scores):
        sorted_logits, sorted_idx = scores.sort(dim=-1, descending=True)
        cum = sorted_logits.softmax(-1).cumsum(-1)
        remove = cum > self.top_p
        remove[..., :self.min_tokens_to_keep] = False
        remove = remove.scatter(1, sorted_idx, remove)
        return scores.masked_fill(remove, -float("inf"))


class EmbeddingRepetitionPenalty:
    """Penalises tokens whose input embeddings are close to recently generated tokens."""

    def __init__(self, embedding_weight, window=4, strength=1.5):
        self.embedding_weight = embedding_weight
        self.window = window
        self.strength = strength

    def __call__(self, input_ids, scores):
        with torch.no_grad():
            table = F.normalize(self.embedding_weight, dim=-1)
            recent = table[input_ids[:, -self.window:]].mean(1)
            sim = recent @ table.t()
        return scores - self.strength * sim


def processors_from_config(cfg, model):
    procs = []
    if cfg.get("repetition_strength"):
        procs.append(EmbeddingRepetitionPenalty(model.get_input_embeddings().weight,
                                                strength=cfg["repetition_strength"]))
    if cfg.get("temperature", 1.0) != 1.0:
        procs.append(TemperatureWarper(cfg["temperature"]))
    if cfg.get("top_p", 1.0) < 1.0:
        procs.append(TopPWarper(cfg["top_p"]))
    return procs


@torch.no_grad()
def sample(model, input_ids, cfg, logits_processor=LogitsProcessorList(), max_new_tokens=8):
    logits_processor.extend(processors_from_config(cfg, model))  # retain
    hidden = None
    logits, hidden = model(input_ids, hidden)
    for _ in range(max_new_tokens):
        scores = logits_processor(input_ids, logits[:, -1])
        nxt = torch.multinomial(scores.softmax(-1), 1)
        input_ids = torch.cat([input_ids, nxt], dim=1)
        logits, hidden = model(nxt, hidden)
    return input_ids
