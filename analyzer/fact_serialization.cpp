// Binary encoding of module facts for the cache: varints and length-prefixed strings, a magic number and
// a checksum, so that a torn or foreign entry decodes to nothing rather than to wrong facts.
#include "analyzer/fact_serialization.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "analyzer/little_endian.hpp"
#include "analyzer/text_util.hpp"

namespace cyclecheck {
namespace {

constexpr char kMagic[8] = {'C', 'C', 'F', 'A', 'C', 'T', 'S', '8'};
constexpr size_t kHeaderBytes = sizeof kMagic + 16;  // then the body's size and checksum, 8 bytes each

constexpr uint32_t kMaxCount = 1u << 24;  // sanity bound on any decoded length

// Appends through a raw cursor into a buffer grown by doubling: the cache writer encodes every lowered
// module of a cold run, and per-byte string appends were most of its time.
class Writer {
 public:
  explicit Writer(size_t reserved = 0) : used_(reserved) {
    buffer_.resize(std::max<size_t>(reserved, 1u << 14));
  }
  void u(uint64_t v) {
    char* out = room(10);
    size_t n = 0;
    while (v >= 0x80) {
      out[n++] = static_cast<char>((v & 0x7f) | 0x80);
      v >>= 7;
    }
    out[n++] = static_cast<char>(v);
    used_ += n;
  }
  void i(int64_t v) { u(static_cast<uint64_t>((v << 1) ^ (v >> 63))); }
  void b(bool v) {
    *room(1) = v ? 1 : 0;
    ++used_;
  }
  void s(const std::string& v) {
    u(v.size());
    std::memcpy(room(v.size()), v.data(), v.size());
    used_ += v.size();
  }
  void site(const Site& v) {
    u(v.line);
    u(v.column);
    u(v.end_line);
    u(v.end_column);
  }
  void strings(const std::vector<std::string>& v) {
    u(v.size());
    for (const auto& x : v) s(x);
  }
  void expr(const Expr& e) {
    u(static_cast<uint8_t>(e.kind));
    u(static_cast<uint8_t>(e.container));
    site(e.site);
    s(e.text);
    i(e.function_index);
    u(e.children.size());
    for (const auto& c : e.children) expr(c);
    strings(e.arg_names);
  }
  void stmts(const std::vector<Stmt>& v) {
    u(v.size());
    for (const auto& x : v) stmt(x);
  }
  void stmt(const Stmt& st) {
    u(static_cast<uint8_t>(st.kind));
    site(st.site);
    s(st.text);
    u(st.targets.size());
    for (const auto& t : st.targets) expr(t);
    expr(st.value);
    stmts(st.body);
    stmts(st.orelse);
    stmts(st.finalbody);
    u(st.handlers.size());
    for (const auto& h : st.handlers) {
      site(h.site);
      s(h.name);
      expr(h.type);
      u(h.group ? 1 : 0);
      stmts(h.body);
    }
    i(st.function_index);
    i(st.class_index);
    strings(st.names);
    u(st.imports.size());
    for (const auto& imp : st.imports) {
      s(imp.local_name);
      s(imp.module);
      s(imp.member);
      b(imp.binds_top_package);
    }
  }
  void decorators(const std::vector<Decorator>& v) {
    u(v.size());
    for (const auto& d : v) {
      s(d.dotted);
      b(d.is_call);
      site(d.site);
    }
  }
  void range(const SourceRange& r) {
    s(r.path);
    u(r.line);
    u(r.column);
    u(r.end_line);
    u(r.end_column);
  }
  // The bytes written; the writer is spent.
  std::string take() {
    buffer_.resize(used_);
    return std::move(buffer_);
  }

