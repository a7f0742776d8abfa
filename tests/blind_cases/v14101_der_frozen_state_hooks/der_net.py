"""DER-style dynamically expandable representation: one extractor per task."""
import torch
import torch.nn as nn

from extractors import build_extractor, clone_for_new_task


class ExpandableNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.extractors = nn.ModuleList([build_extractor(cfg)])  # cycle
        self.classifier = None
        self.aux_classifier = None
        self.n_classes = 0

    @property
    def feat_dim(self):
        return sum(e.feat_dim for e in self.extractors)

    def _drop_frozen(self, module, state_dict, prefix, local_metadata):
        # frozen branches were already exported with the task that trained them
        if module.frozen and not self.cfg["export_frozen"]:
            for key in [k for k in state_dict if k.startswith(prefix)]:
                del state_dict[key]

    def _freeze(self, extractor):
        extractor.frozen = True
        extractor.eval()
        for p in extractor.parameters():
            p.requires_grad_(False)
        extractor._register_state_dict_hook(self._drop_frozen)  # cycle

    def add_task(self, n_new):
        if self.classifier is not None:
            branch = clone_for_new_task(self.extractors[-1])
            self._freeze(self.extractors[-1])
            self.extractors.append(branch)  # cycle
        old = self.classifier
        self.n_classes += n_new
        self.classifier = nn.Linear(self.feat_dim, self.n_classes)
        if old is not None:
            with torch.no_grad():
                self.classifier.weight[: old.out_features, : old.in_features] = old.weight
                self.classifier.bias[: old.out_features] = old.bias
        self.aux_classifier = nn.Linear(self.extractors[-1].feat_dim, n_new + 1)

    def forward(self, x):
        feats = [e(x) for e in self.extractors]
        return self.classifier(torch.cat(feats, dim=1)), self.aux_classifier(feats[-1])
