# Build glue: the README's two commands.
#   make example   install what is missing, build, run the main job on a bundled example
#   make test      install what is missing, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
CTEST_ARGS ?=

.PHONY: deps configure build example test sanitize fuzz clean format

deps:
	@.ci/install-deps

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# Builds only the simulator, not the test suite.
example: configure
	@cmake --build $(BUILD) -j $(JOBS) --target gcnsim
	./$(BUILD)/gcnsim run examples/vector_add/vector_add.gfx900.json --result $(BUILD)/vector_add.result.json
	@python3 -c "import json; d = json.load(open('$(BUILD)/vector_add.result.json')); \
	  [print(n, b['type'], b['data'][:8], '...') for n, b in d['buffers'].items()]"

# CI (.ci/run) builds with warnings as errors (kept in the build directory's
# CMake cache). The sanitizer suite is not part of it (its time): make sanitize.
test: CMAKE_FLAGS += -DGCNSIM_WERROR=ON
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer, built
# with -O1 and line tables (the Sanitize build type), fuzz targets included.
SANITIZE_FLAGS = -DGCNSIM_SANITIZE=ON -DCMAKE_BUILD_TYPE=Sanitize
# The style check is not run again.
sanitize:
	$(MAKE) test BUILD=build-asan CMAKE_FLAGS="$(SANITIZE_FLAGS)" CTEST_ARGS="-E '^style: '"

# The fuzz harness (tests/fuzz/) under the sanitizers, every target for
# FUZZ_SECONDS seconds: e.g. make fuzz FUZZ_SECONDS=3600 FUZZ_SEED=7.
FUZZ_SECONDS ?= 300
FUZZ_SEED ?= 1
fuzz: deps
	@cmake -S . -B build-asan -G Ninja $(SANITIZE_FLAGS) >/dev/null
	@cmake --build build-asan -j $(JOBS) --target gcnsim_fuzz
	./build-asan/gcnsim_fuzz all --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf $(BUILD) build-asan
