# Geode: the two commands a new user runs, and the rest.
#   make demo    import the built-in city sample (GeoJSON) into a store and query it
#   make test    run every test
#   make docs    build the DocC catalog into .build/docs
# Both install the system libraries first when they are missing.

SWIFT ?= swift
N ?= 1000000
BENCH_FLAGS ?=

.PHONY: setup build demo test docs format format-check bench bench-smoke workload-inputs soak damage stress fuzz sanitize clean

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

# 200 writers killed with SIGKILL at random moments: every committed transaction
# must be there whole, nothing of the killed ones, and the index must agree.
SOAK_ROUNDS ?= 200
soak: setup
	$(SWIFT) build --build-tests
	GEODE_SOAK_ROUNDS=$(SOAK_ROUNDS) $(SWIFT) test --skip-build --filter CrashSafetyTests

# 1,000 damaged copies of a real store per kind of damage (bytes, a page), each
# read by query, export, stats and check: no signal, no status but 0 or 65.
DAMAGED_COPIES ?= 1000
damage: setup
	$(SWIFT) build --build-tests
	GEODE_DAMAGED_COPIES=$(DAMAGED_COPIES) $(SWIFT) test --skip-build --filter DamagedCopyTests

# Three writer and three reader processes on one store: whole transactions only,
# counts that never go back, an index that agrees (1,000 transactions per writer).
STRESS_BATCHES ?= 1000
stress: setup
	$(SWIFT) build --build-tests
	GEODE_STRESS_BATCHES=$(STRESS_BATCHES) $(SWIFT) test --skip-build --filter MultiProcessTests

# The whole test suite under AddressSanitizer, then under ThreadSanitizer, each in
# a build directory of its own. Swift's crash backtracer and ASan's symbolizer are
# off: children that crash on purpose (the misuse tests) must not leave a helper
# process holding their output open. Shared state sits behind `Locked` (a pthread
# mutex, which ThreadSanitizer follows), not Synchronization's Mutex (a futex in an
# uninstrumented library, whose guarded state it reports as raced): every report is
# a finding.
sanitize: setup
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address
	GEODE_SANITIZER=address SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:symbolize=0 $(SWIFT) test --skip-build --build-path .build/asan
	$(SWIFT) build --build-tests --build-path .build/tsan --sanitize=thread
	GEODE_SANITIZER=thread SWIFT_BACKTRACE=enable=no $(SWIFT) test --skip-build --build-path .build/tsan

# libFuzzer with AddressSanitizer on each target for SECONDS seconds: query text,
# JSON/GeoJSON import, stored documents, CSV/TSV import. Leak reports are off, as in `sanitize`: LeakSanitizer
# reports some boxes of bound query predicates as leaked, a report whose cause is not found yet. New inputs go to .build/fuzz-corpus,
# crashes to .build/fuzz-crashes (add them under Data/Fuzz/crashes/TARGET to replay in CI).
SECONDS ?= 60
FUZZ_TARGETS ?= query json document csv
# The DocC catalog of the Geode library (Sources/Geode/Geode.docc and every doc
# comment) as a static site in .build/docs; a reference that does not resolve fails it.
docs: setup
	GEODE_DOCS=1 $(SWIFT) package --scratch-path .build/docs-build --allow-writing-to-directory .build/docs \
		generate-documentation --target Geode --output-path .build/docs --warnings-as-errors \
		--transform-for-static-hosting --hosting-base-path geode
	@echo "documentation in .build/docs (open .build/docs/index.html through a web server)"

fuzz: setup
	$(SWIFT) build --product GeodeFuzz --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	@mkdir -p .build/fuzz-crashes
	@for t in $(FUZZ_TARGETS); do \
		case $$t in json) seeds="Data/Fixtures/import Data/Fixtures/json";; *) seeds="Data/Fuzz/$$t";; esac; \
		mkdir -p .build/fuzz-corpus/$$t; \
		echo "fuzz $$t for $(SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 GEODE_FUZZ_TARGET=$$t \
			.build/fuzz/debug/GeodeFuzz .build/fuzz-corpus/$$t $$seeds \
			-max_total_time=$(SECONDS) -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 \
			-artifact_prefix=.build/fuzz-crashes/$$t- || exit 1; \
	done

SHARED ?= ../shared
WORK ?= /tmp/geode-bench-inputs

