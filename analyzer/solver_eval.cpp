// The solver's expressions: evaluation, slices, attributes and bound methods, forward hooks, and which
// values carry autograd history.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analyzer/solver_context.hpp"
#include "analyzer/torch_names.hpp"

namespace cyclecheck {

ObjId Context::slice_of(const ValueSet& bases, const Expr& e) {
  // Labelled like its bases when they agree ("list", "exc_info tuple"), else "slice".
  std::string_view label;
  for (ObjId b : bases) {
    // Both arms are views: a string and a literal would make the condition a temporary string.
    const std::string_view kind = objs_[b].kind == ObjKind::Container ? std::string_view(objs_[b].label.str())
                                                                      : std::string_view("slice");
    if (label.empty()) {
      label = kind;
    } else if (label != kind) {
      label = "slice";
      break;
    }
  }
  const ObjId copy = at_site(&e, ObjKind::Container, std::string(label.empty() ? "slice" : label), e.site);
  // Each element keeps the role of the edge it is copied from: a slice of `sys.exc_info()` holds the
  // exception the way the tuple did, so the advice still points at the local that keeps the slice.
  const FieldId elements = elements_field();
  for (ObjId base : bases) {
    for (ObjId element : load_one(base, elements, e.site)) {
      store(ValueSet{copy}, elements, ValueSet{element}, {site_ref(e.site, "slice element")},
            edge_role(base, elements, element));
    }
  }
  copy_slice_slots(bases, e, copy);
  return copy;
}

void Context::copy_slice_slots(const ValueSet& bases, const Expr& e, ObjId copy) {
  // `t[1:3]`, `t[:2]`, `t[1:]` of tuples built here: the copy's slot k is the base's slot start + k, so
  // `kind, value = sys.exc_info()[:2]` binds `value`, not `kind`, to the exception. Only while every
  // base has the slot (otherwise the slot could hold anything).
  // Lowering leaves the bounds on the slice, the subscript's second child: "start:stop", each "" when left
  // out, the digits of a literal, or "?".
  if (e.children.size() < 2) return;
  const std::string_view bounds = e.children[1].text;
  const size_t colon = bounds.find(':');
  if (colon == std::string_view::npos) return;
  auto bound = [](std::string_view text, size_t if_absent) -> std::optional<size_t> {
    if (text.empty()) return if_absent;
    size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
  };
  const std::optional<size_t> start = bound(bounds.substr(0, colon), 0);
  const std::optional<size_t> stop = bound(bounds.substr(colon + 1), SIZE_MAX);  // left out: to the end
  if (!start || !stop) return;
  constexpr size_t kMaxSlots = 16;
  for (size_t i = *start; i < *stop && i - *start < kMaxSlots; ++i) {
    const FieldId slot = intern_field("[" + std::to_string(i) + "]");
    std::vector<std::pair<ObjId, EdgeRole>> held;
    for (ObjId base : bases) {
      auto it =
          objs_[base].kind == ObjKind::Container ? st_.fields.find(field_key(base, slot)) : st_.fields.end();
      if (it == st_.fields.end()) return;
      for (ObjId element : it->second) held.emplace_back(element, edge_role(base, slot, element));
    }
    const FieldId target = intern_field("[" + std::to_string(i - *start) + "]");
    for (const auto& [element, role] : held) {
      store(ValueSet{copy}, target, ValueSet{element}, {site_ref(e.site, "slice element")}, role);
    }
  }
}

ValueSet Context::eval(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name:
      return read_name(e.text, e.site);
    case ExprKind::Attribute: {
      if (e.children.empty()) return {};
      const ValueSet bases = through_proxies(eval(e.children[0]), e.site);
      ValueSet out = eval_attribute(bases, e.text, e);
      // What a model's output holds (`out.logits`, `out.loss`, `logits.T`) carries its graph; a tensor's
      // metadata and `.data` do not.
      if (no_grad_depth_ == 0 && !is_graph_free_attribute(e.text) &&
          std::any_of(bases.begin(), bases.end(), [this](ObjId b) { return is_graph(b); })) {
        if (out.empty()) out.insert(at_site(&e, ObjKind::Unknown, describe_target(e), e.site));
        mark_graph(out);
      }
      return out;
    }
    case ExprKind::Subscript: {
      if (e.children.empty()) return {};
      if (const std::string key = dict_key_attribute(e); !key.empty()) {
        const ValueSet owners = eval(e.children[0].children[0]);
        return eval_attribute(owners, key, e);
      }
      const ValueSet bases = eval(e.children[0]);
      for (size_t i = 1; i < e.children.size(); ++i) eval(e.children[i]);
      ValueSet out;
      if (e.text == ":" && (any_container(bases) || (e.children.size() > 1 && e.children[1].text == ":"))) {
        // A slice of a container made here, or a whole copy (`s = p[:]`) of anything: a new sequence.
        // Written to (`s[i] = p[j]`), the copy is not the elements of `p`.
        out = ValueSet{slice_of(bases, e)};
      } else if (e.text == ":") {
        // A slice of a parameter or library object (a string, a tensor view) stays a stand-in for its
        // elements: a fresh object per slice would grow every summary for little.
        out = load(bases, elements_field(), e.site);
      } else if (ValueSet entries = table_entries(bases); !entries.empty()) {
        out = std::move(entries);
      } else if (!e.text.empty()) {
        out = load_keyed(bases, intern_field("[" + e.text + "]"), e.site);
      } else {
        out = load(bases, elements_field(), e.site);
      }
      // An index or slice of what a deferred call returns (`draft(seq)[:, -1]`): a view computed from it,
      // with its graph where a caller finds that the call makes one (where it is known here, the elements
      // are marked below).
      for (ObjId b : bases) {
        if (!is_deferred_result(b) || is_graph(b)) continue;
        const ObjId view = at_site(&e, ObjKind::Value, "view", e.site);
        add_operand(view, b);
        out.insert(view);
      }
      // An index of a value computed here (`(verts @ rot.T)[0]`) has no stand-in of its own: a view computed
      // from it, with its graph where it has one or where a caller finds that it has.
      if (out.empty()) {
        for (ObjId b : bases) {
          if (objs_[b].kind != ObjKind::Value) continue;
          const ObjId view = at_site(&e, ObjKind::Value, "view", e.site);
          add_operand(view, b);
          out.insert(view);
        }
      }
      // An index of a tensor with a graph, or of a leaf that requires grad (`u[1:] - u[:-1]`), has one.
      if (no_grad_depth_ == 0 && !indices_of_a_reduction(e)) {
        for (ObjId b : bases) {
          if (is_graph(b) || (requires_grad(objs_[b]) && objs_[b].kind != ObjKind::Container))
            mark_graph(out);
        }
      }
      return out;
    }
    case ExprKind::Call:
      return eval_call(e, true);
    case ExprKind::Literal:
    case ExprKind::Unknown:
      if (e.text == "await" && e.children.size() == 1 && e.children[0].kind == ExprKind::Call) {
        const Expr* saved_call = std::exchange(awaited_call_, &e.children[0]);
        const bool saved_result = std::exchange(awaited_result_, false);
        ValueSet values = eval(e.children[0]);
        if (!awaited_result_) values = {};  // a library awaitable: what it produces is not known
        awaited_call_ = saved_call;
        awaited_result_ = saved_result;
        return values;
      }
      // `yield x` in a generator: what a loop over the generator takes (Context::yielded_).
      if (e.text == "yield" && e.children.size() == 1 && fn_.is_generator && !fn_.is_async) {
        yielded_.merge(eval(e.children[0]));
        return {};
      }
      for (const Expr& child : e.children) eval(child);
      return {};
    case ExprKind::Container: {
      std::vector<ValueSet> element_values;
      ValueSet first_iterable;  // a generator expression's frame keeps an iterator over it
      size_t body_start = 0;
      if (e.text == "comprehension") {
        const auto clauses = static_cast<size_t>(std::max(0, e.function_index));
        ++loop_depth_;
        for (size_t i = 0; i + 1 < clauses; i += 2) {
          const ValueSet iterable = eval(e.children[i + 1]);
          if (i == 0) first_iterable = iterable;
          assign(e.children[i], iterated(iterable, e.children[i + 1].site), e.site);
        }
        body_start = clauses;
      }
      const char* label = e.container == ContainerKind::List    ? "list"
                          : e.container == ContainerKind::Tuple ? "tuple"
                          : e.container == ContainerKind::Set   ? "set"
                          : e.container == ContainerKind::Dict  ? "dict"
                                                                : "generator";
      const ObjId container = at_site(&e, ObjKind::Container, label, e.site);
      ValueSet all;
      ValueSet surely_elements;  // what an element written as one object is: each surely in the display
      std::vector<size_t> empty_slots;  // elements holding no object: their slots are recorded below
      for (size_t i = body_start; i < e.children.size(); ++i) {
        const Expr& child = e.children[i];
        ValueSet values = child.kind == ExprKind::Starred && !child.children.empty()
                              ? splat_values(e, child.children[0], container)
                              : eval(child);
        // A dict comprehension's body is its key, then its value.
        const bool is_dict_key =
            e.container == ContainerKind::Dict &&
            (e.text == "comprehension" ? i == body_start && e.children.size() == body_start + 2
                                       : child.kind != ExprKind::Starred && child.arg_names.empty());
        if (is_dict_key) {
          // A key that is an object (`{module: name for name, module in model.named_modules()}`) is held by
          // the dict as much as a value is; reads of the dict's values do not see it.
          if (!values.empty()) {
            store(ValueSet{container}, keys_field(), values, {site_ref(child.site, "key")}, EdgeRole::Plain);
          }
          continue;
        }
        if (values.empty()) {
          empty_slots.push_back(i);
          continue;
        }
        if (values.size() == 1 && child.kind != ExprKind::Starred && e.text != "comprehension")
          surely_elements.insert(values[0]);
        if (const std::string slot = display_slot(e, child, i - body_start); !slot.empty()) {
          store(ValueSet{container}, intern_field(slot), values, {site_ref(child.site, "element")},
                EdgeRole::Plain);
        }
        all.merge(values);
      }
      if (e.text == "comprehension") {
        // `[model(x) for x in loader]` keeps every element as a loop of appends would, and so does a
        // generator expression drained into a list or a sum.
        const bool drained = drained_generator_ == &e;
        if ((e.container != ContainerKind::Generator || drained) && no_grad_depth_ == 0) {
          ValueSet graphs;
          for (ObjId v : all) {
            if (is_graph(v)) graphs.insert(v);
          }
          if (!graphs.empty()) {
            Event* event = record_event(EventKind::Accumulate, container,
                                        drained ? std::string(drained_into_) + " of a generator expression"
                                                : std::string(label) + " comprehension",
                                        graphs, e.site, "comprehension");
            if (event != nullptr) {
              event->comprehension = true;
              event->augmented = drained && std::string_view(drained_into_) == "sum";
            }
          }
        }
        if (e.container == ContainerKind::Generator && !drained)
          keep_generator_frame(e, container, body_start, first_iterable);
        // Computed from the container it iterates: `torch.stack([l for _, l in losses]).sum().backward()`
        // back-propagates what `losses` holds, summed on purpose (see mark_backpropagated).
        for (ObjId iterated : first_iterable) {
          if (objs_[iterated].kind == ObjKind::Container) add_operand(container, iterated);
        }
        --loop_depth_;
      }
      if (!all.empty()) {
        // A slot whose value holds no object is kept too, empty, when another holds one: without it
        // `parts["rest"]` of `{"rest": str(t), "owner": self}` would read every value, the owner included.
        // A display of literals alone (generated tables) needs none: every read of it is empty anyway.
        for (size_t i : empty_slots) {
          const std::string slot = display_slot(e, e.children[i], i - body_start);
          if (!slot.empty()) {
            store(ValueSet{container}, intern_field(slot), {}, {site_ref(e.children[i].site, "element")},
                  EdgeRole::Plain);
          }
        }
        store(ValueSet{container}, elements_field(), all, {site_ref(e.site, std::string(label) + " element")},
              EdgeRole::Plain);
        // `[Printer(), Keeper()]` holds both, not one of them: a cycle through either element is sure.
        for (ObjId v : surely_elements) surely_holds(container, elements_field(), v);
      }
      if (no_grad_depth_ == 0) {
        for (ObjId v : all) {
          if (is_graph(v)) {
            objs_[container].graph = true;
            break;
          }
        }
      }
      return ValueSet{container};
    }
    case ExprKind::Function: {
      const CodeRef code{ref_.module, e.function_index};
      const ObjId closure = at_site(&e, ObjKind::Closure, "<lambda>", e.site);
      objs_[closure].fn = code;
      for (const std::string& free : program_.function(code).free_vars) {
        ValueSet target;
        if (is_cell_var(free)) {
          target = ValueSet{cell(free)};
        } else if (is_free_var(free) && func_self_ != kNoObj) {
          target = load(ValueSet{func_self_}, intern_field("cell:" + free), e.site);
        }
        store(ValueSet{closure}, intern_field("cell:" + free), target,
              {site_ref(e.site, "lambda captures " + free)}, EdgeRole::Capture);
      }
      keep_defaults(closure, program_.function(code));
      return ValueSet{closure};
    }
    case ExprKind::Arith: {
      ValueSet operands;
      if (e.text == "+" || e.text == "*" || e.text == kMaybeConcatenation) {
        std::vector<ValueSet> each;
        each.reserve(e.children.size());
        for (const Expr& child : e.children) each.push_back(eval(child));
        const bool concatenates =
            e.text != kMaybeConcatenation ||
            std::any_of(each.begin(), each.end(), [this](const ValueSet& values) {
              return std::any_of(values.begin(), values.end(), [this](ObjId v) { return is_sequence(v); });
            });
        if (concatenates) return eval_sequence_operator(e, each);
        // `a + b` with `a` an instance of a project class that defines `__add__`: that method's result.
        if (e.text == kMaybeConcatenation && each.size() == 2 && !each[0].empty()) {
          if (std::optional<ValueSet> results =
                  call_operator_method(binary_operator_method(e.text), each[0], each[1], e))
            return *results;
          // A torch Dataset subclass without an `__add__` of its own: the library's makes a ConcatDataset of
          // both (`self._joint = self + aux` keeps the dataset in its own concatenation).
          const bool datasets = std::all_of(each[0].begin(), each[0].end(), [this](ObjId left) {
            const Obj& o = objs_[left];
            if (!is_class_instance(o)) return false;
            const std::vector<std::string>& bases = program_.class_info(o.cls).external_bases;
            return std::any_of(bases.begin(), bases.end(), [](const std::string& base) {
              return base == "torch.utils.data.Dataset" || base == "torch.utils.data.dataset.Dataset";
            });
          });
          if (datasets) {
            const ObjId concat = at_site(&e, ObjKind::LibInstance, "ConcatDataset", e.site);
            objs_[concat].qualified = "torch.utils.data.ConcatDataset";
            for (const ValueSet& operand : each) {  // one store each: both are surely kept
              store(ValueSet{concat}, intern_field("datasets[]"), operand,
                    {site_ref(e.site, "Dataset.__add__ makes a ConcatDataset of both")}, EdgeRole::Plain);
            }
            return ValueSet{concat};
          }
        }
        for (ValueSet& values : each) operands.merge(values);
      } else if (const char* method = binary_operator_method(e.text);
                 method != nullptr && e.children.size() == 2) {
        // `stop = DEFAULT | Budget(session)` with `DEFAULT` an instance of a project class defining `__or__`.
        ValueSet left = eval(e.children[0]);
        ValueSet right = eval(e.children[1]);
        if (std::optional<ValueSet> results = call_operator_method(method, left, right, e)) return *results;
        operands.merge(left);
        operands.merge(right);
      } else {
        for (const Expr& child : e.children) operands.merge(eval(child));
      }
      if (operands.empty() || e.text == "bool" || e.text == "distinct") return {};
      const ObjId value = at_site(&e, ObjKind::Value, "value", e.site);
      for (ObjId op : operands) {
        if (std::find(objs_[value].operands.begin(), objs_[value].operands.end(), op) ==
            objs_[value].operands.end()) {
          objs_[value].operands.push_back(op);
        }
        if (objs_[op].tensor || objs_[op].graph) objs_[value].tensor = true;
        // Computed from a leaf that requires grad (`tp - p` over a module's parameters) with autograd on.
        if (requires_grad(objs_[op]) && !autograd_maybe_off())
          objs_[value].graph = objs_[value].tensor = true;
      }
      if (no_grad_depth_ > 0) objs_[value].no_grad = true;
      return ValueSet{value};
    }
    case ExprKind::Choice: {
      const size_t branches = choice_branches(e);
      if (branches < e.children.size()) eval(e.children.back());  // the condition, for what it does
      if (e.arg_names.size() == 3 && branches == 2) {
        const int branch = class_test_branch(e);
        if (branch >= 0) return eval(e.children[static_cast<size_t>(branch)]);
      }
      ValueSet out;
      for (size_t i = 0; i < branches; ++i) out.merge(eval(e.children[i]));
      return out;
    }
    case ExprKind::Walrus: {
      ValueSet v = e.children.empty() ? ValueSet{} : eval(e.children[0]);
      write_name(e.text, v, e.site);
      return v;
    }
    case ExprKind::Starred:
      return e.children.empty() ? ValueSet{} : eval(e.children[0]);
  }
  return {};
}

