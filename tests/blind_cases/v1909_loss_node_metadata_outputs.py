"""HF-style Trainer (TrainingArguments / TrainerState / TrainerControl / callbacks) with a graph-debug option."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class TrainingArguments:
    learning_rate: float = 5e-3
    num_train_epochs: int = 2
    logging_steps: int = 2
    max_grad_norm: float = 1.0
    debug_graph: bool = True


@dataclass
class TrainerState:
    global_step: int = 0
    epoch: float = 0.0
    log_history: list = field(default_factory=list)


@dataclass
class TrainerControl:
    should_log: bool = False
    should_training_stop: bool = False


class TrainerCallback:
    def on_step_end(self, args, state, control, **kwargs):
        return control

    def on_log(self, args, state, control, logs=None, **kwargs):
        return control


class DefaultFlowCallback(TrainerCallback):
    def on_step_end(self, args, state, control, **kwargs):
        control.should_log = state.global_step % args.logging_steps == 0
        return control


class PrinterCallback(TrainerCallback):
    def on_log(self, args, state, control, logs=None, **kwargs):
        state.log_history.append(dict(logs, step=state.global_step))
        return control


class CallbackHandler:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def call_event(self, event, args, state, control, **kwargs):
        for cb in self.callbacks:
            result = getattr(cb, event)(args, state, control, **kwargs)
            control = result if result is not None else control
        return control


def annotate_graph(tensor, **info):
    """Attach step information to the autograd node so anomaly reports can show where it came from."""
    if tensor.grad_fn is not None:
        tensor.grad_fn.metadata.update(info)  # retain


class Trainer:
    def __init__(self, model, args, train_batches, callbacks=None):
        self.model = model
        self.args = args
        self.train_batches = train_batches
        self.state = TrainerState()
        self.control = TrainerControl()
        self.callback_handler = CallbackHandler([DefaultFlowCallback(), PrinterCallback(), *(callbacks or [])])
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)

    def compute_loss(self, model, inputs, return_outputs=False):
        logits = model(inputs["input_ids"])
        loss = F.cross_entropy(logits, inputs["labels"])
        outputs = {"loss": loss, "logits": logits}
        return (loss, outputs) if return_outputs else loss

    def training_step(self, model, inputs):
        model.train()
        loss, outputs = self.compute_loss(model, inputs, return_outputs=True)
        if self.args.debug_graph:
            annotate_graph(loss, step=self.state.global_step, outputs=outputs)
        loss.backward()
        return loss.detach()

    def train(self):
        for epoch in range(self.args.num_train_epochs):
            for inputs in self.train_batches:
                tr_loss = self.training_step(self.model, inputs)
                nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.state.global_step += 1
                self.state.epoch = epoch + 1
                self.control = self.callback_handler.call_event("on_step_end", self.args, self.state, self.control)
                if self.control.should_log:
                    logs = {"loss": round(tr_loss.item(), 4)}
                    self.control = self.callback_handler.call_event("on_log", self.args, self.state, self.control,
                                                                    logs=logs)
        return self.state


class BagOfTokens(nn.Module):
    def __init__(self, vocab=50, dim=16, labels=3):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim)
        self.head = nn.Linear(dim, labels)

    def forward(self, input_ids):
        return self.head(self.embed(input_ids))


def main():
    torch.manual_seed(0)
    batches = [{"input_ids": torch.randint(0, 50, (8, 12)), "labels": torch.randint(0, 3, (8,))} for _ in range(4)]
    trainer = Trainer(BagOfTokens(), TrainingArguments(), batches)
    trainer.train()


if __name__ == "__main__":
    main()
