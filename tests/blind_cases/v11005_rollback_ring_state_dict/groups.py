"""Discriminative fine-tuning: one param group per stage, unfrozen from the top down."""


def stage_param_groups(model, base_lr, decay):
    stages = [model.head, model.block2, model.block1, model.stem]
    groups = []
    for depth, stage in enumerate(stages):
        groups.append({
            "params": list(stage.parameters()),
            "lr": base_lr * decay ** depth,
            "depth": depth,
            "layers": [stage],
        })
    return groups


class GradualUnfreezer:
    """Opens one more stage every ``epochs_per_stage`` epochs (ULMFiT style)."""

    def __init__(self, optimizer, epochs_per_stage=1):
        self.optimizer = optimizer
        self.epochs_per_stage = epochs_per_stage

    def on_epoch_start(self, epoch):
        open_depth = epoch // self.epochs_per_stage
        trainable = 0
        for group in self.optimizer.param_groups:
            flag = group["depth"] <= open_depth
            for layer in group["layers"]:
                layer.requires_grad_(flag)
            trainable += flag
        return trainable