int Context::class_test_branch(const Expr& choice) {
  const StaticRef tested = program_.resolve_dotted(ref_.module, choice.arg_names[2]);
  if (tested.kind != StaticRef::Kind::ProjectClass) return -1;
  const bool instances = choice.arg_names[0] == "isinstance";
  const ValueSet subjects = read_name(choice.arg_names[1], choice.site);
  int passing = 0;
  for (ObjId v : subjects) {
    const Obj& o = objs_[v];
    const bool known =
        o.cls.valid() && (instances ? o.kind == ObjKind::Instance : o.kind == ObjKind::ClassConst);
    if (!known) return -1;
    passing += program_.is_subclass_of(o.cls, tested.code) ? 1 : 0;
  }
  if (subjects.empty() || (passing != 0 && passing != static_cast<int>(subjects.size()))) return -1;
  return passing != 0 ? 0 : 1;
}

ValueSet Context::read_property(ObjId instance, CodeRef getter, MethodKind kind, const std::string& attr,
                                const Expr& node) {
  const ValueSet value = invoke(getter, ValueSet{instance}, {}, {}, node);
  // The first read of a cached_property stores its value in the instance's __dict__.
  if (kind == MethodKind::CachedProperty && !value.empty()) {
    store(ValueSet{instance}, intern_field(attr), value,
          {site_ref(node.site, "cached_property ." + attr + " caches its value")}, EdgeRole::Plain);
  }
  return value;
}

