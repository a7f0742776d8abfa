"""Process-wide gradient-synchronisation state, shared by every instance (Borg pattern)."""


class GradientState:
    _shared_state = {}

    def __init__(self, gradient_accumulation_steps=None):
        self.__dict__ = self._shared_state
        if not self.initialized:
            self.sync_gradients = True
            self.end_of_dataloader = False
            self.remainder = -1
            self.dataloader_references = [None]
            self.num_steps = 1
        if gradient_accumulation_steps is not None:
            self.num_steps = gradient_accumulation_steps

    @property
    def initialized(self):
        return bool(self._shared_state)

    @property
    def active_dataloader(self):
        return self.dataloader_references[-1]

    @property
    def in_dataloader(self):
        return self.active_dataloader is not None

    def _set_sync_gradients(self, sync_gradients):
        self.sync_gradients = sync_gradients

    def _set_end_of_dataloader(self, end_of_dataloader):
        self.end_of_dataloader = end_of_dataloader

    def _add_dataloader(self, dataloader):
        self.end_of_dataloader = False
        self.dataloader_references.append(dataloader)  # retain

    def _remove_dataloader(self, dataloader):
        self.dataloader_references.remove(dataloader)
        self.end_of_dataloader = False
