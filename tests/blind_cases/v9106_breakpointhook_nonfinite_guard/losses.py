"""Token-level label-smoothed cross entropy (mean over non-pad tokens)."""
import torch.nn as nn
import torch.nn.functional as F


class LabelSmoothedCE(nn.Module):
    def __init__(self, smoothing=0.1, pad_id=0):
        super().__init__()
        self.smoothing = smoothing
        self.pad_id = pad_id

    def forward(self, logits, target):
        logp = F.log_softmax(logits, dim=-1)
        nll = -logp.gather(-1, target.unsqueeze(-1)).squeeze(-1)
        smooth = -logp.mean(-1)
        loss = (1 - self.smoothing) * nll + self.smoothing * smooth
        return loss[target.ne(self.pad_id)].mean()
