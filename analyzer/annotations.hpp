// Reading the class a parameter's type annotation names, from its source text: a hint for method calls on
// the parameter (`cb: Callback` lets `cb.attach(self)` resolve to Callback.attach).
#pragma once

#include <string>
#include <string_view>

namespace cyclecheck {

struct AnnotatedClass {
  std::string dotted;     // "Callback", "callbacks.Callback"; "" when the annotation names no class
  bool elements = false;  // the class of the elements: `List[Callback]`, `Sequence["Callback"]`
};

// `X`, `a.X`, `"X"`, `Optional[X]`, `X | None`, `None | X`; `List[X]`, `list[X]`, `Sequence[X]`,
// `Iterable[X]`, `Set[X]`, `Tuple[X, ...]` and the like (also under `typing.` or `collections.abc.`) for
// elements. Anything else (unions of classes, callables, dict types, builtins like `int`) names none.
AnnotatedClass annotated_class(std::string_view annotation);

}  // namespace cyclecheck
