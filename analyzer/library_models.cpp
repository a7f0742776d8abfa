#include "analyzer/library_models.hpp"

#include <toml++/toml.h>

#include <fstream>
#include <sstream>

#include "analyzer/text_util.hpp"

namespace cyclecheck {

extern const char* const embedded_library_models;

namespace {

// "arg0|hook", "arg1", "args[1:]" (or "args[1:][]", their elements), "kwargs", "receiver", "return", "root",
// each optionally followed by ".field" or "[]" (and "return[].field", a field of the result's elements).
ModelOperand parse_operand(std::string_view text, const std::string& where) {
  ModelOperand op;
  std::string s(trim_blanks(text));
  auto take_field = [&](size_t at) {
    if (at == std::string::npos) return;
    std::string rest = s.substr(at);
    s = s.substr(0, at);
    if (rest.rfind(".", 0) == 0) rest = rest.substr(1);
    op.field = rest;
  };
  if (s.rfind("args[", 0) == 0) {
    op.base = ModelOperand::Base::RestArguments;
    const size_t colon = s.find(':');
    if (colon == std::string::npos) throw ModelError(where + ": expected args[N:] in '" + s + "'");
    op.position = std::stoi(s.substr(5, colon - 5));
    if (s.ends_with(":][]")) op.field = "[]";  // the elements of each remaining argument
    return op;
  }
  if (s.rfind("kwargs", 0) == 0) {
    op.base = ModelOperand::Base::KeywordArguments;
    return op;
  }
  take_field(s.find_first_of(".["));
  if (s == "return") {
    op.base = ModelOperand::Base::Return;
  } else if (s == "receiver") {
    op.base = ModelOperand::Base::Receiver;
  } else if (s == "root") {
    op.base = ModelOperand::Base::Root;
  } else if (s.rfind("arg", 0) == 0) {
    op.base = ModelOperand::Base::Argument;
    const size_t bar = s.find('|');
    const std::string index = s.substr(3, bar == std::string::npos ? std::string::npos : bar - 3);
    try {
      op.position = std::stoi(index);
    } catch (const std::exception&) {
      throw ModelError(where + ": bad argument index in '" + s + "'");
    }
    if (bar != std::string::npos) op.keyword = s.substr(bar + 1);
  } else {
    throw ModelError(where + ": unknown operand '" + s + "'");
  }
  return op;
}

ModelReturn parse_return(const std::string& text, CallModel& model, const std::string& where) {
  if (text == "none") return ModelReturn::None;
  if (text == "receiver") return ModelReturn::Receiver;
  if (text == "receiver[]") return ModelReturn::ReceiverElements;
  if (text == "handle") return ModelReturn::Handle;
  if (text == "weak") return ModelReturn::Weak;
  if (text == "current-frame") return ModelReturn::CurrentFrame;
  if (text == "current-stack") return ModelReturn::CurrentStack;
  if (text == "exc-info") return ModelReturn::ExcInfo;
  if (text == "exc-info[1]") return ModelReturn::ExcInfoException;
  if (text == "unknown") return ModelReturn::Unknown;
  if (text.rfind("new:", 0) == 0) {
    model.new_label = text.substr(4);
    return ModelReturn::New;
  }
  if (text.rfind("arg", 0) == 0) {
    const bool elements = text.size() > 2 && text.substr(text.size() - 2) == "[]";
    try {
      model.return_argument = std::stoi(text.substr(3));
    } catch (const std::exception&) {
      throw ModelError(where + ": bad returns value '" + text + "'");
    }
    return elements ? ModelReturn::ArgumentElements : ModelReturn::Argument;
  }
  throw ModelError(where + ": unknown returns value '" + text + "'");
}

// An optional array of strings.
std::vector<std::string> string_list(const toml::table& entry, const char* key, const std::string& where) {
  std::vector<std::string> out;
  const toml::node* node = entry.get(key);
  if (node == nullptr) return out;
  const toml::array* items = node->as_array();
  if (items == nullptr) throw ModelError(where + ": '" + key + "' must be an array of strings");
  for (const toml::node& item : *items) {
    auto text = item.value<std::string>();
    if (!text) throw ModelError(where + ": '" + key + "' must be an array of strings");
    out.push_back(*text);
  }
  return out;
}

}  // namespace

void LibraryModels::add_toml(std::string_view toml_text, const std::string& origin) {
  toml::table root;
  try {
    root = toml::parse(toml_text, origin);
  } catch (const toml::parse_error& error) {
    std::ostringstream message;
    message << origin << ":" << error.source().begin.line << ": " << error.description();
    throw ModelError(message.str());
  }
  for (const char* section : {"function", "method"}) {
    const bool is_method = std::string_view(section) == "method";
    const toml::array* entries = root[section].as_array();
    if (entries == nullptr) continue;
    for (const toml::node& node : *entries) {
      const toml::table* entry = node.as_table();
      const std::string where =
          origin + ":" + std::to_string(node.source().begin.line) + " [[" + section + "]]";
      if (entry == nullptr) throw ModelError(where + ": expected a table");
      auto model = std::make_unique<CallModel>();
      if (const toml::array* names = (*entry)["names"].as_array()) {
        for (const toml::node& n : *names) {
          if (auto s = n.value<std::string>()) model->names.push_back(*s);
        }
      }
      if (model->names.empty()) throw ModelError(where + ": 'names' must list at least one name");
      model->returns = parse_return((*entry)["returns"].value_or(std::string("unknown")), *model, where);
      model->role = (*entry)["role"].value_or(std::string("plain"));
      model->kills_graph = (*entry)["kills_graph"].value_or(false);
      model->keeps_every_registration = (*entry)["keeps_every_registration"].value_or(false);
      model->receivers = string_list(*entry, "receivers", where);
      model->chains = (*entry)["chains"].value_or(false);
      if (model->chains && (!is_method || model->receivers.empty() || model->returns != ModelReturn::New))
        throw ModelError(where + ": chains needs a [[method]] with receivers and returns = \"new:<Label>\"");
      model->removed_by = string_list(*entry, "removed_by", where);
      for (const std::string& name : model->removed_by) {
        if (name.rfind("remove", 0) != 0 && name.rfind("unregister", 0) != 0)
          throw ModelError(where + ": removed_by names must start with 'remove' or 'unregister': '" + name +
                           "'");
      }
      model->registry = (*entry)["registry"].value_or(std::string());
      model->cycle = (*entry)["cycle"].value_or(std::string());
      model->kept_by = (*entry)["kept_by"].value_or(std::string());
      model->closed_by = string_list(*entry, "closed_by", where);
      // `decorator_factory = true`, or "always" for a factory whose arguments are positional.
      if (auto always = (*entry)["decorator_factory"].value<std::string>()) {
        if (*always != "always")
          throw ModelError(where + ": decorator_factory is true, false or \"always\", not '" + *always + "'");
        model->decorator_factory = model->always_decorator_factory = true;
      } else {
        model->decorator_factory = (*entry)["decorator_factory"].value_or(false);
      }
      model->caches_calls = (*entry)["caches_calls"].value_or(false);
      if (model->caches_calls && model->returns != ModelReturn::New)
        throw ModelError(where + ": caches_calls needs returns = \"new:<Label>\" (the caching wrapper)");
      model->yields_pairs = (*entry)["yields_pairs"].value_or(false);
      model->yields_parameters = (*entry)["yields_parameters"].value_or(false);
      model->carries_graph = (*entry)["carries_graph"].value_or(false);
      model->awaited_result = (*entry)["awaited_result"].value_or(false);
      if (model->awaited_result && model->returns != ModelReturn::New)
        throw ModelError(where + ": awaited_result needs returns = \"new:<Label>\"");
      if (model->carries_graph && model->returns != ModelReturn::New)
        throw ModelError(where + ": carries_graph needs returns = \"new:<Label>\"");
      model->yields_receiver = (*entry)["yields_receiver"].value_or(false);
      model->copies_every_element = (*entry)["copies_every_element"].value_or(false);
      if (model->yields_receiver && model->returns != ModelReturn::New)
        throw ModelError(where + ": yields_receiver needs returns = \"new:<Label>\" (the sequence)");
      model->keyed_by_arg0 = (*entry)["keyed_by_arg0"].value_or(false);
      if (model->keyed_by_arg0 && model->returns != ModelReturn::ReceiverElements)
        throw ModelError(where + ": keyed_by_arg0 needs returns = \"receiver[]\" (the slot the key names)");
      if (model->yields_pairs && model->returns != ModelReturn::New)
        throw ModelError(where + ": yields_pairs needs returns = \"new:<Label>\" (the sequence of pairs)");
      model->element_label = (*entry)["element_label"].value_or(std::string());
      if (!model->element_label.empty() && model->returns != ModelReturn::New)
        throw ModelError(where +
                         ": element_label needs returns = \"new:<Label>\" (the sequence of elements)");
      if (const toml::array* effects = (*entry)["effects"].as_array()) {
        for (const toml::node& e : *effects) {
          const auto text = e.value<std::string>();
          if (!text) throw ModelError(where + ": effects must be strings");
          const size_t eq = text->find('=');
          if (eq == std::string::npos) throw ModelError(where + ": effect '" + *text + "' has no '='");
          ModelEffect effect;
          effect.destination = parse_operand(std::string_view(*text).substr(0, eq), where);
          effect.source = parse_operand(std::string_view(*text).substr(eq + 1), where);
          if (effect.destination.base == ModelOperand::Base::Return &&
              effect.destination.field.rfind("[].", 0) == 0 && model->element_label.empty())
            throw ModelError(where + ": effect '" + *text +
                             "' writes into the elements: it needs element_label");
          model->effects.push_back(std::move(effect));
        }
      }
      for (const auto& name : model->names) {
        if (!is_method) {
          functions_[name] = model.get();
          continue;
        }
        std::vector<const CallModel*>& entries = methods_[name];
        if (!model->receivers.empty()) {
          entries.insert(entries.begin(), model.get());
        } else if (!entries.empty() && entries.back()->receivers.empty()) {
          entries.back() = model.get();
        } else {
          entries.push_back(model.get());
        }
      }
      models_.push_back(std::move(model));
    }
  }
}

std::shared_ptr<const LibraryModels> LibraryModels::builtin() {
  static const std::shared_ptr<const LibraryModels> models = [] {
    auto made = std::make_shared<LibraryModels>();
    made->add_toml(embedded_library_models, "<builtin library_models.toml>");
    return made;
  }();
  return models;
}

std::shared_ptr<const LibraryModels> LibraryModels::with_files(
    const std::vector<std::filesystem::path>& files) {
  if (files.empty()) return builtin();
  auto made = std::make_shared<LibraryModels>();
  made->add_toml(embedded_library_models, "<builtin library_models.toml>");
  for (const auto& file : files) {
    std::ifstream in(file);
    if (!in) throw ModelError(file.string() + ": cannot read the models file");
    std::ostringstream text;
    text << in.rdbuf();
    made->add_toml(text.str(), file.string());
  }
  return made;
}

const CallModel* LibraryModels::function(std::string_view qualified_name) const {
  auto it = functions_.find(std::string(qualified_name));
  return it == functions_.end() ? nullptr : it->second;
}

const std::vector<const CallModel*>& LibraryModels::methods(std::string_view method_name) const {
  static const std::vector<const CallModel*> kNone;
  auto it = methods_.find(std::string(method_name));
  return it == methods_.end() ? kNone : it->second;
}

const CallModel* LibraryModels::method(std::string_view method_name) const {
  const auto& entries = methods(method_name);
  return entries.empty() ? nullptr : entries.front();
}

}  // namespace cyclecheck
