"""Controls shown in the training notebook; created once when the helper is imported."""
from widgets import Checkbox, FloatLogSlider

LR = FloatLogSlider("learning rate", 1e-2, min=-4.0, max=-1.0)
FREEZE_BACKBONE = Checkbox("freeze backbone", False)


def controls():
    return [LR, FREEZE_BACKBONE]
