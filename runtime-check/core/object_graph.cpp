#include "object_graph.hpp"

#include <limits>
#include <unordered_map>

namespace cyclecheck::runtime {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

struct TraverseContext {
  const std::unordered_map<PyObject*, uint32_t>* index;
  std::vector<uint32_t>* found;
};

int collect_referent(PyObject* referent, void* arg) {
  auto* context = static_cast<TraverseContext*>(arg);
  auto hit = context->index->find(referent);
  if (hit != context->index->end()) context->found->push_back(hit->second);
  return 0;
}

class LabelTable {
 public:
  explicit LabelTable(std::vector<std::string>& labels) : labels_(labels) {}
  uint32_t id(const std::string& label) {
    auto [it, inserted] = ids_.try_emplace(label, static_cast<uint32_t>(labels_.size()));
    if (inserted) labels_.push_back(label);
    return it->second;
  }

 private:
  std::vector<std::string>& labels_;
  std::unordered_map<std::string, uint32_t> ids_;
};

}  // namespace

ObjectGraph build_object_graph(const std::vector<PyObject*>& objects, ObjectLabeler& labeler) {
  ObjectGraph result;
  const auto count = static_cast<uint32_t>(objects.size());
  std::unordered_map<PyObject*, uint32_t> index;  // object -> position in `objects`
  index.reserve(objects.size() * 2);
  for (uint32_t i = 0; i < count; ++i) index.emplace(objects[i], i);

  // Fold instance dicts (and module registries inside them) into their owner.
  std::vector<uint32_t> owner(count, kNone);
  for (uint32_t i = 0; i < count; ++i) {
    PyObject* object = objects[i];
    if (PyFunction_Check(object)) labeler.note_closure(object);
    if (Py_TYPE(object)->tp_dictoffset == 0) continue;
    PyObject* dict = ObjectLabeler::existing_instance_dict(object);
    if (dict == nullptr) continue;
    auto hit = index.find(dict);
    if (hit != index.end() && hit->second != i) owner[hit->second] = i;
    if (!PyDict_Check(dict)) continue;
    for (const char* registry : {"_modules", "_parameters", "_buffers"}) {
      PyObject* inner = PyDict_GetItemString(dict, registry);  // borrowed
      if (inner == nullptr || !PyDict_CheckExact(inner)) continue;
      auto inner_hit = index.find(inner);
      if (inner_hit != index.end() && inner_hit->second != i) owner[inner_hit->second] = i;
    }
  }
  std::vector<uint32_t> node_of(count, kNone);
  for (uint32_t i = 0; i < count; ++i) {
    if (owner[i] != kNone) continue;
    node_of[i] = static_cast<uint32_t>(result.nodes.size());
    result.nodes.push_back(objects[i]);
  }
  for (uint32_t i = 0; i < count; ++i) {
    if (owner[i] == kNone) continue;
    uint32_t root = owner[i];
    for (int depth = 0; owner[root] != kNone && depth < 4; ++depth) root = owner[root];
    node_of[i] = node_of[root];
    ++result.folded_objects;
  }

  LabelTable label_ids(result.labels);
  const uint32_t unnamed = label_ids.id("ref");
  std::vector<uint32_t> referents;
  std::vector<uint32_t> stamp(count, kNone);  // stamp[i] == node: object i already has an edge
  std::vector<NamedChild> children;
  TraverseContext context{&index, &referents};
  result.graph.offsets.reserve(result.nodes.size() + 1);

  for (uint32_t node = 0; node < result.nodes.size(); ++node) {
    PyObject* object = result.nodes[node];
    referents.clear();
    if (traverseproc traverse = Py_TYPE(object)->tp_traverse; traverse != nullptr) {
      traverse(object, collect_referent, &context);
    }
    // An instance dict made after the collection (by an earlier walk over the same objects) is not
    // among them: look through it as if the attributes were still inline.
    if (PyObject* dict = ObjectLabeler::existing_instance_dict(object);
        dict != nullptr && PyDict_Check(dict) && !index.count(dict)) {
      Py_TYPE(dict)->tp_traverse(dict, collect_referent, &context);
    }
    if (!referents.empty()) {
      const auto is_folded_into_self = [&](uint32_t i) { return owner[i] != kNone && node_of[i] == node; };
      children.clear();
      labeler.named_children(object, children);
      for (const NamedChild& child : children) {
        auto hit = index.find(child.object);
        if (hit == index.end() || is_folded_into_self(hit->second) || stamp[hit->second] == node) continue;
        stamp[hit->second] = node;
        result.graph.targets.push_back(node_of[hit->second]);
        result.edge_label.push_back(label_ids.id(child.label));
      }
      for (uint32_t i : referents) {
        if (is_folded_into_self(i) || stamp[i] == node) continue;
        stamp[i] = node;
        result.graph.targets.push_back(node_of[i]);
        result.edge_label.push_back(unnamed);
      }
    }
    result.graph.offsets.push_back(static_cast<uint32_t>(result.graph.targets.size()));
  }
  return result;
}

}  // namespace cyclecheck::runtime
