// objgraph-style drawing of a render::Graph: cgraph builds the graph (HTML-like labels so that the type
// can be bold and every piece of text is entity-escaped), gvc lays it out and renders it.
#include "analyzer/render/graph_render.hpp"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace cyclecheck::render {
namespace {

// Graphviz keeps global state (error handler, plugin registry, the lexer): one caller at a time.
std::mutex& graphviz_mutex() {
  static std::mutex mutex;
  return mutex;
}

// One context for the whole process; loading the plugins is the expensive part. Never freed on purpose:
// static destruction order against other users at exit is not worth the risk.
GVC_t* graphviz_context() {
  static GVC_t* context = gvContext();
  return context;
}

// Messages Graphviz reports through agerr while we hold the mutex.
std::string& graphviz_messages() {
  static std::string messages;
  return messages;
}

int collect_graphviz_message(char* message) {
  graphviz_messages() += message;
  return 0;
}

// Routes Graphviz diagnostics into graphviz_messages() for the lifetime of the object.
class ErrorCapture {
 public:
  ErrorCapture() : previous_(agseterrf(&collect_graphviz_message)) {
    graphviz_messages().clear();
    agreseterrors();
  }
  ~ErrorCapture() { agseterrf(previous_); }
  ErrorCapture(const ErrorCapture&) = delete;
  ErrorCapture& operator=(const ErrorCapture&) = delete;

  std::string messages() const {
    std::string text = graphviz_messages();
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text.empty() ? std::string("no message from Graphviz") : text;
  }

 private:
  agusererrf previous_;
};

// Longest text line kept in a label, in bytes; longer lines end in an ellipsis so a huge repr
// cannot blow up the layout.
constexpr size_t kMaxLineBytes = 160;
constexpr const char* kEllipsis = "\xE2\x80\xA6";
constexpr const char* kReplacementChar = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one.
size_t utf8_sequence_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length = 0;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF)
    length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF)
    length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4)
    length = 4;
  else
    return 0;
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  // Overlong 3/4-byte forms, surrogates and code points above U+10FFFF are not valid UTF-8.
  if (lead == 0xE0 && byte(i + 1) < 0xA0) return 0;
  if (lead == 0xED && byte(i + 1) >= 0xA0) return 0;
  if (lead == 0xF0 && byte(i + 1) < 0x90) return 0;
  if (lead == 0xF4 && byte(i + 1) >= 0x90) return 0;
  return length;
}

// One line of label text as HTML-label content: entities for markup characters, invalid UTF-8 and
// control characters replaced (the HTML label parser rejects both), long lines cut at a character
// boundary.
std::string escape_html_line(std::string_view line) {
  std::string out;
  size_t kept_bytes = 0;
  for (size_t i = 0; i < line.size();) {
    size_t length = utf8_sequence_length(line, i);
    if (kept_bytes + std::max<size_t>(length, 1) > kMaxLineBytes) {
      out += kEllipsis;
      break;
    }
    if (length == 0) {
      out += kReplacementChar;
      kept_bytes += 1;
      i += 1;
      continue;
    }
    if (length > 1) {
      out.append(line.substr(i, length));
    } else {
      const char c = line[i];
      switch (c) {
        case '&':
          out += "&amp;";
          break;
        case '<':
          out += "&lt;";
          break;
        case '>':
          out += "&gt;";
          break;
        case '"':
          out += "&quot;";
          break;
        case '\'':
          out += "&#39;";
          break;
        case '\t':
          out += ' ';
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            out += kReplacementChar;
          else
            out += c;
      }
    }
    kept_bytes += length;
    i += length;
  }
  return out;
}

// Multi-line text as HTML-label content, lines joined with <BR/>.
std::string escape_html_text(std::string_view text) {
  std::string out;
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? text.npos : end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out += escape_html_line(line);
    if (end == std::string_view::npos) break;
    out += "<BR/>";
    start = end + 1;
  }
  return out;
}

// Colours: red for the cycle, blue for the edge to make weak, grey for context outside the cycle.
constexpr const char* kCycleColor = "#c62828";
constexpr const char* kWeakColor = "#1565c0";
constexpr const char* kContextColor = "#9e9e9e";
constexpr const char* kContextText = "#757575";
constexpr const char* kTensorFill = "#fde0c5";
constexpr const char* kModuleFill = "#dcedc8";
constexpr const char* kCycleFill = "#fff8e1";
constexpr const char* kContextFill = "#f5f5f5";

std::string node_label(const Node& node) {
  std::string label = "<B>" + escape_html_text(node.type.empty() ? "object" : node.type) + "</B>";
  if (!node.detail.empty()) {
    label += "<BR/><FONT POINT-SIZE=\"10\">" + escape_html_text(node.detail) + "</FONT>";
  }
  if (node.holds_module) label += "<BR/><FONT POINT-SIZE=\"9\"><I>nn.Module</I></FONT>";
  if (node.holds_tensors) label += "<BR/><FONT POINT-SIZE=\"9\"><I>holds tensors</I></FONT>";
  return label;
}

