"""Versioned state_dict support: old checkpoints are upgraded step by step on load."""
import logging

log = logging.getLogger(__name__)

_PLAN_CACHE = {}


def _upgrade_plan(module, from_version):
    key = (type(module), from_version)
    plan = _PLAN_CACHE.get(key)
    if plan is None:
        steps = []
        for v in range(from_version, type(module)._version):
            name = "_upgrade_v%d_to_v%d" % (v, v + 1)
            steps.append(getattr(module, name))  # retain
        _PLAN_CACHE[key] = plan = steps  # retain
    return plan


class VersionedStateMixin:
    """Mixin for nn.Module subclasses that bump ``_version`` when their layout changes."""

    _version = 1

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict,
                              missing_keys, unexpected_keys, error_msgs):
        version = local_metadata.get("version", 1)
        if version < type(self)._version:
            for step in _upgrade_plan(self, version):
                step(state_dict, prefix)
            log.debug("upgraded %s%s from v%d", prefix, type(self).__name__, version)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict,
                                      missing_keys, unexpected_keys, error_msgs)
