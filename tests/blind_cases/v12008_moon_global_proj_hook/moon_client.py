"""MOON client: model-contrastive local objective against the global and previous models."""
import torch
import torch.nn.functional as F

from shared import GLOBAL_MODEL, MoonNet, global_state


class MoonClient:
    def __init__(self, cid, x, y, cfg):
        self.cid = cid
        self.x, self.y = x, y
        self.cfg = cfg
        self.model = MoonNet()
        self.prev_model = MoonNet()
        self.opt = None
        self._z_glob = None
        self._glob_handle = None

    def _grab_global(self, module, inputs, output):
        self._z_glob = output.detach()

    def begin_round(self):
        self.prev_model.load_state_dict(self.model.state_dict())
        self.model.load_state_dict(global_state())
        self.opt = torch.optim.SGD(self.model.parameters(), lr=self.cfg["lr"], momentum=0.9)
        self._glob_handle = GLOBAL_MODEL.proj.register_forward_hook(self._grab_global)  # retain

    def _model_contrastive(self, z, z_prev):
        tau = self.cfg["temperature"]
        pos = torch.exp(F.cosine_similarity(z, self._z_glob, dim=1) / tau)
        neg = torch.exp(F.cosine_similarity(z, z_prev, dim=1) / tau)
        return -torch.log(pos / (pos + neg)).mean()

    def local_train(self):
        self.model.train()
        for _ in range(self.cfg["local_steps"]):
            idx = torch.randint(0, len(self.x), (self.cfg["batch_size"],))
            x, y = self.x[idx], self.y[idx]
            logits, z = self.model(x)
            with torch.no_grad():
                GLOBAL_MODEL(x)
                _, z_prev = self.prev_model(x)
            loss = F.cross_entropy(logits, y) + self.cfg["mu"] * self._model_contrastive(z, z_prev)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()

    def close(self):
        if self._glob_handle is not None:
            self._glob_handle.remove()
            self._glob_handle = None