// The numbered slots of a sequence's first operand copied into `a + b` (displays are short).
constexpr size_t kMaxCopiedSlots = 8;

bool Context::is_class_instance(const Obj& o) {
  return o.cls.valid() &&
         (o.kind == ObjKind::Instance || o.kind == ObjKind::Param || o.kind == ObjKind::Field);
}

bool Context::is_sequence(ObjId id) const {
  const Obj& o = objs_[id];
  if (o.kind != ObjKind::Container) return false;
  const std::string& label = o.label.str();
  return label == "list" || label == "tuple" || label == "slice" || label.starts_with("list ") ||
         label.ends_with(" tuple");
}

// `(self,) + args`, `args + [x]`, `[None] * n`: a new sequence holding the elements of each operand that is
// a container (a number repeats them).
ValueSet Context::eval_sequence_operator(const Expr& e, const std::vector<ValueSet>& operands) {
  ValueSet elements;
  // An operand's element it surely holds is one the result surely holds, unless a count that may be 0
  // repeats it (`[hook] * n`).
  ValueSet surely_elements;
  const bool repeated =
      e.text == "*" && !std::any_of(e.children.begin(), e.children.end(), [](const Expr& c) {
        return c.kind == ExprKind::Literal && !c.text.empty() && c.text != "0" &&
               std::all_of(c.text.begin(), c.text.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
      });
  for (size_t i = 0; i < e.children.size(); ++i) {
    const Expr& child = e.children[i];
    const ValueSet& operand = operands[i];
    const ValueSet operand_elements = load(operand, elements_field(), child.site);
    elements.merge(operand_elements);
    if (operand.size() != 1 || repeated) continue;
    for (ObjId element : operand_elements) {
      auto edge = edges_.find(EdgeKey{operand[0], elements_field(), element});
      if (edge != edges_.end() && (edge->second.must || edge->second.surely_element))
        surely_elements.insert(element);
    }
  }
  const bool tuple = std::any_of(e.children.begin(), e.children.end(), [](const Expr& c) {
    return c.kind == ExprKind::Container && c.container == ContainerKind::Tuple;
  });
  // `a + b` of names: a tuple where an operand is one.
  const bool tuple_values = std::any_of(operands.begin(), operands.end(), [this](const ValueSet& values) {
    return std::any_of(values.begin(), values.end(), [this](ObjId v) {
      return objs_[v].kind == ObjKind::Container && objs_[v].label.str().ends_with("tuple");
    });
  });
  const ObjId sequence =
      at_site(&e, ObjKind::Container,
              tuple || (e.text == kMaybeConcatenation && tuple_values) ? "tuple" : "list", e.site);
  if (!elements.empty()) {
    store(ValueSet{sequence}, elements_field(), elements,
          {site_ref(e.site, std::string(tuple ? "tuple" : "list") + " element")}, EdgeRole::Plain);
    for (ObjId element : surely_elements) surely_holds(sequence, elements_field(), element);
  }
  // `(builder,) + args`: the first operand's numbered slots are the result's, at the same places.
  const ValueSet* first_operand = operands.empty() ? nullptr : &operands.front();
  if ((e.text == "+" || e.text == kMaybeConcatenation) && first_operand != nullptr &&
      first_operand->size() == 1) {
    for (size_t i = 0; i < kMaxCopiedSlots; ++i) {
      const FieldId slot = intern_field("[" + std::to_string(i) + "]");
      auto it = st_.fields.find(field_key((*first_operand)[0], slot));
      if (it == st_.fields.end()) break;
      const ValueSet values = it->second;  // a copy: the store below may grow the map
      store(ValueSet{sequence}, slot, values,
            {site_ref(e.site, std::string(tuple ? "tuple" : "list") + " element")}, EdgeRole::Plain);
    }
  }
  return ValueSet{sequence};
}

ValueSet Context::bound_method(ObjId self, CodeRef function, const Expr& node) {
  const ObjId method =
      at_site(&node, ObjKind::BoundMethod, "bound method " + program_.function(function).qualname, node.site,
              bound_method_salt(self));
  objs_[method].fn = function;
  store(ValueSet{method}, intern_field("__self__"), ValueSet{self},
        {site_ref(node.site, "bound method " + program_.function(function).name + " holds its object")},
        EdgeRole::Capture);
  return ValueSet{method};
}

// Default values are evaluated where the function (or lambda) is made and kept by the function object
// (keyword-only ones in a dict of their own): `lambda grad, p=param: ...` holds `param`.
void Context::keep_defaults(ObjId function, const Function& definition) {
  for (const Param& p : definition.params) {
    if (!p.has_default || p.default_per_call) continue;
    const ValueSet defaults = eval(p.default_value);
    if (defaults.empty()) continue;
    // Every default is kept (`_pipe=self, _every=n`): the second does not replace the first.
    store_adds_ = true;
    store(ValueSet{function},
          intern_field(p.kind == ParamKind::KeywordOnly ? "__kwdefaults__" : "__defaults__"), defaults,
          {site_ref(p.site, "default of " + p.name)}, EdgeRole::Capture);
    store_adds_ = false;
  }
}

ObjId Context::mapped_bound_method(ObjId base, FieldId field, const Expr& node, const SiteNote& call,
                                   const SiteNote& read) {
  const Obj& o = objs_[base];
  if (!o.cls.valid() || o.kind == ObjKind::ClassConst || o.kind == ObjKind::Super ||
      st_.fields.find(field_key(base, field)) != st_.fields.end())
    return kNoObj;
  MethodKind kind = MethodKind::Instance;
  const CodeRef function = program_.find_method(o.cls, field_name(field), &kind);
  if (!function.valid() || kind != MethodKind::Instance) return kNoObj;
  // Under another decorator the attribute is whatever that made (`@lazy_property` caches a value on the
  // instance), only those that give the function back are passed over.
  for (const Decorator& decorator : program_.function(function).decorators) {
    const std::string_view name = std::string_view(decorator.dotted).substr(decorator.dotted.rfind('.') + 1);
    if (decorator.is_call || (name != "abstractmethod" && name != "final" && name != "override"))
      return kNoObj;
  }
  // Salted apart from bound_method's (below 997) and by method, so that two methods of one object read in a
  // callee stay two objects.
  const auto salt = static_cast<uint32_t>(100000 + (static_cast<uint64_t>(base) * 131 + field) % 100003);
  const ObjId method = at_site(&node, ObjKind::BoundMethod,
                               "bound method " + program_.function(function).qualname, node.site, salt);
  objs_[method].fn = function;
  objs_[method].site = read;
  store(
      ValueSet{method}, intern_field("__self__"), ValueSet{base},
      {call, SiteNote{read.module, read.site,
                      PooledText("bound method " + program_.function(function).name + " holds its object")}},
      EdgeRole::Capture);
  return method;
}

ValueSet Context::eval_attribute_pattern(const ValueSet& bases, const std::string& pattern,
                                         const Expr& node) {
  const size_t star = pattern.find('*');
  const std::string_view prefix = std::string_view(pattern).substr(0, star),
                         suffix = std::string_view(pattern).substr(star + 1);
  ValueSet out;
  for (ObjId b : bases) {
    const CodeRef cls = objs_[b].cls;
    if (!cls.valid() || objs_[b].kind == ObjKind::ClassConst) continue;
    for (const std::string& name : program_.method_names(cls)) {
      // Python's special methods are not what a name built at run time picks (`"_" + name`), unless the
      // pattern itself starts as one does.
      if (name.starts_with("__") && name.ends_with("__") && !prefix.starts_with("__")) continue;
      if (name.size() >= prefix.size() + suffix.size() && name.starts_with(prefix) && name.ends_with(suffix))
        out.merge(eval_attribute(ValueSet{b}, name, node));
    }
  }
  if (out.empty()) out.insert(at_site(&node, ObjKind::Unknown, "result of getattr()", node.site));
  return out;
}

// `getattr(obj, name)` with the name in a variable: of a parameter or a field whose class is not known
// here, some attribute it holds (`_resolve(model, "head.proj")` returns a submodule of model); of anything
// else, an unknown value (its attributes are known, and which one is read is not).
ValueSet Context::eval_dynamic_attribute(const ValueSet& bases, const Expr& node) {
  ValueSet out;
  const FieldId field = intern_field(kDynamicAttribute);
  for (ObjId b : bases) {
    const Obj& o = objs_[b];
    if ((o.kind == ObjKind::Param || o.kind == ObjKind::Field) && !o.cls.valid())
      out.merge(load_one(b, field, node.site));
    else if (o.cls.valid() && o.kind != ObjKind::ClassConst && rewraps_by_name(node))
      out.merge(method_read_by_name(b, node));
  }
  if (out.empty()) out.insert(at_site(&node, ObjKind::Unknown, "result of getattr()", node.site));
  // Named by a parameter (`fn = getattr(cb, hook, None)`): also the method a caller's argument names, for a
  // call of it (see methods_named_by_parameter_).
  if (const int32_t param = node.arg_names.size() == 1 ? name_parameter(node.arg_names[0]) : -1;
      param >= 0 && !bases.empty()) {
    const ObjId method =
        at_site(&node, ObjKind::Unknown, "a method named by " + node.arg_names[0], node.site, 3);
    methods_named_by_parameter_[method] = MethodNamedByParameter{bases, param};
    out.insert(method);
  }
  return out;
}

// `setattr(obj, name, wrap(getattr(obj, name)))` (or without `wrap`): rewrapping an attribute by name
// in place is done to methods (`torch.no_grad()`, `functools.lru_cache`), so the value read is a method.
bool Context::rewraps_by_name(const Expr& read) const {
  if (evaluating_assignment_ == nullptr || evaluating_assignment_->targets.size() != 1) return false;
  const Expr& target = evaluating_assignment_->targets[0];
  return target.kind == ExprKind::Attribute && target.text == kDynamicAttribute && !target.children.empty() &&
         target.children[0].kind == ExprKind::Name && !read.children.empty() &&
         read.children[0].kind == ExprKind::Name && read.children[0].text == target.children[0].text;
}

// One of `base`'s methods, which one unknown, bound to it: none when its class defines no method of its
// own beyond Python's special ones.
ValueSet Context::method_read_by_name(ObjId base, const Expr& node) {
  const CodeRef cls = objs_[base].cls;
  const std::vector<std::string> names = program_.method_names(cls);
  if (std::all_of(names.begin(), names.end(), [](const std::string& n) { return n.starts_with("__"); }))
    return {};
  const std::string label = "a method of " + program_.class_def(cls).name + " read by name";
  const ObjId method = at_site(&node, ObjKind::BoundMethod, label, node.site, bound_method_salt(base));
  store(ValueSet{method}, intern_field("__self__"), ValueSet{base},
        {site_ref(node.site, "getattr() by name reads a method bound to its object")}, EdgeRole::Capture);
  return ValueSet{method};
}

// Whether a parameter or attribute is named as a class is (`module_cls`, `model_class`, `klass`,
// `Model`): its `.forward` is the plain function, not a bound method.
bool Context::names_a_class(ObjId id) const {
  const Obj& o = objs_[id];
  std::string name;
  if (o.kind == ObjKind::Param && o.param >= 0 && static_cast<size_t>(o.param) < fn_.params.size()) {
    name = fn_.params[static_cast<size_t>(o.param)].name;
  } else if (o.kind == ObjKind::Field) {
    name = field_name(o.field);
  }
  if (name.empty()) return false;
  if (std::isupper(static_cast<unsigned char>(name[0])) && name.find('_') == std::string::npos &&
      std::any_of(name.begin(), name.end(),
                  [](char c) { return std::islower(static_cast<unsigned char>(c)); }))
    return true;
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string_view suffix : {"cls", "class", "klass", "type"}) {
    if (lower.size() >= suffix.size() &&
        lower.compare(lower.size() - suffix.size(), suffix.size(), suffix) == 0)
      return true;
  }
  return false;
}

