# The two set-up commands of README.md:
#   make demo   install dependencies, build, run chorus on a bundled example
#   make test   install dependencies, build, run every test
BUILD    ?= build
TYPE     ?= Release
JOBS     ?= $(shell nproc)
CXX_BIN  ?= clang++-16
C_BIN    ?= clang-16
CHORUS    = $(BUILD)/tools/chorus/chorus
DEMO     ?= examples/tass/diffusion1d.c

SEEDS    ?= 1..100
CSMITH_TIME ?= 20
RUNS     ?= 10

.PHONY: all deps configure build demo test bench csmith mpi-diff knockout format clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(TYPE) \
	  -DCMAKE_CXX_COMPILER=$(CXX_BIN) -DCMAKE_C_COMPILER=$(C_BIN)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(CHORUS) --version
	$(CHORUS) dump-model $(DEMO) --function exchange_ghost_cells
	$(CHORUS) verify $(DEMO) -n 3 --quiet

test: build
	cd $(BUILD) && ctest --output-on-failure --timeout 900 -j $(JOBS)

bench: build
	bench/run-all.sh $(BUILD)

# The csmith harness on a range of seeds (make csmith SEEDS=1..2000).
csmith: build
	scripts/csmith-harness --seeds $(SEEDS) --time-limit $(CSMITH_TIME) --jobs $(JOBS) \
	  --chorus $(CHORUS) --quiet

# The MPI differential harness on a range of seeds (make mpi-diff SEEDS=1..200),
# the run-time checker (chorus cc) included.
mpi-diff: build
	scripts/mpi-diff-harness --seeds $(SEEDS) --runs $(RUNS) --jobs $(JOBS) \
	  --chorus $(CHORUS) --quiet --runtime

# Would the suite catch a broken verifier? A Debug build with
# -DCHORUS_KNOCKOUT=ON in $(BUILD)-knockout, the tests once per violation
# kind turned off and once with every decision MAYBE (scripts/knockout).
# Not part of `make test`.
knockout: deps
	scripts/knockout --build $(BUILD)-knockout --jobs 2

format:
	git ls-files '*.cpp' '*.h' | grep -v '^lib/front/headers/' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
