"""FitNets-style intermediate feature matching against a hooked teacher."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureDistiller:
    def __init__(self, teacher, student, layer_pairs, channels, beta):
        self.teacher = teacher
        self.student = student
        self.layer_pairs = layer_pairs
        self.beta = beta
        self.teacher_feats = {}
        self.adapters = nn.ModuleDict({
            s_name: nn.Conv2d(s_ch, t_ch, 1) for (t_name, s_name), (s_ch, t_ch) in zip(layer_pairs, channels)})
        self._names = {}
        self._handles = []
        modules = dict(teacher.named_modules())
        for t_name, _ in layer_pairs:
            self._names[modules[t_name]] = t_name
            self._handles.append(modules[t_name].register_forward_hook(self._grab))  # retain

    def _grab(self, module, inputs, output):
        self.teacher_feats[self._names[module]] = output

    def parameters(self):
        yield from self.student.parameters()
        yield from self.adapters.parameters()

    def loss(self, x, y):
        with torch.no_grad():
            t_logits = self.teacher(x)
        s_logits, s_feats = self.student(x, return_features=True)
        hint = sum(F.mse_loss(self.adapters[s_name](s_feats[s_name]), self.teacher_feats[t_name])
                   for t_name, s_name in self.layer_pairs)
        kd = F.kl_div(F.log_softmax(s_logits, 1), F.softmax(t_logits, 1), reduction="batchmean")
        return F.cross_entropy(s_logits, y) + kd + self.beta * hint

    def __del__(self):
        for handle in self._handles:
            handle.remove()
