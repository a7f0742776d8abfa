#include "analyzer/stdlib_backports.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace cyclecheck {
namespace {

struct ModuleNames {
  std::string_view module;
  // Members present in every Python from 3.8 on (the ones compatibility code backports), space-separated.
  std::string_view members;
};

// Modules that are part of every CPython build (no optional C library, no platform-only module, none
// deprecated for removal), with the members that have not changed since 3.8.
constexpr std::array<ModuleNames, 24> kNames{{
    {"_weakref", "getweakrefcount getweakrefs proxy ref"},
    {"abc", "ABC ABCMeta abstractmethod"},
    {"collections", "ChainMap Counter OrderedDict UserDict UserList UserString defaultdict deque namedtuple"},
    {"collections.abc",
     "AsyncIterable AsyncIterator Awaitable Callable Container Coroutine Generator Hashable ItemsView "
     "Iterable Iterator KeysView Mapping MutableMapping MutableSequence MutableSet Sequence Set Sized "
     "ValuesView"},
    {"contextlib",
     "AbstractContextManager ExitStack asynccontextmanager closing contextmanager nullcontext "
     "redirect_stderr redirect_stdout suppress"},
    {"copy", "copy deepcopy"},
    {"dataclasses", "dataclass field fields asdict"},
    {"enum", "Enum Flag IntEnum IntFlag auto unique"},
    {"functools",
     "cached_property cmp_to_key lru_cache partial partialmethod reduce singledispatch total_ordering "
     "update_wrapper wraps"},
    {"html", "escape unescape"},
    {"inspect", "Parameter Signature getfullargspec signature"},
    {"io", "BytesIO StringIO"},
    {"itertools",
     "accumulate chain combinations combinations_with_replacement compress count cycle dropwhile filterfalse "
     "groupby islice permutations product repeat starmap takewhile tee zip_longest"},
    {"json", "JSONDecodeError dump dumps load loads"},
    {"logging.config", "BaseConfigurator dictConfig fileConfig valid_ident"},
    {"math", "gcd inf isclose isfinite log2 nan"},
    {"os", "cpu_count fspath get_terminal_size makedirs replace scandir"},
    {"queue", "Empty Full Queue"},
    {"shutil", "disk_usage get_terminal_size which"},
    {"string", "Formatter Template"},
    {"textwrap", "dedent indent"},
    {"threading", "get_ident main_thread"},
    {"time", "monotonic perf_counter process_time"},
    {"types", "MappingProxyType SimpleNamespace new_class"},
}};

}  // namespace

bool surely_importable(std::string_view module, std::string_view member) {
  const auto* names = std::find_if(kNames.begin(), kNames.end(),
                                   [module](const ModuleNames& entry) { return entry.module == module; });
  if (names == kNames.end()) return false;
  if (member.empty()) return true;
  std::string_view rest = names->members;
  while (!rest.empty()) {
    const size_t space = rest.find(' ');
    if (rest.substr(0, space) == member) return true;
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  return false;
}

bool imports_cannot_fail(const std::vector<Stmt>& try_body) {
  if (try_body.empty()) return false;
  for (const Stmt& s : try_body) {
    if (s.kind != StmtKind::Import || s.imports.empty()) return false;
    for (const ImportBinding& binding : s.imports) {
      if (!surely_importable(binding.module, binding.member)) return false;
    }
  }
  return true;
}

bool catches_only_import_errors(const Expr& handler_type) {
  auto is_import_error = [](const Expr& e) {
    return e.kind == ExprKind::Name && (e.text == "ImportError" || e.text == "ModuleNotFoundError");
  };
  if (is_import_error(handler_type)) return true;
  if (handler_type.kind != ExprKind::Container || handler_type.container != ContainerKind::Tuple ||
      handler_type.children.empty())
    return false;
  return std::all_of(handler_type.children.begin(), handler_type.children.end(), is_import_error);
}

}  // namespace cyclecheck
