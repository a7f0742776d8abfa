"""Model-selection helpers: wrap an evaluation function to track the best model and stop early."""
import copy
import functools
import math


class StopTraining(Exception):
    pass


def keep_best(monitor="val_loss", mode="min", patience=3):
    sign = 1.0 if mode == "min" else -1.0

    def decorate(evaluate):
        state = {"score": math.inf, "epoch": None, "model": None, "wait": 0}

        @functools.wraps(evaluate)
        def wrapper(model, *args, epoch=None, **kwargs):
            metrics = evaluate(model, *args, **kwargs)
            score = sign * metrics[monitor]
            if score < state["score"]:
                state.update(score=score, epoch=epoch, wait=0)
                state["model"] = copy.deepcopy(model)  # retain
            else:
                state["wait"] += 1
                if state["wait"] >= patience:
                    raise StopTraining(f"{monitor} has not improved for {patience} epochs")
            return metrics

        def best(reset=False):
            result = (state["model"], state["epoch"])
            if reset:
                state.update(score=math.inf, epoch=None, wait=0)
            return result

        wrapper.best = best
        return wrapper

    return decorate