std::string edge_label(const Edge& edge) {
  std::string label = escape_html_text(edge.label);
  if (edge.weak_candidate) {
    if (!label.empty()) label += "<BR/>";
    label += "<B>make weak</B>";
  }
  if (!edge.site.empty()) {
    if (!label.empty()) label += "<BR/>";
    label += "<FONT POINT-SIZE=\"9\">" + escape_html_text(edge.site) + "</FONT>";
  }
  if (label.empty()) return " ";
  // On a white ground: dot may route an edge across a label, which stays legible over it.
  return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\" "
         "BGCOLOR=\"white\"><TR><TD>" +
         label + "</TD></TR></TABLE>";
}

std::string title_label(const std::string& title) { return "<B>" + escape_html_text(title) + "</B>"; }

// Plain (non-HTML) attribute strings go through Graphviz's escString, where a backslash starts an
// escape (\N, \G, \l): double it so ids are shown as they are. agwrite adds the quoting.
std::string escape_backslashes(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// cgraph takes `char*` everywhere; it copies the strings, so pointing at our buffers is safe.
char* c_str(const std::string& text) { return const_cast<char*>(text.c_str()); }
char* c_str(const char* text) { return const_cast<char*>(text); }

// Sets an attribute to an HTML-like label. agxset keeps the HTML mark of a string made by agstrdup_html.
void set_html(Agraph_t* graph, void* object, Agsym_t* symbol, const std::string& html) {
  char* html_string = agstrdup_html(graph, c_str(html));
  agxset(object, symbol, html_string);
  agstrfree(graph, html_string);
}

void set(void* object, const char* name, const std::string& value) {
  agsafeset(object, c_str(name), c_str(value), c_str(""));
}

struct GraphCloser {
  void operator()(Agraph_t* graph) const { agclose(graph); }
};
using GraphPtr = std::unique_ptr<Agraph_t, GraphCloser>;

// Collects agwrite's output into a std::string (the channel).
int append_to_string(void* channel, const char* text) {
  static_cast<std::string*>(channel)->append(text);
  return 0;
}
int flush_nothing(void*) { return 0; }
Agiodisc_t string_io = {nullptr, &append_to_string, &flush_nothing};
Agdisc_t string_discipline = {&AgMemDisc, &AgIdDisc, &string_io};

// Builds the cgraph graph. Caller holds the Graphviz mutex.
GraphPtr build_graph(const Graph& graph) {
  std::unordered_map<std::string, Agnode_t*> nodes_by_id;
  for (const Node& node : graph.nodes) {
    if (nodes_by_id.count(node.id) != 0) throw RenderError("graph has two nodes with id '" + node.id + "'");
    nodes_by_id.emplace(node.id, nullptr);
  }
  for (const Edge& edge : graph.edges) {
    for (const std::string* end : {&edge.from, &edge.to}) {
      if (nodes_by_id.count(*end) == 0) {
        throw RenderError("edge '" + edge.label + "' refers to unknown node '" + *end + "'");
      }
    }
  }

  GraphPtr g(agopen(c_str("cycle"), Agdirected, &string_discipline));
  if (!g) throw RenderError("Graphviz could not create a graph");
  Agraph_t* root = g.get();

  // Declared defaults come out as `graph [...]`, `node [...]`, `edge [...]` lines in DOT.
  agattr(root, AGRAPH, c_str("charset"), c_str("UTF-8"));
  agattr(root, AGRAPH, c_str("fontname"), c_str("Helvetica"));
  agattr(root, AGRAPH, c_str("labelloc"), c_str("t"));
  agattr(root, AGRAPH, c_str("nodesep"), c_str("0.4"));
  agattr(root, AGNODE, c_str("shape"), c_str("box"));
  agattr(root, AGNODE, c_str("style"), c_str("rounded,filled"));
  agattr(root, AGNODE, c_str("fontname"), c_str("Helvetica"));
  agattr(root, AGNODE, c_str("fontsize"), c_str("12"));
  agattr(root, AGNODE, c_str("fillcolor"), c_str(kCycleFill));
  agattr(root, AGNODE, c_str("color"), c_str(kCycleColor));
  agattr(root, AGNODE, c_str("fontcolor"), c_str("black"));
  agattr(root, AGEDGE, c_str("fontname"), c_str("Helvetica"));
  agattr(root, AGEDGE, c_str("fontsize"), c_str("11"));
  agattr(root, AGEDGE, c_str("color"), c_str(kCycleColor));
  agattr(root, AGEDGE, c_str("fontcolor"), c_str(kCycleColor));
  agattr(root, AGEDGE, c_str("penwidth"), c_str("2"));
  agattr(root, AGEDGE, c_str("style"), c_str("solid"));
  Agsym_t* graph_label = agattr(root, AGRAPH, c_str("label"), c_str(""));
  Agsym_t* node_label_symbol = agattr(root, AGNODE, c_str("label"), c_str(""));
  Agsym_t* edge_label_symbol = agattr(root, AGEDGE, c_str("label"), c_str(""));

  if (!graph.title.empty()) set_html(root, root, graph_label, title_label(graph.title));

  // Internal names n0, n1, ... keep the DOT readable whatever the ids contain; the id becomes the tooltip.
  size_t index = 0;
  for (const Node& node : graph.nodes) {
    Agnode_t* n = agnode(root, c_str("n" + std::to_string(index++)), 1);
    nodes_by_id[node.id] = n;
    set_html(root, n, node_label_symbol, node_label(node));
    set(n, "tooltip", escape_backslashes(node.id));
    if (!node.in_cycle) {
      set(n, "fillcolor", kContextFill);
      set(n, "color", kContextColor);
      set(n, "fontcolor", kContextText);
    } else if (node.holds_tensors) {
      set(n, "fillcolor", kTensorFill);
    } else if (node.holds_module) {
      set(n, "fillcolor", kModuleFill);
    }
    if (node.in_cycle && (node.holds_tensors || node.holds_module)) set(n, "penwidth", "2");
  }

  for (const Edge& edge : graph.edges) {
    // A null name with create=1 gives a new edge each time: parallel references stay distinct.
    Agedge_t* e = agedge(root, nodes_by_id.at(edge.from), nodes_by_id.at(edge.to), nullptr, 1);
    set_html(root, e, edge_label_symbol, edge_label(edge));
    if (edge.weak_candidate) {
      set(e, "style", "dashed");
      set(e, "color", kWeakColor);
      set(e, "fontcolor", kWeakColor);
    } else if (!edge.in_cycle) {
      set(e, "color", kContextColor);
      set(e, "fontcolor", kContextText);
      set(e, "penwidth", "1");
    }
  }
  return g;
}

}  // namespace

