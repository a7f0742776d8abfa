"""Layer-wise learning-rate decay (LLRD) parameter groups for encoder fine-tuning."""

NO_DECAY_TAGS = ("bias", "norm", "pos_embed", "cls_token")


def layer_id(qualname, num_layers):
    if qualname.startswith(("embed", "pos_embed", "cls_token")):
        return 0
    if qualname.startswith("layers."):
        return int(qualname.split(".")[1]) + 1
    return num_layers + 1


def llrd_param_groups(model, base_lr, decay, weight_decay):
    """One group per (layer id, decay / no-decay); deeper layers get larger lrs."""
    num_layers = len(model.layers)
    groups = {}

    def visit(module, prefix):  # cycle
        for name, param in module.named_parameters(recurse=False):
            if not param.requires_grad:
                continue
            qualname = prefix + name
            lid = layer_id(qualname, num_layers)
            no_decay = param.ndim == 1 or any(tag in qualname for tag in NO_DECAY_TAGS)
            key = (lid, no_decay)
            if key not in groups:
                groups[key] = {
                    "params": [],
                    "lr": base_lr * decay ** (num_layers + 1 - lid),
                    "weight_decay": 0.0 if no_decay else weight_decay,
                    "layer_id": lid,
                }
            groups[key]["params"].append(param)
        for child_name, child in module.named_children():
            visit(child, prefix + child_name + ".")

    visit(model, "")
    return [groups[key] for key in sorted(groups)]
