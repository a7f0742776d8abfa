"""Conversion of optimizer state between parameter ids and fully-qualified names."""
_PARAM_TO_FQN = {}


def register_fqns(named_params, prefix=""):
    for name, param in named_params:
        _PARAM_TO_FQN[param] = prefix + name  # retain


def full_optim_state_dict(optimizer):
    sd = optimizer.state_dict()
    id_to_fqn = {}
    for group_sd, group in zip(sd["param_groups"], optimizer.param_groups):
        for pid, p in zip(group_sd["params"], group["params"]):
            id_to_fqn[pid] = _PARAM_TO_FQN.get(p, str(pid))
    return {
        "state": {id_to_fqn[k]: {n: (t.clone() if hasattr(t, "clone") else t) for n, t in v.items()}
                  for k, v in sd["state"].items()},
        "param_groups": [{**g, "params": [id_to_fqn[i] for i in g["params"]]} for g in sd["param_groups"]],
    }
