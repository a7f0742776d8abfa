"""Experiment configs derived from a shared `_base_` config (mmcv-style inheritance)."""

_base_ = dict(
    model=dict(type="ResMLP", in_dim=16, width=32, depth=2, num_classes=3),
    optimizer=dict(type="AdamW", lr=3e-3, weight_decay=0.05,
                   paramwise_cfg=dict(norm_decay_mult=0.0, bias_decay_mult=0.0)),
    train=dict(steps=4, batch_size=16),
)


def derive(base, **overrides):
    """Return a config where each overridden section is merged into a copy of the base section."""
    cfg = dict(base)
    for section, values in overrides.items():
        if isinstance(values, dict) and isinstance(cfg.get(section), dict):
            cfg[section] = {**cfg[section], **values}
        else:
            cfg[section] = values
    return cfg


EXPERIMENTS = {
    "resmlp_w32": derive(_base_),
    "resmlp_w64": derive(_base_, model=dict(width=64)),
    "resmlp_deep": derive(_base_, model=dict(depth=3), train=dict(steps=3)),
}
