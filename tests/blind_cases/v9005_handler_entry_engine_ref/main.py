"""Train / evaluate with two engines wired together through event handlers."""
import math

import torch
import torch.nn as nn

from engine import Engine, Events


def check_finite(engine):
    if not math.isfinite(engine.state.output):
        raise FloatingPointError(f"non-finite loss at iteration {engine.state.iteration}")


def build_engines(model, optimizer, val_data, warmup_iters=4):
    def train_step(engine, batch):
        model.train()
        x, y = batch
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss.item()

    @torch.no_grad()
    def eval_step(engine, batch):
        model.eval()
        x, y = batch
        return (model(x).argmax(1) == y).float().mean().item()

    trainer = Engine(train_step, "trainer")
    evaluator = Engine(eval_step, "evaluator")
    base_lr = optimizer.param_groups[0]["lr"]

    @trainer.on(Events.ITERATION_COMPLETED, priority=10)
    def warmup(engine):
        scale = min(1.0, (engine.state.iteration + 1) / warmup_iters)
        for group in optimizer.param_groups:
            group["lr"] = base_lr * scale

    @trainer.on(Events.EPOCH_COMPLETED)
    def run_validation(engine):
        engine.state.metrics["val_acc"] = evaluator.run(val_data).output

    @evaluator.on(Events.COMPLETED)
    def log_eval(engine):
        print(f"  eval acc={engine.state.output:.3f}")

    return trainer, evaluator


def main():
    torch.manual_seed(0)
    data = [(torch.randn(24, 16), torch.randint(0, 4, (24,))) for _ in range(6)]
    train_data, val_data = data[:5], data[5:]
    for depth in (1, 2):
        layers = [nn.Linear(16, 32), nn.ReLU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(32, 32), nn.ReLU()]
        model = nn.Sequential(*layers, nn.Linear(32, 4))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        trainer, _ = build_engines(model, optimizer, val_data)

        smoke = trainer.add_event_handler(Events.ITERATION_COMPLETED, check_finite, priority=100)
        trainer.run(train_data[:1], max_epochs=1)
        smoke.remove()

        state = trainer.run(train_data, max_epochs=2)
        print(f"depth={depth}: last loss {state.output:.4f}, val acc {state.metrics['val_acc']:.3f}")


if __name__ == "__main__":
    main()
