// The solver's abstract heap: objects, field contents, and the sites that create each edge.
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "analyzer/findings_model.hpp"
#include "analyzer/program.hpp"

namespace cyclecheck {

using ObjId = uint32_t;
using FieldId = uint32_t;
constexpr ObjId kNoObj = std::numeric_limits<ObjId>::max();
constexpr uint8_t kMaxPlaceholderDepth = 4;  // self.a.b.c.d: deeper paths are not followed

// A small sorted set of object ids.
class ValueSet {
 public:
  ValueSet() = default;
  ValueSet(std::initializer_list<ObjId> ids) {
    for (ObjId id : ids) insert(id);
  }
  // Sets stop growing at kMaxValues: past that the analysis only loses recall, never precision,
  // because edges to many possible objects are not must-edges anyway.
  static constexpr size_t kMaxValues = 48;
  void insert(ObjId id) {
    auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
    if ((it == ids_.end() || *it != id) && ids_.size() < kMaxValues) ids_.insert(it, id);
  }
  void merge(const ValueSet& other) {
    for (ObjId id : other.ids_) insert(id);
  }
  void clear() { ids_.clear(); }
  bool contains(ObjId id) const { return std::binary_search(ids_.begin(), ids_.end(), id); }
  size_t size() const { return ids_.size(); }
  bool empty() const { return ids_.empty(); }
  ObjId operator[](size_t i) const { return ids_[i]; }
  std::vector<ObjId>::const_iterator begin() const { return ids_.begin(); }
  std::vector<ObjId>::const_iterator end() const { return ids_.end(); }
  bool operator==(const ValueSet&) const = default;

 private:
  std::vector<ObjId> ids_;
};

enum class ObjKind : uint8_t {
  Param,
  FuncSelf,
  Global,
  Field,
  Default,  // placeholders: stand for what callers provide
  Instance,
  LibInstance,
  Container,
  Closure,
  BoundMethod,
  Partial,
  Cell,
  Frame,
  Generator,  // a generator object: its suspended frame keeps the arguments
  Traceback,
  Exception,
  Handle,
  Weak,
  Value,
  Unknown,
  Super,  // objects created here
  FunctionConst,
  ClassConst,
  ModuleConst,
  ExternalConst,  // named things: no edges of interest
};

struct Obj {
  ObjKind kind = ObjKind::Unknown;
  std::string label;
  std::string name;       // parameter / global / cell name
  std::string qualified;  // library name for ExternalConst, LibInstance, Unknown results
  CodeRef cls;            // the project class of an instance, receiver or class constant
  CodeRef fn;             // function of a closure, bound method, frame, function constant
  SiteRef site;
  ObjId base = kNoObj;  // Field: whose field
  FieldId field = 0;
  ObjId default_obj = kNoObj;
  int32_t param = -1;
  int32_t module_index = -1;
  uint8_t depth = 0;
  bool summary = false;  // stands for many objects (allocated in a loop, container elements)
  bool graph = false;    // a tensor carrying autograd history
  bool tensor = false;   // may hold tensors
  bool module = false;   // an nn.Module
  bool has_del = false;
  bool receiver = false;  // `self` of the method being analysed
  bool ctx = false;       // ctx of a custom autograd Function
  bool no_grad = false;   // computed under torch.no_grad()
  bool mutable_default = false;
  bool receiver_for_super = false;
  bool backpropagated = false;
  std::vector<ObjId> operands;  // Value: what it was computed from
};

struct EdgeInfo {
  std::vector<SiteRef> chain;  // outermost call site first, the creating statement last
  bool must = true;
  bool alternatives = false;  // the store could store one of several objects
  EdgeRole role = EdgeRole::Plain;
  bool removable = false;
  bool implicit = false;  // the field's prior content, observed at a read
  bool distinct = false;  // links two objects a guard tells apart: never a self-loop, whatever it stores
};

struct EdgeKey {
  ObjId from;
  FieldId field;
  ObjId to;
  bool operator==(const EdgeKey&) const = default;
};
struct EdgeKeyHash {
  size_t operator()(const EdgeKey& k) const {
    uint64_t h = (static_cast<uint64_t>(k.from) << 32 | k.to) * 0x9E3779B97F4A7C15ULL;
    h ^= (h >> 29) + static_cast<uint64_t>(k.field) * 0xBF58476D1CE4E5B9ULL;
    return static_cast<size_t>(h ^ (h >> 32));
  }
};
using EdgeMap = std::unordered_map<EdgeKey, EdgeInfo, EdgeKeyHash>;

// A local variable: what it may name, and where it was bound (a frame that outlives its function keeps it).
struct Binding {
  ValueSet values;
  int32_t module = -1;
  Site site;
};

struct HeapState {
  std::unordered_map<std::string, Binding> env;
  std::unordered_map<uint64_t, ValueSet> fields;
};

struct Event {
  EventKind kind = EventKind::Accumulate;
  ObjId base = kNoObj;
  std::string base_label;
  ValueSet values;
  std::vector<SiteRef> chain;
  bool in_loop = false;
  bool augmented = false;
};

inline uint64_t field_key(ObjId base, FieldId field) { return (static_cast<uint64_t>(base) << 32) | field; }

// Field names are interned per solve.
FieldId intern_field(const std::string& name);
// "[]", any element of a container: the hottest field, remembered after its first lookup.
FieldId elements_field();
const std::string& field_name(FieldId id);

}  // namespace cyclecheck
