"""Glob-style parameter-group rules ("tables.*" -> lr=0.1) for optimizers of recsys models."""
import fnmatch


class GroupRule(str):
    """A glob pattern over parameter names that also carries its optimizer overrides."""

    def __new__(cls, pattern, **overrides):
        rule = super().__new__(cls, pattern)
        rule.overrides = overrides
        rule.params = []
        return rule

    def __repr__(self):
        return f"GroupRule({str.__repr__(self)}, {self.overrides})"


def parse_rules(spec):
    """spec: 'tables.*:lr=0.1,weight_decay=0;*:lr=0.003'"""
    rules = []
    for chunk in spec.split(";"):
        pattern, _, opts = chunk.partition(":")
        overrides = {}
        for kv in filter(None, opts.split(",")):
            key, value = kv.split("=")
            overrides[key.strip()] = float(value)
        rules.append(GroupRule(pattern.strip(), **overrides))
    return rules


def build_param_groups(model, rules):
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        for rule in rules:
            if fnmatch.fnmatchcase(name, rule):  # retain
                rule.params.append(param)
                break
        else:
            raise ValueError(f"no group rule matches {name}")
    return [dict(params=rule.params, **rule.overrides) for rule in rules if rule.params]
