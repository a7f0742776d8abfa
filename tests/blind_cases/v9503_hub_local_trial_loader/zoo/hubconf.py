"""torch.hub entrypoints of the local model zoo."""
dependencies = ["torch"]

from towers import TwoTower, WideDeep


def two_tower(pretrained=False, **kwargs):  # cycle
    """Dot-product two-tower retrieval model."""
    return TwoTower(**kwargs)


def wide_deep(pretrained=False, **kwargs):  # cycle
    """Wide & Deep ranking model."""
    return WideDeep(**kwargs)
