// Library models: data that says what calls into libraries store where (analyzer/models/*.toml).
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cyclecheck {

struct ModelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One side of an effect: where a value comes from or goes to.
struct ModelOperand {
  enum class Base : uint8_t { Return, Receiver, Argument, RestArguments, KeywordArguments, Root };
  Base base = Base::Return;
  int position = -1;    // Argument: positional index
  std::string keyword;  // Argument: keyword name ("" when positional only)
  std::string field;    // destination field or, for sources, "[]" = the elements
};

struct ModelEffect {
  ModelOperand destination;
  ModelOperand source;
};

enum class ModelReturn : uint8_t {
  None,
  New,
  Receiver,
  Argument,
  ArgumentElements,
  ReceiverElements,
  Handle,
  Weak,
  CurrentFrame,
  CurrentStack,
  ExcInfo,
  ExcInfoException,
  Unknown
};

struct CallModel {
  std::vector<std::string> names;
  ModelReturn returns = ModelReturn::Unknown;
  std::string new_label;  // New: the label of the fresh object
  // New: the fresh sequence's elements are fresh objects too, with this label (random_split's Subsets);
  // effects write into them through "return[].<field>".
  std::string element_label;
  int return_argument = 0;
  std::vector<ModelEffect> effects;
  std::string role = "plain";
  bool kills_graph = false;
  // "root" effects go to a registry that keeps every registration until an unregister call (atexit), not
  // to one slot that the next call replaces (signal.signal, sys.settrace).
  bool keeps_every_registration = false;
  // [[method]] only: the method is modelled only on objects these library functions return (a call's
  // result, or a module-level variable assigned once from such a call); on other receivers it is unknown.
  std::vector<std::string> receivers;
  // [[method]] with receivers and returns = "new:<Label>": the result is made by the receiver's library too,
  // a receiver for these entries in turn (a DataPipe's `pipe.map(f).batch(8)`).
  bool chains = false;
  // A call to one of these methods anywhere in the module takes registrations out again: its "root"
  // effects are not reported there (names starting "remove" or "unregister").
  std::vector<std::string> removed_by;
  // How findings name the registry "root" effects go to ("" for the call's name).
  std::string registry;
  // The object the call makes refers to itself in the library's own code (torch 1.13's `OneCycleLR` keeps
  // its own bound method): what it keeps, for findings. "" for most.
  std::string cycle;
  // The library keeps every object the call makes in a process-wide table until a call named in `closed_by`
  // takes it out (pyplot's open figures, `plt.close`): where the table is, for findings (CC211 where the call
  // runs in a loop and its module never names one of `closed_by`).
  std::string kept_by;
  // Calls that close what the call makes: a module that names one is taken to close it (the cycle of
  // `cycle`, the table entry of `kept_by`).
  std::vector<std::string> closed_by;
  // Called with no positional argument (`lru_cache(maxsize=8)`) the call makes a decorator: calling that
  // applies this model to its own arguments (`lru_cache(maxsize=8)(self.load)` keeps `self.load`).
  bool decorator_factory = false;
  // Every call makes such a decorator, whatever its arguments (`register_kl(P, Q)(fn)` keeps `fn`).
  bool always_decorator_factory = false;
  // With returns = "new:<Label>": calling what the call made runs its `__wrapped__` and keeps the arguments
  // and the result in its cache (`functools.lru_cache(maxsize=64)(fn)`).
  bool caches_calls = false;
  // The result is a sequence of (name, value) tuples (`named_modules()`, `items()`): what the effects put
  // in "return[]" goes in each tuple's second slot, and the first holds the receiver's keys (or a name
  // that holds nothing), so that `for name, module in ...` keeps the two apart.
  bool yields_pairs = false;
  // The sequence also yields the receiver itself (`modules()`, `named_modules()` start with the module). A
  // loop takes one element at a time, so only copies_every_element reads it (the receiver kept apart from
  // "return[]", where it would make every loop variable one of two objects).
  bool yields_receiver = false;
  // The result holds every element of its iterable arguments (`list(it)`, `dict(pairs)`), the receiver a
  // yields_receiver sequence yields included.
  bool copies_every_element = false;
  // With returns = "receiver[]": a string first argument names the slot read (`d.get("a")` reads `d["a"]`),
  // and the second positional argument, a default, may be returned too (get, pop, setdefault).
  bool keyed_by_arg0 = false;
  // What the result yields are a module's parameters (`parameters()`, `named_parameters()`): leaf tensors
  // that require grad, so a value computed from one with autograd on has a graph.
  bool yields_parameters = false;
  // The result is a tensor computed from the tensors among the arguments, and carries their autograd history
  // (`checkpoint(fn, x)`, whose model also says what its autograd node keeps).
  bool carries_graph = false;
  // With returns = "new:<Label>": the call makes a coroutine, and awaiting it gives the object the model
  // makes
  // (`await asyncio.start_server(cb, host, port)` is the server); other library awaitables give nothing
  // known.
  bool awaited_result = false;
};

class LibraryModels {
 public:
  // The models shipped with the tool.
  static std::shared_ptr<const LibraryModels> builtin();
  // The shipped models plus user files (later entries win, except that method entries with receivers add to
  // the others of that name, for their receivers); throws ModelError naming the file and entry.
  static std::shared_ptr<const LibraryModels> with_files(const std::vector<std::filesystem::path>& files);

  void add_toml(std::string_view toml_text, const std::string& origin);

  const CallModel* function(std::string_view qualified_name) const;
  // The entries for a method name in the order a call tries them: those with receivers (`addHandler` on
  // loggers from getLogger, then on `logging.Logger(...)`), the latest first, then the one for any other
  // receiver, if there is one.
  const std::vector<const CallModel*>& methods(std::string_view method_name) const;
  // The first of them, or null.
  const CallModel* method(std::string_view method_name) const;

 private:
  std::vector<std::unique_ptr<CallModel>> models_;
  std::unordered_map<std::string, const CallModel*> functions_;
  std::unordered_map<std::string, std::vector<const CallModel*>> methods_;
};

}  // namespace cyclecheck
