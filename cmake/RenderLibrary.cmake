# The renderer (cgraph + gvc) as its own library, `cyclecheck_render`: the analyzer and the runtime companion
# both link it, and the runtime built on its own (`cmake -S runtime-check`) includes this file too.
# Expects the imported target PkgConfig::GRAPHVIZ.
set(CYCLECHECK_REPO_ROOT "${CMAKE_CURRENT_LIST_DIR}/..")
add_library(cyclecheck_render STATIC "${CYCLECHECK_REPO_ROOT}/analyzer/render/graph_render.cpp")
target_include_directories(cyclecheck_render PUBLIC "${CYCLECHECK_REPO_ROOT}")
target_link_libraries(cyclecheck_render PUBLIC PkgConfig::GRAPHVIZ)
set_target_properties(cyclecheck_render PROPERTIES POSITION_INDEPENDENT_CODE ON)