ValueSet Context::splat_values(const Expr& display, const Expr& splatted, ObjId container) {
  // `{**vars(self), "event": e}` (or `**self.__dict__`): the values of the object's attributes.
  const bool attributes =
      display.container == ContainerKind::Dict &&
      ((splatted.kind == ExprKind::Call && splatted.children.size() == 2 &&
        splatted.children[0].kind == ExprKind::Name && splatted.children[0].text == "vars") ||
       (splatted.kind == ExprKind::Attribute && splatted.text == "__dict__"));
  if (!attributes) return load(eval(splatted), elements_field(), splatted.site);
  const ValueSet owners = eval(splatted.children[splatted.kind == ExprKind::Call ? 1 : 0]);
  // The attributes it has now, and those its class's methods set (read first, so that the field table has
  // what they hold), each in the slot its name keys (`record["history"]`): the snapshot surely has every
  // one. Gathered before any is stored: a store adds to the field table read here.
  for (ObjId owner : owners) {
    if (!objs_[owner].cls.valid()) continue;
    for (const std::string& name : program_.instance_attribute_names(objs_[owner].cls, 32))
      load_one(owner, intern_field(name), splatted.site);
  }
  std::vector<std::pair<std::string, ValueSet>> attributes_held;
  for (const auto& [key, held] : st_.fields) {
    if (!owners.contains(static_cast<ObjId>(key >> 32))) continue;
    const std::string& name = field_name(static_cast<FieldId>(key & 0xffffffffU));
    if (name.empty() || name.front() == '[' || name.find(':') != std::string::npos || name == "__self__")
      continue;
    attributes_held.emplace_back(name, held);
  }
  ValueSet values;
  for (const auto& [name, held] : attributes_held) {
    if (held.empty()) continue;
    store(ValueSet{container}, intern_field("['" + name + "']"), held,
          {site_ref(splatted.site, "** copies the attribute")}, EdgeRole::Plain);
    values.merge(held);
  }
  return values;
}

