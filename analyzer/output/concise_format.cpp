// `concise`: one line per finding, then the summary.
#include "analyzer/output/formats.hpp"

namespace cyclecheck::output {

void write_concise(std::ostream& out, const std::vector<Diagnostic>& diagnostics,
                   const OutputContext& context) {
  const Style style{context.color};
  for (const Diagnostic& diagnostic : diagnostics) {
    out << style.bold(location_text(diagnostic.range)) << ": "
        << style.severity(diagnostic.severity, diagnostic.code) << " " << diagnostic.message << "\n";
  }
  out << summary_line(diagnostics, context.files_checked) << "\n";
}

}  // namespace cyclecheck::output
