// State fed from one training step into the next: `out, hidden = model(x, hidden)` in a loop that
// back-propagates every step and never detaches `hidden`. Each step's graph then links to the previous
// one, so none is ever freed (and backward() runs into them). Syntax only: the solver decides whether
// the call's result carries a graph.
#pragma once

#include <string>

#include "analyzer/ir.hpp"

namespace cyclecheck {

// The variable `assign` (an Assign statement inside `loop`) feeds back into its own call, when that is
// state carried across `loop`'s steps: the call's arguments name a variable the statement binds
// (directly, or in a tuple such as `(h, c)`), the loop back-propagates (`loss.backward()` and the like)
// and nothing else in the loop binds that variable again or detaches in place. "" otherwise.
std::string state_carried_across_steps(const Stmt& assign, const Stmt& loop);

// Whether `e` calls backward: `loss.backward()`, `scaler.scale(loss).backward()`,
// `accelerator.backward(loss)`, `self.manual_backward(loss)`, `torch.autograd.backward(loss)`.
bool is_backward_call(const Expr& e);

}  // namespace cyclecheck
