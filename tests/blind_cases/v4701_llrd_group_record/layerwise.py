"""Layer-wise learning-rate decay (LLRD) parameter groups for fine-tuning."""
from dataclasses import dataclass, field
from typing import Dict, List, Optional

NO_DECAY_SUFFIXES = ("bias", "norm.weight", "pos_embed", "cls_token")


@dataclass
class LayerGroup:
    """One depth level of the network and the optimizer group it trains in."""

    layer_id: int
    lr_scale: float
    weight_decay: float
    names: List[str] = field(default_factory=list)
    param_group: Optional[dict] = None

    @property
    def frozen(self) -> bool:
        return self.param_group is not None and self.param_group["lr"] == 0.0


def layer_id_for(name: str, num_layers: int) -> int:
    if name.startswith(("embed", "pos_embed", "cls_token")):
        return 0
    if name.startswith("blocks."):
        return int(name.split(".")[1]) + 1
    return num_layers + 1


def build_param_groups(model, base_lr: float, layer_decay: float, weight_decay: float,
                       num_layers: int) -> Dict[str, LayerGroup]:
    layer_groups: Dict[str, LayerGroup] = {}
    groups: Dict[str, dict] = {}
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        lid = layer_id_for(name, num_layers)
        decay = 0.0 if name.endswith(NO_DECAY_SUFFIXES) or param.ndim == 1 else weight_decay
        key = f"layer_{lid}_{'decay' if decay else 'no_decay'}"
        if key not in groups:
            scale = layer_decay ** (num_layers + 1 - lid)
            lg = LayerGroup(layer_id=lid, lr_scale=scale, weight_decay=decay)
            groups[key] = {"params": [], "lr": base_lr * scale, "weight_decay": decay,
                           "initial_lr": base_lr * scale, "layer_group": lg}  # cycle
            lg.param_group = groups[key]  # cycle
            layer_groups[key] = lg
        groups[key]["params"].append(param)
        layer_groups[key].names.append(name)
    return layer_groups


def optimizer_groups(layer_groups: Dict[str, LayerGroup]) -> List[dict]:
    return [lg.param_group for lg in sorted(layer_groups.values(), key=lambda g: g.layer_id)]
