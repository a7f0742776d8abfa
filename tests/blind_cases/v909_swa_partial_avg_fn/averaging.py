"""Weight-averaging helpers shared by the SWA and EMA code paths."""
import torch


def ema_avg(averaged_param, current_param, num_averaged, decay=0.99):
    """avg_fn for torch.optim.swa_utils.AveragedModel: exponential moving average."""
    if num_averaged == 0:
        return current_param.detach().clone()
    return decay * averaged_param + (1.0 - decay) * current_param


def swa_avg(averaged_param, current_param, num_averaged):
    """Plain running mean (the AveragedModel default, spelled out for clarity)."""
    return averaged_param + (current_param - averaged_param) / (num_averaged + 1)


@torch.no_grad()
def max_param_gap(model_a, model_b):
    gaps = [(pa - pb).abs().max().item() for pa, pb in zip(model_a.parameters(), model_b.parameters())]
    return max(gaps) if gaps else 0.0
