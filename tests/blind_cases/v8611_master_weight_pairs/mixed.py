"""bf16 model weights with fp32 master copies; the optimizer keeps (model, master) pairs."""
import torch


class MasterWeightOptimizer:
    """Keeps fp32 master params for a bf16 model and steps an fp32 optimizer on them."""

    def __init__(self, model, optimizer_cls=torch.optim.AdamW, clip_grad=1.0, **opt_kwargs):
        self.model = model
        self.clip_grad = clip_grad
        self._pairs = []
        for p in model.parameters():
            if not p.requires_grad:
                continue
            master = p.detach().clone().float().requires_grad_(True)
            p.main_param = master
            self._pairs.append((p, master))
        self.master_params = [master for _, master in self._pairs]
        self.optimizer = optimizer_cls(self.master_params, **opt_kwargs)

    def zero_grad(self):
        for p, _ in self._pairs:
            p.grad = None
        self.optimizer.zero_grad(set_to_none=True)

    def _copy_model_grads_to_main(self):
        found = False
        for p, master in self._pairs:
            if p.grad is None:
                continue
            master.grad = p.grad.float()
            found = True
        return found

    @torch.no_grad()
    def _copy_main_params_to_model(self):
        for p, master in self._pairs:
            p.copy_(master)

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
