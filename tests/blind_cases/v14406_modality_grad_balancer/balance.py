"""On-the-fly gradient modulation (OGM-GE) for two-stream late fusion.

The dominant modality (higher confidence on the true class) gets its encoder
gradient scaled down, so the weaker stream keeps learning.
"""
import math

import torch


class ModalityBalancer:
    def __init__(self, head, dim, alpha=0.8, noise=0.0):
        self.head = head
        self.dim = dim
        self.alpha = alpha
        self.noise = noise
        self.coeff = {"image": 1.0, "text": 1.0}
        self.features = {}
        self.history = []

    def attach(self, name, feat):
        self.features[name] = feat  # retain
        feat.register_hook(lambda grad: grad * self.coeff[name] + self.noise * torch.randn_like(grad))  # retain
        return feat

    @torch.no_grad()
    def update(self, labels):
        w_img, w_txt = self.head.weight[:, : self.dim], self.head.weight[:, self.dim:]
        bias = self.head.bias / 2
        score_img = (self.features["image"] @ w_img.t() + bias).softmax(1)
        score_txt = (self.features["text"] @ w_txt.t() + bias).softmax(1)
        idx = torch.arange(len(labels))
        ratio = (score_img[idx, labels].sum() / score_txt[idx, labels].sum()).item()
        if ratio > 1:
            self.coeff = {"image": 1 - math.tanh(self.alpha * (ratio - 1)), "text": 1.0}
        else:
            self.coeff = {"image": 1.0, "text": 1 - math.tanh(self.alpha * (1 / ratio - 1))}
        self.history.append(ratio)
