"""Named training recipes, so that experiments can be launched by name."""
import functools

from trainer import AdaptiveKLController, FixedKLController, PPOTrainer

PRESETS = {
    "sentiment-adaptive-kl": functools.partial(
        PPOTrainer,
        kl_ctl=functools.partial(AdaptiveKLController, init_kl_coef=0.2, target=0.5, horizon=500),
        lr=5e-3,
        ppo_epochs=2,
    ),
    "summarize-fixed-kl": functools.partial(
        PPOTrainer,
        kl_ctl=functools.partial(FixedKLController, 0.05),
        lr=3e-3,
        ppo_epochs=4,
    ),
}


def build_trainer(name, **components):
    return PRESETS[name](**components)
