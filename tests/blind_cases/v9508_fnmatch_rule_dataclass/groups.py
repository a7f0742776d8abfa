"""Glob-style parameter-group rules ("tables.*" -> lr=0.1) for optimizers of recsys models."""
import fnmatch
from dataclasses import dataclass, field


@dataclass
class GroupRule:
    """A glob pattern over parameter names together with its optimizer overrides."""

    pattern: str
    overrides: dict = field(default_factory=dict)
    params: list = field(default_factory=list, repr=False)


def parse_rules(spec):
    """spec: 'tables.*:lr=0.1,weight_decay=0;*:lr=0.003'"""
    rules = []
    for chunk in spec.split(";"):
        pattern, _, opts = chunk.partition(":")
        overrides = {}
        for kv in filter(None, opts.split(",")):
            key, value = kv.split("=")
            overrides[key.strip()] = float(value)
        rules.append(GroupRule(pattern.strip(), overrides))
    return rules


def build_param_groups(model, rules):
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        for rule in rules:
            if fnmatch.fnmatchcase(name, rule.pattern):
                rule.params.append(param)
                break
        else:
            raise ValueError(f"no group rule matches {name}")
    return [dict(params=rule.params, **rule.overrides) for rule in rules if rule.params]
