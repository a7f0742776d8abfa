"""torch.hub entrypoints of the local model zoo.

Entrypoints are the model classes themselves; keyword arguments go to their constructors.
"""
dependencies = ["torch"]

from towers import TwoTower as two_tower
from towers import WideDeep as wide_deep
