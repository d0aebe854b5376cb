# Per-layer include roots: the layering of cmake/layers.txt enforced by the
# compiler. Each layer's headers are reachable only through its own staging
# directory under the build tree (GCNSIM_LAYER_INCLUDE/<layer>/), which holds a
# symbolic link per header at its usual path ("sim/timing/gpu_config.hpp"), so
# the sources keep their #include lines. A layer's target exports its root and
# links the layers below it; a header of a higher layer is simply not on the
# include path ("No such file or directory"). The project root is on no
# target's include path. The links are made again at every configure (a new or
# removed header re-runs it: CONFIGURE_DEPENDS); compiler messages about a
# header name it by its link, which points at the source.
#
# Quoted includes also search the including file's own directory: an include
# relative to it ("../timing/x.hpp") bypasses the roots, which
# tests/tools/check_layers.py (CTest "layers: include graph") reports.
set(GCNSIM_LAYER_INCLUDE ${PROJECT_BINARY_DIR}/layer_include)

file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/layers.txt gcnsim_layer_lines REGEX "^layer ")
set(GCNSIM_LAYERS "")
set(gcnsim_owned_dirs "")
foreach(line ${gcnsim_layer_lines})
  string(REPLACE " " ";" words "${line}")
  list(POP_FRONT words keyword name)
  list(APPEND GCNSIM_LAYERS ${name})
  set(gcnsim_layer_dirs_${name} ${words})
  foreach(dir ${words})
    list(APPEND gcnsim_owned_dirs ${dir})
    set(gcnsim_dir_owner_${dir} ${name})
  endforeach()
endforeach()

# The layer owning `path` (tree-relative): that of its longest listed directory.
function(gcnsim_layer_of path out)
  set(best "")
  foreach(dir ${gcnsim_owned_dirs})
    string(LENGTH "${dir}" len)
    string(LENGTH "${best}" best_len)
    string(FIND "${path}" "${dir}/" at)
    if(at EQUAL 0 AND len GREATER best_len)
      set(best ${dir})
    endif()
  endforeach()
  set(${out} ${gcnsim_dir_owner_${best}} PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${GCNSIM_LAYER_INCLUDE})
foreach(layer ${GCNSIM_LAYERS})
  file(MAKE_DIRECTORY ${GCNSIM_LAYER_INCLUDE}/${layer})
  foreach(dir ${gcnsim_layer_dirs_${layer}})
    file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/${dir}/*.hpp
         ${PROJECT_SOURCE_DIR}/${dir}/*.h)
    foreach(header ${headers})
      gcnsim_layer_of(${header} owner)
      if(owner STREQUAL layer)
        get_filename_component(parent ${GCNSIM_LAYER_INCLUDE}/${layer}/${header} DIRECTORY)
        file(MAKE_DIRECTORY ${parent})
        file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${header} ${GCNSIM_LAYER_INCLUDE}/${layer}/${header} SYMBOLIC)
      endif()
    endforeach()
  endforeach()
endforeach()

# A layer's static library: `layer` names its include root; `below` are the
# targets of the layers it builds on (their roots come with them).
function(gcnsim_layer_library target layer)
  if(NOT layer IN_LIST GCNSIM_LAYERS)
    message(FATAL_ERROR "${target}: layer '${layer}' is not in cmake/layers.txt")
  endif()
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "SOURCES;BELOW")
  add_library(${target} STATIC ${arg_SOURCES})
  target_include_directories(${target} PUBLIC ${GCNSIM_LAYER_INCLUDE}/${layer})
  target_link_libraries(${target} PUBLIC ${arg_BELOW})
  set_property(GLOBAL PROPERTY GCNSIM_LAYER_TARGET_${layer} ${target})
endfunction()

# The layer whose target the binary of test directory `dir` links ("tests"
# lines of cmake/layers.txt), or "" for a directory not listed there.
file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/layers.txt gcnsim_tests_lines REGEX "^tests ")
function(gcnsim_tests_layer dir out)
  set(${out} "" PARENT_SCOPE)
  foreach(line ${gcnsim_tests_lines})
    string(REPLACE " " ";" words "${line}")
    list(GET words 1 tests_dir)
    if(tests_dir STREQUAL dir)
      list(GET words 2 layer)
      set(${out} ${layer} PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# Test binaries include their helpers as "tests/<area>/x.hpp": the tests
# directory has a root of its own, which the library targets never see.
file(MAKE_DIRECTORY ${GCNSIM_LAYER_INCLUDE}/tests)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/tests ${GCNSIM_LAYER_INCLUDE}/tests/tests SYMBOLIC)
add_library(gcnsim_test_includes INTERFACE)
target_include_directories(gcnsim_test_includes INTERFACE ${GCNSIM_LAYER_INCLUDE}/tests)
