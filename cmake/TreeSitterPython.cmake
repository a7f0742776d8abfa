# Fetches tree-sitter-python from the npm registry into the build tree and checks
# the tarball against the registry's published sha512 integrity. Never committed.
set(TSP_VERSION "0.23.6")
set(TSP_SHA512 "c8833dcf4a31288c53edb02d3ce860a1597a8135e59a5221b9eee58854f8a013c5fe585aec76b8750052f3602fea130c459a159c5248f0cea62fe4b05a82c3dc")
set(TSP_DIR "${CMAKE_BINARY_DIR}/_deps/tree-sitter-python-${TSP_VERSION}")
set(TSP_TARBALL "${TSP_DIR}/tree-sitter-python-${TSP_VERSION}.tgz")

if(NOT EXISTS "${TSP_DIR}/package/src/parser.c")
  file(MAKE_DIRECTORY "${TSP_DIR}")
  if(NOT EXISTS "${TSP_TARBALL}")
    find_program(NPM_EXECUTABLE npm REQUIRED)
    message(STATUS "Fetching tree-sitter-python@${TSP_VERSION} from the npm registry")
    execute_process(
      COMMAND "${NPM_EXECUTABLE}" pack "tree-sitter-python@${TSP_VERSION}" --silent
      WORKING_DIRECTORY "${TSP_DIR}"
      RESULT_VARIABLE npm_result
      OUTPUT_QUIET ERROR_VARIABLE npm_error)
    if(NOT npm_result EQUAL 0)
      message(FATAL_ERROR "npm pack tree-sitter-python@${TSP_VERSION} failed: ${npm_error}")
    endif()
  endif()
  file(SHA512 "${TSP_TARBALL}" tsp_actual)
  if(NOT tsp_actual STREQUAL TSP_SHA512)
    file(REMOVE "${TSP_TARBALL}")
    message(FATAL_ERROR "tree-sitter-python tarball integrity mismatch: got ${tsp_actual}")
  endif()
  file(ARCHIVE_EXTRACT INPUT "${TSP_TARBALL}" DESTINATION "${TSP_DIR}"
       PATTERNS package/src/parser.c package/src/scanner.c package/src/tree_sitter/parser.h
                package/src/tree_sitter/alloc.h package/src/tree_sitter/array.h)
endif()

add_library(tree_sitter_python STATIC "${TSP_DIR}/package/src/parser.c" "${TSP_DIR}/package/src/scanner.c")
target_include_directories(tree_sitter_python PRIVATE "${TSP_DIR}/package/src")
set_target_properties(tree_sitter_python PROPERTIES C_STANDARD 11 POSITION_INDEPENDENT_CODE ON)
target_compile_options(tree_sitter_python PRIVATE -w)