ValueSet Context::table_entries(const ValueSet& bases) {
  ValueSet out;
  for (ObjId b : bases) {
    const ValueSet entries = display_entries(b);
    if (entries.empty()) return {};
    out.merge(entries);
  }
  return out;
}

ValueSet Context::display_entries(ObjId global_id) {
  const Obj& o = objs_[global_id];
  if (o.kind != ObjKind::Global || o.module_index < 0) return {};
  const int32_t module = o.module_index;
  ValueSet out;
  for (const StaticRef& ref : program_.global_display_entries(module, o.name.str())) {
    ObjId id = kNoObj;
    if (ref.kind == StaticRef::Kind::ProjectGlobal) {
      id = global(module, ref.qualified);
    } else if (ref.kind == StaticRef::Kind::External) {
      id = external(ref.qualified);
    } else {
      id = constant(ref);
    }
    if (id != kNoObj) out.insert(id);
  }
  return out;
}

std::string Context::builtin_container_base(CodeRef cls) const {
  for (const std::string& q : program_.class_info(cls).external_bases) {
    if (q == "builtins.dict" || q == "builtins.list" || q == "builtins.set" ||
        q == "collections.OrderedDict" || q == "collections.defaultdict" || q == "collections.Counter" ||
        q == "collections.deque" || q == "collections.UserDict" || q == "collections.UserList")
      return q.substr(q.find('.') + 1);
  }
  return {};
}

