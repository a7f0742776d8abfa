"""Batched inference helpers shared by the validation and the test-time scripts."""
import dataclasses

import torch


@dataclasses.dataclass
class Prediction:
    sample_ids: torch.Tensor
    probs: torch.Tensor

    @property
    def labels(self):
        return self.probs.argmax(-1)


class Predictor:
    def __init__(self, model, temperature=1.0, device="cpu"):
        self.model = model
        self.temperature = temperature
        self.device = device

    def _predict_batch(self, batch):
        inputs, sample_ids = batch
        logits = self.model(inputs.to(self.device))
        return Prediction(sample_ids, (logits / self.temperature).softmax(-1))

    @torch.no_grad()
    def predict(self, loader):
        self.model.eval()
        return map(self._predict_batch, loader)
