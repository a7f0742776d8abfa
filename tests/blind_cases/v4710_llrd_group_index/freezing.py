"""Gradual unfreezing (ULMFiT style) driven by the LLRD layer groups."""


class GradualUnfreezer:
    def __init__(self, layer_groups, optimizer, epochs_per_stage=1):
        self.layer_groups = layer_groups
        self.optimizer = optimizer
        self.epochs_per_stage = epochs_per_stage
        self.max_layer = max(lg.layer_id for lg in layer_groups.values())

    def _visible_from(self, epoch):
        return self.max_layer - epoch // self.epochs_per_stage

    def apply(self, epoch):
        lowest = self._visible_from(epoch)
        for lg in self.layer_groups.values():
            group = lg.param_group(self.optimizer)
            trainable = lg.layer_id >= lowest
            group["lr"] = group["initial_lr"] if trainable else 0.0
            for p in group["params"]:
                p.requires_grad_(trainable)
        return sum(1 for lg in self.layer_groups.values() if not lg.frozen(self.optimizer))