bool Context::is_container_method(std::string_view name) {
  static constexpr std::string_view kMethods[] = {
      "get",         "setdefault",   "pop",     "popitem",     "update",      "keys",        "values",
      "items",       "append",       "extend",  "insert",      "remove",      "add",         "discard",
      "clear",       "copy",         "index",   "count",       "sort",        "reverse",     "appendleft",
      "popleft",     "extendleft",   "rotate",  "most_common", "move_to_end", "__getitem__", "__setitem__",
      "__delitem__", "__contains__", "__len__", "__iter__"};
  return std::find(std::begin(kMethods), std::end(kMethods), name) != std::end(kMethods);
}

ValueSet Context::eval_attribute(const ValueSet& bases, const std::string& attr, const Expr& node) {
  // `getattr(self, f"on_{event}")`: lowered to an attribute whose name is a pattern.
  if (attr.find('*') != std::string::npos) return eval_attribute_pattern(bases, attr, node);
  if (attr == kDynamicAttribute) return eval_dynamic_attribute(bases, node);
  ValueSet out;
  const FieldId field = intern_field(attr);
  for (ObjId b : bases) {
    const ObjKind kind = objs_[b].kind;
    if (kind == ObjKind::ModuleConst) {
      const ObjId id = constant(program_.module_member(objs_[b].module_index, attr));
      if (id != kNoObj) out.insert(id);
      continue;
    }
    if (kind == ObjKind::ExternalConst) {
      const StaticRef ref = program_.external_attribute(objs_[b].qualified, attr);
      if (ref.kind == StaticRef::Kind::External) {
        out.insert(external(ref.qualified));
      } else if (const ObjId id = constant(ref); id != kNoObj) {
        out.insert(id);
      }
      continue;
    }
    if (kind == ObjKind::Frame && attr == "f_locals" && b == frame_ && ref_.index != 0) {
      out.merge(frame_locals(node.site));
      continue;
    }
    if (kind == ObjKind::Super) {
      // super().method: look the method up in the bases of the class that called super().
      const CodeRef cls = objs_[b].cls;
      const ValueSet self = load_one(b, intern_field("__self__"), node.site);
      bool found = false;
      if (cls.valid()) {
        for (const CodeRef& base : program_.class_info(cls).project_bases) {
          MethodKind mk = MethodKind::Instance;
          const CodeRef method = program_.find_method(base, attr, &mk);
          if (!method.valid()) continue;
          if (mk == MethodKind::Static) {
            // `super().__new__(cls)`: a static method takes its arguments as given.
            out.insert(constant(project_ref(StaticRef::Kind::ProjectFunction, method)));
          } else {
            for (ObjId s : self) out.merge(bound_method(s, method, node));
          }
          found = true;
          break;
        }
        if (!found) {
          for (const std::string& q : program_.class_info(cls).external_bases) {
            const ObjId ext = external(q + "." + attr);
            objs_[ext].receiver_for_super = true;
            out.insert(ext);
            break;
          }
        }
      }
      continue;
    }
    CodeRef cls = objs_[b].cls;
    if (kind == ObjKind::ClassConst && cls.valid() && attr == "apply") {
      if (const ObjId method = autograd_apply(cls, node); method != kNoObj) {
        out.insert(method);
        continue;
      }
    }
    if (kind == ObjKind::ClassConst && cls.valid()) {
      MethodKind mk = MethodKind::Instance;
      const CodeRef method = program_.find_method(cls, attr, &mk);
      if (method.valid()) {
        if (mk == MethodKind::Class) {
          out.merge(bound_method(b, method, node));
        } else {
          StaticRef r;
          r.kind = StaticRef::Kind::ProjectFunction;
          r.code = method;
          out.insert(constant(r));
        }
        continue;
      }
    }
    if (cls.valid() && kind != ObjKind::ClassConst && program_.has_descriptors()) {
      // A descriptor held by the class: `__get__(descriptor, instance, owner)` gives the value, unless the
      // instance has its own attribute and the descriptor defines no `__set__`.
      if (const auto d = program_.descriptor(cls, attr);
          d && d->has_get && (d->has_set || st_.fields.find(field_key(b, field)) == st_.fields.end())) {
        std::vector<Arg> args(2);
        args[0].values = ValueSet{b};
        args[1].values = ValueSet{constant(project_ref(StaticRef::Kind::ProjectClass, cls))};
        out.merge(call_method(ValueSet{descriptor_object(*d, attr, node.site)}, "__get__", args,
                              solver_.implicit_method_call(node, ImplicitCall::DescriptorGet), true));
        continue;
      }
    }
    if (cls.valid() && kind != ObjKind::ClassConst &&
        st_.fields.find(field_key(b, field)) == st_.fields.end()) {
      MethodKind mk = MethodKind::Instance;
      const CodeRef method = program_.find_method(cls, attr, &mk);
      if (method.valid()) {
        if (is_property(mk)) {
          out.merge(read_property(b, method, mk, attr, node));
        } else if (mk == MethodKind::Static) {
          StaticRef r;
          r.kind = StaticRef::Kind::ProjectFunction;
          r.code = method;
          out.insert(constant(r));
        } else if (mk == MethodKind::Class) {
          // self.make with @classmethod make: bound to the class, the instance is not kept.
          out.merge(bound_method(constant(project_ref(StaticRef::Kind::ProjectClass, cls)), method, node));
        } else {
          out.merge(bound_method(b, method, node));
        }
        continue;
      }
      // `self._get = self.get` in a subclass of dict (or list, set, a collections container): a method of
      // the library base, bound to the instance.
      if (const std::string base = builtin_container_base(cls); !base.empty() && is_container_method(attr)) {
        const ObjId bound = at_site(&node, ObjKind::BoundMethod, "bound method " + base + "." + attr,
                                    node.site, bound_method_salt(b) + 2000);
        store(ValueSet{bound}, intern_field("__self__"), ValueSet{b},
              {site_ref(node.site, "bound method " + attr + " holds its object")}, EdgeRole::Capture);
        out.insert(bound);
        continue;
      }
    }
    // `self._observers` with `_observers = []` in the class body and never assigned on an instance: the
    // list every instance shares, held by the class.
    if (cls.valid() && kind != ObjKind::ClassConst && program_.class_info(cls).inherits_shared_containers &&
        st_.fields.find(field_key(b, field)) == st_.fields.end()) {
      CodeRef owner = program_.shared_container_owner(cls, attr);
      if (!owner.valid()) owner = program_.shared_instance_owner(cls, attr);
      if (owner.valid()) {
        out.merge(eval_attribute(ValueSet{constant(project_ref(StaticRef::Kind::ProjectClass, owner))}, attr,
                                 node));
        continue;
      }
    }
    // `target.forward` of a module whose class is not known here: a bound method holding the module, so
    // that `base = target.forward; target.forward = lambda x: base(x) + 1` closes a cycle (unless something
    // was stored there before).
    if (attr == "forward" && !cls.valid() && st_.fields.find(field_key(b, field)) == st_.fields.end() &&
        (kind == ObjKind::Param || kind == ObjKind::Field ||
         (kind == ObjKind::LibInstance && objs_[b].module)) &&
        !names_a_class(b)) {
      const ObjId method = at_site(&node, ObjKind::BoundMethod, "bound method forward", node.site,
                                   bound_method_salt(b) + 1000);
      store(ValueSet{method}, intern_field("__self__"), ValueSet{b},
            {site_ref(node.site, "bound method forward holds its module")}, EdgeRole::Capture);
      out.insert(method);
      continue;
    }
    if (!cls.valid() && (kind == ObjKind::Param || kind == ObjKind::Field) &&
        st_.fields.find(field_key(b, field)) == st_.fields.end() && program_.is_cached_property_name(attr)) {
      out.merge(defer_property_read(b, attr, node));
      continue;
    }
    ValueSet read = load_one(b, field, node.site);
    // `model.weight` of a library module (`nn.Linear`): one of its parameters, a leaf that requires grad.
    if (objs_[b].module && !cls.valid() && names_a_parameter(attr)) {
      if (read.empty() && kind == ObjKind::LibInstance)
        read.insert(
            at_site(&node, ObjKind::Value, "parameter " + attr, node.site, bound_method_salt(b) + 3000));
      for (ObjId v : read) {
        if (objs_[v].kind != ObjKind::Value && objs_[v].kind != ObjKind::Field) continue;
        objs_[v].parameter = true;
        objs_[v].tensor = true;
      }
    }
    out.merge(read);
  }
  return out;
}

