"""Ambient reporting API: training code calls report()/log_model() without a trial argument."""
_ACTIVE = []


class TrialPruned(Exception):
    pass


def current_trial():
    if not _ACTIVE:
        raise RuntimeError("report() called outside of a running trial")
    return _ACTIVE[-1]


def report(step, **metrics):
    trial = current_trial()
    trial.history.append((step, metrics))
    decision = trial.scheduler.on_result(trial.number, step, metrics[trial.scheduler.metric])
    if decision == "STOP":
        raise TrialPruned(f"trial {trial.number} stopped at step {step}")


def log_model(model, tag="last"):
    current_trial().artifacts[tag] = model  # retain
