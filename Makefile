# Geode: the two commands a new user runs, and the rest.
#   make demo    load the built-in city sample into a store and read it back
#   make test    run every test
# Both install the system libraries first when they are missing.

SWIFT ?= swift
N ?= 1000000
BENCH_FLAGS ?=

.PHONY: setup build demo test bench bench-smoke clean

setup:
	@Scripts/install-system-packages.sh

build: setup
	$(SWIFT) build

demo: setup
	$(SWIFT) build --product geode
	"$$($(SWIFT) build --show-bin-path)/geode" demo

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Figures: release build, N documents per operation, medians of 3 runs.
bench: setup
	$(SWIFT) build -c release --product geode-bench
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" storage --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" objects --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" mixed --count 100000 --source ../shared/data/twitter.json $(BENCH_FLAGS)

# The benchmark at small N in a debug build: checks it runs, measures nothing.
bench-smoke: setup
	$(SWIFT) build --product geode-bench
	"$$($(SWIFT) build --show-bin-path)/geode-bench" storage --count 2000 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" objects --count 2000 --lookups 500 --repeat 1
	@if [ -f ../shared/data/twitter.json ]; then \
		"$$($(SWIFT) build --show-bin-path)/geode-bench" mixed --count 200 --repeat 1; \
	else echo "bench-smoke: ../shared/data/twitter.json not found; the mixed suite is skipped"; fi

clean:
	rm -rf .build