bool Context::names_a_parameter(std::string_view attr) {
  return attr == "weight" || attr == "bias" || attr.starts_with("weight_") || attr.starts_with("bias_") ||
         attr.ends_with("_weight") || attr.ends_with("_bias");
}

// `m.register_forward_hook(h)` / `m.register_forward_pre_hook(h)`, and whether `with_kwargs=True` asks
// for the keyword arguments too.
std::optional<ForwardHookKind> Context::forward_hook_registration(const Expr& call) {
  if (call.kind != ExprKind::Call || call.children.empty() || call.children[0].kind != ExprKind::Attribute)
    return std::nullopt;
  const std::string& method = call.children[0].text;
  const bool pre = method == "register_forward_pre_hook";
  if (!pre && method != "register_forward_hook") return std::nullopt;
  bool with_kwargs = false;
  for (size_t i = 1; i < call.arg_names.size() && i < call.children.size(); ++i) {
    const Expr& value = call.children[i];
    if (call.arg_names[i] == "with_kwargs")
      with_kwargs = value.kind == ExprKind::Literal && value.text == "True";
  }
  if (pre) return with_kwargs ? ForwardHookKind::PreWithKwargs : ForwardHookKind::Pre;
  return with_kwargs ? ForwardHookKind::PostWithKwargs : ForwardHookKind::Post;
}

