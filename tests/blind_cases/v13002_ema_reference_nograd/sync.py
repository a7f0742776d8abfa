"""Reference refresh for online RLHF: the reference slowly tracks the policy (TR-DPO style)."""
import torch


class ReferenceSchedule:
    def __init__(self, every, alpha):
        self.every = every
        self.alpha = alpha
        self.num_refreshes = 0

    def due(self, step):
        return (step + 1) % self.every == 0


@torch.no_grad()
def soft_update_reference(reference, policy, alpha):
    ref_params = dict(reference.named_parameters())
    for name, p in policy.named_parameters():
        ref_params[name].lerp_(p, alpha)


def refresh_if_due(schedule, step, reference, policy):
    if not schedule.due(step):
        return False
    soft_update_reference(reference, policy, schedule.alpha)
    schedule.num_refreshes += 1
    return True