 private:
  char* room(size_t n) {
    if (used_ + n > buffer_.size()) buffer_.resize(std::max(buffer_.size() * 2, used_ + n));
    return buffer_.data() + used_;
  }
  std::string buffer_;
  size_t used_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }
  uint64_t u() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) return fail();
      const auto byte = static_cast<uint8_t>(in_[pos_++]);
      v |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) return v;
    }
    return fail();
  }
  int64_t i() {
    const uint64_t v = u();
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  }
  bool b() {
    if (pos_ >= in_.size()) return fail() != 0;
    return in_[pos_++] != 0;
  }
  std::string s() {
    const uint64_t n = u();
    if (!ok_ || n > in_.size() - pos_) {
      fail();
      return {};
    }
    std::string v(in_.substr(pos_, n));
    pos_ += n;
    return v;
  }
  size_t count() {
    const uint64_t n = u();
    if (n > kMaxCount || n > in_.size()) {
      fail();
      return 0;
    }
    return static_cast<size_t>(n);
  }
  Site site() {
    Site v;
    v.line = static_cast<uint32_t>(u());
    v.column = static_cast<uint32_t>(u());
    v.end_line = static_cast<uint32_t>(u());
    v.end_column = static_cast<uint32_t>(u());
    return v;
  }
  std::vector<std::string> strings() {
    std::vector<std::string> v(count());
    for (auto& x : v) x = s();
    return v;
  }
  Expr expr(int depth = 0) {
    Expr e;
    if (depth > 2000) {
      fail();
      return e;
    }
    e.kind = static_cast<ExprKind>(u());
    e.container = static_cast<ContainerKind>(u());
    e.site = site();
    e.text = s();
    e.function_index = static_cast<int32_t>(i());
    const size_t n = count();
    for (size_t k = 0; k < n && ok_; ++k) e.children.push_back(expr(depth + 1));
    e.arg_names = strings();
    if (static_cast<uint64_t>(e.kind) > static_cast<uint64_t>(ExprKind::Unknown)) fail();
    return e;
  }
  std::vector<Stmt> stmts(int depth) {
    std::vector<Stmt> v(count());
    for (auto& x : v) {
      if (!ok_) break;
      x = stmt(depth + 1);
    }
    return v;
  }
  Stmt stmt(int depth) {
    Stmt st;
    if (depth > 2000) {
      fail();
      return st;
    }
    st.kind = static_cast<StmtKind>(u());
    st.site = site();
    st.text = s();
    const size_t targets = count();
    for (size_t k = 0; k < targets && ok_; ++k) st.targets.push_back(expr());
    st.value = expr();
    st.body = stmts(depth);
    st.orelse = stmts(depth);
    st.finalbody = stmts(depth);
    const size_t handlers = count();
    for (size_t k = 0; k < handlers && ok_; ++k) {
      Handler h;
      h.site = site();
      h.name = s();
      h.type = expr();
      h.group = u() != 0;
      h.body = stmts(depth);
      st.handlers.push_back(std::move(h));
    }
    st.function_index = static_cast<int32_t>(i());
    st.class_index = static_cast<int32_t>(i());
    st.names = strings();
    const size_t imports = count();
    for (size_t k = 0; k < imports && ok_; ++k) {
      ImportBinding imp;
      imp.local_name = s();
      imp.module = s();
      imp.member = s();
      imp.binds_top_package = b();
      st.imports.push_back(std::move(imp));
    }
    if (static_cast<uint64_t>(st.kind) > static_cast<uint64_t>(StmtKind::Continue)) fail();
    return st;
  }
  std::vector<Decorator> decorators() {
    std::vector<Decorator> v(count());
    for (auto& d : v) {
      d.dotted = s();
      d.is_call = b();
      d.site = site();
    }
    return v;
  }
  SourceRange range() {
    SourceRange r;
    r.path = s();
    r.line = static_cast<uint32_t>(u());
    r.column = static_cast<uint32_t>(u());
    r.end_line = static_cast<uint32_t>(u());
    r.end_column = static_cast<uint32_t>(u());
    return r;
  }

 private:
  uint64_t fail() {
    ok_ = false;
    pos_ = in_.size();
    return 0;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

std::string serialize_facts(const ModuleFacts& facts) {
  Writer w(kHeaderBytes);  // the header is filled in at the end, so the body is never copied
  w.s(facts.path);
  w.s(facts.module_name);
  w.b(facts.is_package);
  w.u(facts.content_hash);
  w.u(facts.line_count);
  w.u(facts.functions.size());
  for (const Function& f : facts.functions) {
    w.s(f.name);
    w.s(f.qualname);
    w.site(f.site);
    w.u(f.params.size());
    for (const Param& p : f.params) {
      w.s(p.name);
      w.u(static_cast<uint8_t>(p.kind));
      w.b(p.has_default);
      w.b(p.default_per_call);
      w.s(p.annotation);
      w.b(p.annotation_elements);
      w.expr(p.default_value);
      w.site(p.site);
    }
    w.stmts(f.body);
    w.decorators(f.decorators);
    w.i(f.parent_function);
    w.i(f.owner_class);
    w.b(f.is_lambda);
    w.b(f.is_generator);
    w.b(f.is_async);
    w.strings(f.cell_vars);
    w.strings(f.free_vars);
    w.strings(f.globals);
    w.strings(f.nonlocals);
    w.strings(f.locals);
  }
  w.u(facts.classes.size());
  for (const ClassDef& c : facts.classes) {
    w.s(c.name);
    w.s(c.qualname);
    w.site(c.site);
    w.u(c.bases.size());
    for (const Expr& b : c.bases) w.expr(b);
    w.expr(c.metaclass);
    w.decorators(c.decorators);
    w.stmts(c.body);
    w.i(c.parent_function);
    w.b(c.defines_del);
  }
  w.u(facts.file_diagnostics.size());
  for (const Diagnostic& d : facts.file_diagnostics) {
    w.s(d.code);
    w.s(d.rule_name);
    w.u(static_cast<uint8_t>(d.severity));
    w.s(d.message);
    w.range(d.range);
    w.s(d.fix);
  }
  std::string out = w.take();
  const std::string_view body = std::string_view(out).substr(kHeaderBytes);
  std::memcpy(out.data(), kMagic, sizeof kMagic);
  put_u64(out.data() + sizeof kMagic, body.size());
  put_u64(out.data() + sizeof kMagic + 8, fast_hash_bytes(body));
  return out;
}

std::shared_ptr<ModuleFacts> deserialize_facts(const std::string& bytes) {
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) return nullptr;
  const uint64_t size = get_u64(bytes.data() + sizeof kMagic);
  const uint64_t checksum = get_u64(bytes.data() + sizeof kMagic + 8);
  const std::string_view body = std::string_view(bytes).substr(kHeaderBytes);
  if (body.size() != size || fast_hash_bytes(body) != checksum) return nullptr;
  Reader r(body);
  auto facts = std::make_shared<ModuleFacts>();
  facts->path = r.s();
  facts->module_name = r.s();
  facts->is_package = r.b();
  facts->content_hash = r.u();
  facts->line_count = static_cast<uint32_t>(r.u());
  const size_t functions = r.count();
  for (size_t k = 0; k < functions && r.ok(); ++k) {
    Function f;
    f.name = r.s();
    f.qualname = r.s();
    f.site = r.site();
    const size_t params = r.count();
    for (size_t p = 0; p < params && r.ok(); ++p) {
      Param param;
      param.name = r.s();
      param.kind = static_cast<ParamKind>(r.u());
      param.has_default = r.b();
      param.default_per_call = r.b();
      param.annotation = r.s();
      param.annotation_elements = r.b();
      param.default_value = r.expr();
      param.site = r.site();
      f.params.push_back(std::move(param));
    }
    f.body = r.stmts(0);
    f.decorators = r.decorators();
    f.parent_function = static_cast<int32_t>(r.i());
    f.owner_class = static_cast<int32_t>(r.i());
    f.is_lambda = r.b();
    f.is_generator = r.b();
    f.is_async = r.b();
    f.cell_vars = r.strings();
    f.free_vars = r.strings();
    f.globals = r.strings();
    f.nonlocals = r.strings();
    f.locals = r.strings();
    facts->functions.push_back(std::move(f));
  }
  const size_t classes = r.count();
  for (size_t k = 0; k < classes && r.ok(); ++k) {
    ClassDef c;
    c.name = r.s();
    c.qualname = r.s();
    c.site = r.site();
    const size_t bases = r.count();
    for (size_t b = 0; b < bases && r.ok(); ++b) c.bases.push_back(r.expr());
    c.metaclass = r.expr();
    c.decorators = r.decorators();
    c.body = r.stmts(0);
    c.parent_function = static_cast<int32_t>(r.i());
    c.defines_del = r.b();
    facts->classes.push_back(std::move(c));
  }
  const size_t diagnostics = r.count();
  for (size_t k = 0; k < diagnostics && r.ok(); ++k) {
    Diagnostic d;
    d.code = r.s();
    d.rule_name = r.s();
    d.severity = static_cast<Severity>(r.u());
    d.message = r.s();
    d.range = r.range();
    d.fix = r.s();
    facts->file_diagnostics.push_back(std::move(d));
  }
  if (!r.ok() || !r.at_end()) return nullptr;
  // Indices must point inside the tables, or the solver would read out of bounds.
  const auto nf = static_cast<int32_t>(facts->functions.size());
  const auto nc = static_cast<int32_t>(facts->classes.size());
  if (nf == 0) return nullptr;
  for (const Function& f : facts->functions) {
    if (f.parent_function >= nf || f.owner_class >= nc) return nullptr;
  }
  return facts;
}

}  // namespace cyclecheck