# Figures: release build, N documents per operation, medians of 3 runs. The places
# workload of $(SHARED)/bench (and the polygon workload built on it: a footprint
# around each place, the countries beside them) runs on Geode, on SQLite with an R*Tree, on SpatiaLite and on PostGIS
# (PostgreSQL 15 + PostGIS 3 from Debian, installed when missing, started on loopback
# in a temporary directory and stopped afterwards) side by side, and fails if any
# count differs from the reference counts; the Realm comparison set
# ($(SHARED)/bench/REALM_WORKLOAD.md) checks its counts against Realm's at N = 100000
# and 1000000 and prints Geode/Realm ratios.
bench: setup workload-inputs
	$(SWIFT) build -c release --product geode-bench
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" workload --places $(WORK)/places_$(N).geojson --queries $(WORK)/queries_$(N).json --countries $(SHARED)/data/ne_110m_admin_0_countries.geojson --scan-baseline --peers sqlite,spatialite,postgis $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" polygons --places $(WORK)/places_$(N).geojson --queries $(WORK)/queries_$(N).json --countries $(SHARED)/data/ne_110m_admin_0_countries.geojson --peers sqlite,spatialite,postgis --directory $(WORK) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" storage --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" objects --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" queries --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" projection --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" realm --count $(N) $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" mixed --count 100000 --source $(SHARED)/data/twitter.json $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" notifications --count $(N) --places $(WORK)/places_$(N).geojson $(BENCH_FLAGS)
	"$$($(SWIFT) build -c release --show-bin-path)/geode-bench" replication --places $(WORK)/places_$(N).geojson $(BENCH_FLAGS)

# The places file and queries for N (generated by the workload's own scripts, under /tmp).
workload-inputs:
	@mkdir -p $(WORK)
	@test -f $(WORK)/places_$(N).geojson || python3 $(SHARED)/bench/make_places.py --n $(N) $(WORK)/places_$(N).geojson
	@test -f $(WORK)/queries_$(N).json || python3 $(SHARED)/bench/make_queries.py --n $(N) $(WORK)/queries_$(N).json

# The benchmark at small N in a debug build: checks it runs and that its counts are
# right (the Realm set against Realm's at N = 100000), measures nothing.
bench-smoke: setup
	$(SWIFT) build --product geode-bench
	"$$($(SWIFT) build --show-bin-path)/geode-bench" storage --count 2000 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" objects --count 2000 --lookups 500 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" queries --count 30000 --lookups 50 --ranges 5 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" projection --count 2000 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" realm --count 100000 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" evolution --count 2000 --repeat 1
	"$$($(SWIFT) build --show-bin-path)/geode-bench" notifications --count 2000 --commits 50 --transactions 200 --repeat 1
	@if [ -f $(SHARED)/data/twitter.json ]; then \
		"$$($(SWIFT) build --show-bin-path)/geode-bench" mixed --count 200 --repeat 1; \
	else echo "bench-smoke: $(SHARED)/data/twitter.json not found; the mixed suite is skipped"; fi
	@if [ -f $(SHARED)/bench/make_places.py ] && [ -f $(SHARED)/data/cities1000.csv ]; then \
		$(MAKE) --no-print-directory workload-inputs N=3000 && \
		"$$($(SWIFT) build --show-bin-path)/geode-bench" workload --places $(WORK)/places_3000.geojson --queries $(WORK)/queries_3000.json \
			--countries $(SHARED)/data/ne_110m_admin_0_countries.geojson --repeat 1 --limit 50 && \
		"$$($(SWIFT) build --show-bin-path)/geode-bench" polygons --places $(WORK)/places_3000.geojson --queries $(WORK)/queries_3000.json \
			--countries $(SHARED)/data/ne_110m_admin_0_countries.geojson --repeat 1 --warmup 0 --limit 50 --directory $(WORK) && \
		"$$($(SWIFT) build --show-bin-path)/geode-bench" replication --places $(WORK)/places_3000.geojson --repeat 1 --seconds 1 --no-ogr; \
	else echo "bench-smoke: $(SHARED)/bench not found; the places and polygon workloads are skipped"; fi

# Lays out every Swift file by .swift-format (lines of at most 120 characters); `make format-check`
# lists the files it would change.
SWIFT_FILES = Package.swift $(shell find Sources Tests Benchmarks Samples Fuzz -name '*.swift')

format:
	$(SWIFT) format format --in-place --configuration .swift-format $(SWIFT_FILES)

format-check:
	$(SWIFT) format lint --configuration .swift-format $(SWIFT_FILES)

clean:
	rm -rf .build
