// The class a parameter annotation names, read from its text.
#include "analyzer/annotations.hpp"

#include <gtest/gtest.h>

namespace cyclecheck {
namespace {

void expect_class(const char* annotation, const char* dotted, bool elements) {
  const AnnotatedClass found = annotated_class(annotation);
  EXPECT_EQ(found.dotted, dotted) << annotation;
  EXPECT_EQ(found.elements, elements) << annotation;
}

TEST(AnnotatedClass, NamesAClassDirectlyOrThroughOptional) {
  expect_class("Callback", "Callback", false);
  expect_class("callbacks.Callback", "callbacks.Callback", false);
  expect_class("\"Trainer\"", "Trainer", false);
  expect_class("'Trainer'", "Trainer", false);
  expect_class("Optional[Trainer]", "Trainer", false);
  expect_class("typing.Optional['Trainer']", "Trainer", false);
  expect_class("Trainer | None", "Trainer", false);
  expect_class("None | Trainer", "Trainer", false);
}

TEST(AnnotatedClass, NamesTheElementsOfSequences) {
  expect_class("List[Callback]", "Callback", true);
  expect_class("list[Callback]", "Callback", true);
  expect_class("typing.Sequence[\"Callback\"]", "Callback", true);
  expect_class("collections.abc.Iterable[cb.Callback]", "cb.Callback", true);
  expect_class("Tuple[Callback, ...]", "Callback", true);
  expect_class("Optional[List[Callback]]", "Callback", true);
  expect_class("List[Callback] | None", "Callback", true);
}

TEST(AnnotatedClass, NamesNoClassForEverythingElse) {
  for (const char* annotation : {"int", "str", "Any", "typing.Any", "None", "Callable[[int], None]",
                                 "Dict[str, Callback]", "Union[A, B]", "A | B", "Tuple[A, B]", "Tuple[A]",
                                 "List[List[A]]", "List[int]", "list", "1 + 2", "", "f()", "A[", "[]"}) {
    expect_class(annotation, "", false);
  }
}

}  // namespace
}  // namespace cyclecheck
