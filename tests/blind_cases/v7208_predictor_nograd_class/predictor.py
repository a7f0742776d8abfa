"""Batched inference helper used by the evaluation and comparison scripts."""
import torch


@torch.no_grad()
class Predictor:
    def __init__(self, model, batch_size=64, temperature=1.0):
        self.model = model.eval()
        self.batch_size = batch_size
        self.temperature = temperature

    def _batches(self, inputs):
        for start in range(0, inputs.shape[0], self.batch_size):
            yield inputs[start:start + self.batch_size]

    def predict_proba(self, inputs):
        chunks = []
        for xb in self._batches(inputs):
            logits = self.model(xb)
            chunks.append((logits / self.temperature).softmax(dim=-1))
        return torch.cat(chunks)
