// The objgraph-style renderer: DOT content and styles, escaping, SVG/PNG output, determinism, errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "analyzer/render/graph_render.hpp"

// LeakSanitizer suppressions for Graphviz's own leaks live with the renderer (analyzer/render/).

namespace cyclecheck::render {
namespace {

// Trainer -> .cb -> bound method -> __self__ -> Trainer, plus a tensor list hanging off the cycle.
Graph trainer_cycle() {
  Graph graph;
  graph.title = "CC104 callable-holds-owner: Trainer -> .cb -> Trainer.on_step -> Trainer";
  graph.nodes = {
      {"trainer", "Trainer", "train.py:10", false, true, true},
      {"method", "method Trainer.on_step", "train.py:14", false, false, true},
      {"buffers", "list", "train.py:12 (3 tensors)", true, false, false},
  };
  graph.edges = {
      {"trainer", "method", ".cb", "train.py:14", true, true},
      {"method", "trainer", "__self__", "", true, false},
      {"trainer", "buffers", ".buffers", "train.py:12", false, false},
  };
  return graph;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::filesystem::path temp_dir() {
  auto dir = std::filesystem::temp_directory_path() /
             ("cyclecheck_render_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
              "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(RenderDot, ContainsTypesDetailsLabelsAndSites) {
  const std::string dot = to_dot(trainer_cycle());
  EXPECT_EQ(dot.rfind("digraph", 0), 0u) << dot;
  EXPECT_NE(dot.find("<B>Trainer</B>"), std::string::npos) << dot;
  EXPECT_NE(dot.find("train.py:10"), std::string::npos);
  EXPECT_NE(dot.find("method Trainer.on_step"), std::string::npos);
  EXPECT_NE(dot.find(".cb"), std::string::npos);
  EXPECT_NE(dot.find("__self__"), std::string::npos);
  EXPECT_NE(dot.find("CC104 callable-holds-owner"), std::string::npos);
  EXPECT_NE(dot.find("labelloc=t"), std::string::npos);
  EXPECT_NE(dot.find("shape=box"), std::string::npos);
}

TEST(RenderDot, StylesCycleWeakEdgeMarkersAndContext) {
  const std::string dot = to_dot(trainer_cycle());
  // The closing edge is dashed, blue and says "make weak" above its site.
  EXPECT_NE(dot.find(".cb<BR/><B>make weak</B><BR/><FONT POINT-SIZE=\"9\">train.py:14</FONT>"),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("style=dashed"), std::string::npos);
  EXPECT_NE(dot.find("#1565c0"), std::string::npos);
  // Cycle edges are red and bold by default.
  EXPECT_NE(dot.find("color=\"#c62828\""), std::string::npos);
  EXPECT_NE(dot.find("penwidth=2"), std::string::npos);
  // Markers for modules and tensors, the context node greyed.
  EXPECT_NE(dot.find("nn.Module"), std::string::npos);
  EXPECT_NE(dot.find("holds tensors"), std::string::npos);
  EXPECT_NE(dot.find("fillcolor=\"#f5f5f5\""), std::string::npos);
  EXPECT_NE(dot.find("fillcolor=\"#dcedc8\""), std::string::npos);
  // Only one edge is the weak candidate.
  size_t dashed = 0;
  for (size_t at = dot.find("style=dashed"); at != std::string::npos; at = dot.find("style=dashed", at + 1)) {
    ++dashed;
  }
  EXPECT_EQ(dashed, 1u);
}

TEST(RenderDot, EscapesMarkupQuotesBackslashesAndNewlines) {
  Graph graph;
  graph.title = "a \"quoted\" <title> & more";
  graph.nodes = {{"a", "dict<str, \"T\">", "line1\nline2 C:\\path\\x", false, false, true},
                 {"b", "函数 <lambda>", "é ü", false, false, true}};
  graph.edges = {{"a", "b", "['k\"ey']", "", true, false}};
  const std::string dot = to_dot(graph);
  EXPECT_NE(dot.find("dict&lt;str, &quot;T&quot;&gt;"), std::string::npos) << dot;
  EXPECT_NE(dot.find("line1<BR/>line2 C:\\path\\x"), std::string::npos) << dot;
  EXPECT_NE(dot.find("a &quot;quoted&quot; &lt;title&gt; &amp; more"), std::string::npos) << dot;
  EXPECT_NE(dot.find("[&#39;k&quot;ey&#39;]"), std::string::npos) << dot;
  EXPECT_NE(dot.find("函数 &lt;lambda&gt;"), std::string::npos) << dot;
  EXPECT_NE(dot.find("é ü"), std::string::npos) << dot;
  // The escaped labels must survive Graphviz's HTML parser.
  const std::string svg = render(graph, "svg");
  EXPECT_NE(svg.find("函数 &lt;lambda&gt;"), std::string::npos) << svg;
  EXPECT_NE(svg.find("line2 C:\\path\\x"), std::string::npos) << svg;
}

TEST(RenderDot, InvalidUtf8AndControlCharactersAreReplaced) {
  Graph graph;
  graph.nodes = {{"a", std::string("bad\xff\xfe byte"), std::string("bell\a\x01"), false, false, true}};
  const std::string dot = to_dot(graph);
  EXPECT_NE(dot.find("bad\xEF\xBF\xBD\xEF\xBF\xBD byte"), std::string::npos) << dot;
  EXPECT_EQ(dot.find('\a'), std::string::npos);
  EXPECT_NO_THROW(render(graph, "svg"));
}

TEST(RenderDot, IdsWithOddCharactersAndParallelEdges) {
  Graph graph;
  graph.nodes = {{"0x7f\"; drop", "A", "", false, false, true}, {"->", "B", "", false, false, true}};
  graph.edges = {{"0x7f\"; drop", "->", ".x", "", true, false},
                 {"0x7f\"; drop", "->", ".y", "", true, false},
                 {"->", "0x7f\"; drop", ".back", "", true, true}};
  const std::string dot = to_dot(graph);
  EXPECT_NE(dot.find("<TD>.x</TD>"), std::string::npos) << dot;
  EXPECT_NE(dot.find("<TD>.y</TD>"), std::string::npos) << dot;
  // Edge labels sit on a white ground, legible where dot routes an edge across one.
  EXPECT_NE(dot.find("label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\" "
                     "BGCOLOR=\"white\"><TR><TD>.x</TD></TR></TABLE>>"),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("tooltip=\"0x7f\\\"; drop\""), std::string::npos) << dot;
  const std::string svg = render(graph, "svg");
  size_t edge_groups = 0;
  for (size_t at = svg.find("class=\"edge\""); at != std::string::npos;
       at = svg.find("class=\"edge\"", at + 1)) {
    ++edge_groups;
  }
  EXPECT_EQ(edge_groups, 3u);
}

TEST(RenderSvg, WellFormedAndContainsLabels) {
  const std::string svg = render(trainer_cycle(), "svg");
  ASSERT_FALSE(svg.empty());
  EXPECT_TRUE(svg.rfind("<?xml", 0) == 0 || svg.rfind("<svg", 0) == 0) << svg.substr(0, 80);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find(">Trainer<"), std::string::npos);
  EXPECT_NE(svg.find(">.cb<"), std::string::npos);
  EXPECT_NE(svg.find(">make weak<"), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
  EXPECT_NE(svg.find("font-weight=\"bold\""), std::string::npos);
  EXPECT_NE(svg.find("CC104 callable&#45;holds&#45;owner"), std::string::npos);
}

TEST(RenderDeterminism, SameGraphSameBytes) {
  const Graph graph = trainer_cycle();
  EXPECT_EQ(to_dot(graph), to_dot(graph));
  EXPECT_EQ(render(graph, "svg"), render(graph, "svg"));
}

TEST(RenderDeterminism, ConcurrentCallersGetTheSameOutput) {
  const Graph graph = trainer_cycle();
  const std::string expected = render(graph, "svg");
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < results.size(); ++i) {
    threads.emplace_back([&, i] { results[i] = render(graph, "svg"); });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& result : results) EXPECT_EQ(result, expected);
}

TEST(RenderPng, HasPngMagicBytes) {
  const std::string png = render(trainer_cycle(), "png");
  ASSERT_GE(png.size(), 8u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

TEST(RenderEdgeCases, EmptyGraphRenders) {
  const Graph empty;
  EXPECT_EQ(to_dot(empty).rfind("digraph", 0), 0u);
  const std::string svg = render(empty, "svg");
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(RenderEdgeCases, HugeLabelsAreCutNotFatal) {
  Graph graph;
  std::string huge_repr;
  for (int i = 0; i < 20000; ++i) huge_repr += "é<";  // multi-byte characters across the cut point
  graph.title = std::string(50000, 'T');
  graph.nodes = {{"a", "list", huge_repr, true, false, true}};
  graph.edges = {{"a", "a", std::string(100000, 'x'), huge_repr, true, true}};
  const std::string dot = to_dot(graph);
  EXPECT_LT(dot.size(), 5000u);
  EXPECT_NE(dot.find("\xE2\x80\xA6"), std::string::npos);  // the ellipsis marks the cut
  const std::string svg = render(graph, "svg");
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(RenderErrors, UnknownFormatEngineAndBrokenGraph) {
  const Graph graph = trainer_cycle();
  try {
    render(graph, "no-such-format");
    FAIL() << "expected RenderError";
  } catch (const RenderError& error) {
    EXPECT_NE(std::string(error.what()).find("no-such-format"), std::string::npos) << error.what();
  }
  EXPECT_THROW(render(graph, ""), RenderError);
  EXPECT_THROW(render(graph, "svg", "no-such-engine"), RenderError);

  Graph dangling = graph;
  dangling.edges.push_back({"trainer", "ghost", ".x", "", true, false});
  try {
    to_dot(dangling);
    FAIL() << "expected RenderError";
  } catch (const RenderError& error) {
    EXPECT_NE(std::string(error.what()).find("ghost"), std::string::npos);
  }
  Graph duplicate = graph;
  duplicate.nodes.push_back(duplicate.nodes.front());
  EXPECT_THROW(render(duplicate, "svg"), RenderError);
  // A failed call leaves the renderer usable.
  EXPECT_NE(render(graph, "svg").find("</svg>"), std::string::npos);
}

TEST(RenderToFile, FormatFromExtension) {
  const auto dir = temp_dir();
  const Graph graph = trainer_cycle();
  render_to_file(graph, dir / "cycle.dot");
  EXPECT_EQ(read_file(dir / "cycle.dot"), to_dot(graph));
  render_to_file(graph, dir / "cycle.GV");
  EXPECT_EQ(read_file(dir / "cycle.GV"), to_dot(graph));
  render_to_file(graph, dir / "cycle.svg");
  EXPECT_NE(read_file(dir / "cycle.svg").find("</svg>"), std::string::npos);
  render_to_file(graph, dir / "cycle.png");
  EXPECT_EQ(read_file(dir / "cycle.png").substr(0, 4), "\x89PNG");
  render_to_file(graph, dir / "cycle.pdf");
  EXPECT_EQ(read_file(dir / "cycle.pdf").substr(0, 5), "%PDF-");
  std::filesystem::remove_all(dir);
}

TEST(RenderToFile, Errors) {
  const auto dir = temp_dir();
  const Graph graph = trainer_cycle();
  try {
    render_to_file(graph, dir / "cycle.bmpx");
    FAIL() << "expected RenderError";
  } catch (const RenderError& error) {
    EXPECT_NE(std::string(error.what()).find(".svg"), std::string::npos) << error.what();
  }
  EXPECT_THROW(render_to_file(graph, dir / "no_extension"), RenderError);
  try {
    render_to_file(graph, dir / "missing" / "dir" / "cycle.svg");
    FAIL() << "expected RenderError";
  } catch (const RenderError& error) {
    EXPECT_NE(std::string(error.what()).find("cannot write"), std::string::npos) << error.what();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cyclecheck::render
