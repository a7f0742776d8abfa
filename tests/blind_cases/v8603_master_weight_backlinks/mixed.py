"""bf16 model weights with fp32 master copies, Megatron-style."""
import torch


class MasterWeightOptimizer:
    """Keeps fp32 master params for a bf16 model and steps an fp32 optimizer on them."""

    def __init__(self, model, optimizer_cls=torch.optim.AdamW, clip_grad=1.0, **opt_kwargs):
        self.model = model
        self.clip_grad = clip_grad
        self.master_params = []
        for p in model.parameters():
            if not p.requires_grad:
                continue
            master = p.detach().clone().float().requires_grad_(True)
            p.main_param = master  # cycle
            master.model_param = p  # cycle
            self.master_params.append(master)
        self.optimizer = optimizer_cls(self.master_params, **opt_kwargs)

    def zero_grad(self):
        for p in self.model.parameters():
            p.grad = None
        self.optimizer.zero_grad(set_to_none=True)

    def _copy_model_grads_to_main(self):
        found = False
        for master in self.master_params:
            grad = master.model_param.grad
            if grad is None:
                continue
            master.grad = grad.float()
            found = True
        return found

    @torch.no_grad()
    def _copy_main_params_to_model(self):
        for master in self.master_params:
            master.model_param.copy_(master)

    def step(self):
        if not self._copy_model_grads_to_main():
            return None
        norm = torch.nn.utils.clip_grad_norm_(self.master_params, self.clip_grad)
        self.optimizer.step()
        self._copy_main_params_to_model()
        return float(norm)

    def state_dict(self):
        return {"optimizer": self.optimizer.state_dict(),
                "fp32_from_bf16": [m.detach().clone() for m in self.master_params]}
