"""Param groups for MoE training: every expert gets its own group so that its
learning rate can follow the share of tokens it receives."""


def build_param_groups(model, base_lr, expert_lr_scale):
    groups, expert_ids = [], set()
    for layer in model.moe_layers():
        for idx, expert in enumerate(layer.experts):
            params = list(expert.parameters())
            expert_ids.update(id(p) for p in params)
            groups.append({"params": params, "lr": base_lr * expert_lr_scale,
                           "name": f"{layer.name}.expert{idx}",
                           "moe_layer": layer.name, "expert_idx": idx})
    dense = [p for p in model.parameters() if id(p) not in expert_ids]
    return [{"params": dense, "lr": base_lr, "name": "dense"}] + groups


def rescale_expert_lr(optimizer, layers, base_lr, expert_lr_scale):
    for group in optimizer.param_groups:
        if "moe_layer" not in group:
            continue
        layer = layers[group["moe_layer"]]
        share = layer.token_share()[group["expert_idx"]] * layer.num_experts
        group["lr"] = base_lr * expert_lr_scale * min(2.0, max(0.25, share))
