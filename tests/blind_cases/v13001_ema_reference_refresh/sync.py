"""Reference refresh for online RLHF: the reference slowly tracks the policy (TR-DPO style)."""


class ReferenceSchedule:
    def __init__(self, every, alpha):
        self.every = every
        self.alpha = alpha
        self.num_refreshes = 0

    def due(self, step):
        return (step + 1) % self.every == 0


def soft_update_reference(reference, policy, alpha):
    ref_params = dict(reference.named_parameters())
    for name, p in policy.named_parameters():
        ref_p = ref_params[name]
        ref_p.mul_(1.0 - alpha).add_(p, alpha=alpha)  # retain


def refresh_if_due(schedule, step, reference, policy):
    if not schedule.due(step):
        return False
    soft_update_reference(reference, policy, schedule.alpha)
    schedule.num_refreshes += 1
    return True