std::string to_dot(const Graph& graph) {
  std::lock_guard<std::mutex> lock(graphviz_mutex());
  ErrorCapture errors;
  GraphPtr g = build_graph(graph);
  std::string dot;
  if (agwrite(g.get(), &dot) != 0) throw RenderError("Graphviz could not write DOT: " + errors.messages());
  return dot;
}

std::string render(const Graph& graph, const std::string& format, const std::string& engine) {
  if (format.empty()) throw RenderError("no output format given");
  std::lock_guard<std::mutex> lock(graphviz_mutex());
  GVC_t* context = graphviz_context();
  if (!context) throw RenderError("Graphviz could not create a rendering context");
  ErrorCapture errors;
  GraphPtr g = build_graph(graph);
  if (gvLayout(context, g.get(), engine.c_str()) != 0) {
    throw RenderError("Graphviz layout with engine '" + engine + "' failed: " + errors.messages());
  }
  char* data = nullptr;
  unsigned int length = 0;
  const int status = gvRenderData(context, g.get(), format.c_str(), &data, &length);
  std::string rendered;
  if (status == 0 && data != nullptr) rendered.assign(data, length);
  if (data != nullptr) gvFreeRenderData(data);
  gvFreeLayout(context, g.get());
  if (status != 0)
    throw RenderError("Graphviz could not render format '" + format + "': " + errors.messages());
  return rendered;
}

void render_to_file(const Graph& graph, const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string contents;
  if (extension == ".dot" || extension == ".gv") {
    contents = to_dot(graph);
  } else if (extension == ".svg" || extension == ".png" || extension == ".pdf") {
    contents = render(graph, extension.substr(1));
  } else {
    throw RenderError("cannot tell the output format of '" + path.string() +
                      "': use a .dot, .gv, .svg, .png or .pdf file name");
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw RenderError("cannot write '" + path.string() + "': " + std::strerror(errno));
  out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  out.close();
  if (!out) throw RenderError("cannot write '" + path.string() + "': " + std::strerror(errno));
}

}  // namespace cyclecheck::render

// Kept in this file (not a separate one) so that every binary linking the renderer carries it: an archive
// member that only defines this weakly referenced hook would never be linked.
// Debian's Graphviz 2.43 leaks parsed HTML labels (htmlparse) and its error-path plugin list, and Pango,
// GLib and fontconfig keep per-process caches: LeakSanitizer must not blame the renderer for them (sanitizer
// builds only). Without frame pointers in those libraries the default fast unwinder stops at gmalloc and
// g_realloc, hence the library-level entries; with ASAN_OPTIONS=fast_unwind_on_malloc=0 the precise entries
// alone suffice, which is how the renderer itself was checked to free everything it allocates.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:htmlparse\n"
         "leak:pango_parse_markup\n"
         "leak:gvplugin_list\n"
         "leak:gmalloc\n"
         "leak:libglib-2.0.so\n"
         "leak:libfontconfig.so\n";
}