// Calling a module runs the forward hooks registered on it and on its submodules (reached through its
// fields, a few levels down), each with the arguments PyTorch passes it (see ForwardHookKind). What a hook
// keeps (`features.append(output)`) is kept on every call of the module.
void Context::run_forward_hooks(ObjId module, const std::vector<Arg>& args, const ValueSet& output,
                                const Expr& node) {
  if (running_forward_hooks_) return;  // a hook that calls its module again
  running_forward_hooks_ = true;
  // The module and the objects its fields hold, breadth first: the field map is keyed by object, so the
  // contents of every object are gathered in one pass first.
  struct Hooked {
    ObjId module;
    ForwardHookKind kind;
    ValueSet hooks;
  };
  std::unordered_map<ObjId, std::vector<ObjId>> held;
  std::vector<Hooked> hooked;
  for (const auto& [key, values] : st_.fields) {
    const auto base = static_cast<ObjId>(key >> 32);
    if (const auto kind = forward_hooks_kind(static_cast<FieldId>(key & 0xffffffffu))) {
      hooked.push_back({base, *kind, values});
    } else {
      for (ObjId v : values) held[base].push_back(v);
    }
  }
  std::vector<ObjId> reached{module};
  std::unordered_set<ObjId> seen{module};
  for (size_t i = 0, level_end = 1, depth = 0; i < reached.size() && reached.size() < 64; ++i) {
    if (i == level_end) {
      if (++depth > 3) break;
      level_end = reached.size();
    }
    auto it = held.find(reached[i]);
    if (it == held.end()) continue;
    for (ObjId v : it->second) {
      if (seen.insert(v).second) reached.push_back(v);
    }
  }
  std::sort(hooked.begin(), hooked.end(), [](const Hooked& a, const Hooked& b) {
    return std::make_pair(a.module, a.kind) < std::make_pair(b.module, b.kind);
  });
  // What the hooks of the called module get, made for the first hook that needs it: the call's positional
  // arguments as a tuple, its keyword arguments as a dict.
  ObjId inputs = kNoObj, keywords = kNoObj;
  auto container_of = [&](ObjId& made, const char* label, uint32_t index, bool keyword) {
    if (made != kNoObj) return made;
    made = at_site(&node, ObjKind::Container, label, node.site, index);
    for (const Arg& a : args) {
      const bool is_keyword = !a.name.empty() && a.name != "*" && a.name != "**";
      if ((keyword ? is_keyword : a.name.empty()) && !a.values.empty()) {
        store(ValueSet{made}, elements_field(), a.values, {site_ref(node.site, "forward hook argument")},
              EdgeRole::Plain);
      }
    }
    return made;
  };
  for (const Hooked& entry : hooked) {
    if (seen.count(entry.module) == 0) continue;
    ValueSet callables;
    for (ObjId h : entry.hooks) {
      if (is_callable_value(h) || objs_[h].kind == ObjKind::FunctionConst) callables.insert(h);
    }
    if (callables.empty()) continue;
    const bool pre = entry.kind == ForwardHookKind::Pre || entry.kind == ForwardHookKind::PreWithKwargs;
    const bool with_kwargs =
        entry.kind == ForwardHookKind::PreWithKwargs || entry.kind == ForwardHookKind::PostWithKwargs;
    std::vector<Arg> hook_args(1);
    hook_args[0].values = ValueSet{entry.module};
    if (entry.module == module) {
      hook_args.emplace_back().values =
          ValueSet{container_of(inputs, "tuple", 0x696e7075 /* "inpu" */, false)};
      if (with_kwargs)
        hook_args.emplace_back().values =
            ValueSet{container_of(keywords, "dict", 0x6b776172 /* "kwar" */, true)};
      if (!pre) hook_args.emplace_back().values = output;
    } else {
      // A submodule's input and output are activations inside the call, carrying its graph: the call's
      // output is computed from them, so a loss on it back-propagates through them too. Their salts add the
      // submodule's id to bases other than the called module's own (`inputs`, `keywords`).
      auto activation = [&](const std::string& label, uint32_t index) {
        const ObjId inner = at_site(&node, ObjKind::Unknown, label, node.site, index + entry.module);
        objs_[inner].tensor = true;
        if (no_grad_depth_ == 0) mark_graph(ValueSet{inner});
        for (ObjId r : output) add_operand(r, inner);
        return inner;
      };
      const std::string& name = objs_[entry.module].label.str();
      const ObjId tuple =
          at_site(&node, ObjKind::Container, "tuple", node.site, 0x74757065 /* "tupe" */ + entry.module);
      store(ValueSet{tuple}, elements_field(),
            ValueSet{activation("input of " + name, 0x73696e70 /* "sinp" */)},
            {site_ref(node.site, "forward hook argument")}, EdgeRole::Plain);
      hook_args.emplace_back().values = ValueSet{tuple};
      if (with_kwargs)
        hook_args.emplace_back().values = ValueSet{
            at_site(&node, ObjKind::Container, "dict", node.site, 0x736b7761 /* "skwa" */ + entry.module)};
      if (!pre)
        hook_args.emplace_back().values = ValueSet{activation("output of " + name, 0x686f6f6b /* "hook" */)};
    }
    call(callables, hook_args, node, false);
  }
  running_forward_hooks_ = false;
}

bool Context::is_callable_value(ObjId id) const {
  const ObjKind k = objs_[id].kind;
  return k == ObjKind::Closure || k == ObjKind::BoundMethod || k == ObjKind::Partial;
}

ValueSet Context::project_callables(const ValueSet& values) const {
  ValueSet callables;
  for (ObjId v : values) {
    if (is_callable_value(v) || objs_[v].kind == ObjKind::FunctionConst) callables.insert(v);
  }
  return callables;
}

void Context::mark_graph(const ValueSet& values, int depth) {
  if (depth > 8) return;
  for (ObjId v : values) {
    Obj& o = objs_[v];
    if (o.graph || o.kind == ObjKind::Container) {
      if (o.kind == ObjKind::Container) o.graph = true;
      continue;
    }
    o.graph = true;
    o.tensor = true;
  }
}

bool Context::is_graph(ObjId id) const {
  // Or computed with autograd on from a leaf that requires grad, which only a caller may have known
  // (`F.pad(self.base + self.delta)` in a helper, `delta` a module's parameter).
  const Obj* self = &objs_[id];
  return any_within_operands(id, 8, true,
                             [self](const Obj& o) { return o.graph || (&o != self && requires_grad(o)); });
}

std::optional<ValueSet> Context::call_operator_method(const char* method, const ValueSet& left,
                                                      const ValueSet& right, const Expr& e) {
  if (left.empty()) return std::nullopt;
  ValueSet results;
  for (ObjId operand : left) {
    // An instance of a project class: made here, a parameter or field whose class is known, or a module-level
    // instance read from another module (not the class itself, whose operators are its metaclass's).
    const Obj& o = objs_[operand];
    const bool instance = is_class_instance(o) || (o.kind == ObjKind::Global && o.cls.valid());
    const CodeRef defined = instance ? program_.find_method(o.cls, method) : CodeRef{};
    if (!defined.valid()) return std::nullopt;
    results.merge(invoke(defined, ValueSet{operand}, {Arg{"", right}}, {}, e));
  }
  return results;
}

}  // namespace cyclecheck
