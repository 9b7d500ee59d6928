# Thin wrapper over CMake and CTest. `make demo` and `make test` first install any missing
# build dependency (Debian packages, through apt-get when run as root), then configure and build.

PREFIX ?= /usr/local
BUILD ?= build
# Release at -O2 (the optimisation of RelWithDebInfo, without its debug information, which cost a
# third of the compile time) for `make demo`, `make install`, `make deb` and `make test`; CI builds
# the same (.ci/run; BUILD_TYPE=RelWithDebInfo for debug information). Unity batches
# (GUNPOWDER_UNITY): UNITY=OFF compiles file by file.
BUILD_TYPE ?= Release
RELEASE_FLAGS ?= -O2 -DNDEBUG
UNITY ?= ON
WERROR ?= OFF
SANITIZE ?= OFF
# The tools are linked statically for a fast start (issue 15); STATIC=OFF links them dynamically.
STATIC ?= ON
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
DEB_PACKAGES := cmake make ninja-build g++ libcli11-dev libtomlplusplus-dev doctest-dev
# Ninja, where installed, for a new build directory: it starts a file as soon as what it needs is
# built, where the Makefile generator waits for each library in turn (a fresh build of the tools
# on 2 cores: 170 s against 179 s). An existing build directory keeps its generator.
GENERATOR ?= $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo 'Unix Makefiles')
# What `make test` needs besides: the shells whose completion is tested and Debian's Python with
# jsonschema, which validates the JSON outputs against docs/schema/ (tests call /usr/bin/python3);
# man-db and mandoc, which render and lint the man pages (docs.man-width); dpkg-dev and lintian,
# with which ctest package.deb builds the Debian package and checks it (as make deb-check does);
# chromium, in which the browser tests (tests/browser) load every page of the book, headless;
# time (/usr/bin/time), with which ctest memory.batches measures the batches' peak memory.
TEST_DEB_PACKAGES := zsh fish python3-jsonschema man-db mandoc dpkg-dev lintian chromium time
BIN := $(BUILD)/bin

FUZZ_SECONDS ?= 120
FUZZ_RUNS ?= 15000
# Inputs up to 1 MiB and a little more: large inputs are read in pieces from 256 KiB
# (input::for_each_piece), standard input through a temporary file from 1 MiB.
FUZZ_MAX_LEN ?= 1049600
FUZZ_DEB_PACKAGES := clang libclang-rt-14-dev
# clang-tidy 22 (Debian bookworm's newest) rather than the default 14: since version 21 it does not
# run its checks over the system headers (CLI11, the standard library), which took six times
# as long as the checks of the file itself in a file that registers options.
# Where the package lists offer no clang-tidy-22, the default 14 (which the code also passes; it
# does not know the checks .clang-tidy turns off for 22).
TIDY_VERSION ?= $(shell apt-cache show clang-tidy-22 >/dev/null 2>&1 && echo 22 || echo 14)
TIDY_DEB_PACKAGES = clang-tidy-$(TIDY_VERSION)
VALGRIND_DEB_PACKAGES := valgrind
# The golden command-line cases under valgrind: an uninitialised read, an invalid access or a
# bad free is exit code 99 (the case fails and shows the log); leaks are LeakSanitizer's job.
VALGRIND ?= valgrind -q --error-exitcode=99 --leak-check=no --log-file={LOG}
# A share of those cases: every VALGRIND_EVERY-th test from the VALGRIND_FIRST-th (ctest -I).
# .ci/run takes every second, starting from the first or second case by the day of the year.
VALGRIND_EVERY ?= 1
VALGRIND_FIRST ?= 1

.PHONY: sanitize-build all deps test-deps install-deb-packages configure build tools tidy demo test test-sanitize test-valgrind install deb deb-check bench fuzz fuzz-corpus tables tables-check clean

all: build

# Installs whatever Debian package of DEB_PACKAGES is missing.
deps:
	@$(MAKE) --no-print-directory install-deb-packages PACKAGES="$(DEB_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install-deb-packages PACKAGES="$(TEST_DEB_PACKAGES)"
	@command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory install-deb-packages PACKAGES="nodejs npm"
	@# The tests' npm packages, pinned by tests/node/package-lock.json (npm ci; again only when the
	@# lock file changes): Ajv, the most used JSON Schema validator (json.ajv compiles every schema in
	@# strict mode); puppeteer-core, which drives Debian's chromium, and axe-core (the browser tests).
	@cmp -s tests/node/package-lock.json $(BUILD)/test-node/.installed-lock || \
	  { echo "installing the tests' npm packages (tests/node/package-lock.json) into $(BUILD)/test-node"; \
	    mkdir -p $(BUILD)/test-node && cp tests/node/package.json tests/node/package-lock.json $(BUILD)/test-node/ && \
	    npm ci --silent --no-audit --no-fund --prefix $(BUILD)/test-node >/dev/null && \
	    cp tests/node/package-lock.json $(BUILD)/test-node/.installed-lock || \
	      echo "warning: npm could not install them: json.ajv and the browser tests will say they are skipped"; }

# Without `apt-get update` first when the package lists already offer them (a fresh machine's
# usually do; the update is then tried only if the install fails).
install-deb-packages:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing missing build dependencies:$$missing"; \
	  if [ "$$(id -u)" -ne 0 ]; then echo "error: run as root (or install:$$missing)" >&2; exit 1; fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  if ! apt-get install -y -q --no-install-recommends $$missing 2>/dev/null; then \
	    apt-get update -q && apt-get install -y -q --no-install-recommends $$missing; fi; \
	fi

configure: deps
	cmake -S . -B $(BUILD) $(if $(wildcard $(BUILD)/CMakeCache.txt),,-G "$(GENERATOR)") -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) "-DCMAKE_CXX_FLAGS_RELEASE=$(RELEASE_FLAGS)" \
	  -DGUNPOWDER_WERROR=$(WERROR) -DGUNPOWDER_SANITIZE=$(SANITIZE) -DGUNPOWDER_STATIC=$(STATIC) \
	  -DGUNPOWDER_UNITY=$(UNITY) -DCMAKE_INSTALL_PREFIX=$(PREFIX)

# Everything: the tools, the test suite (tests/) and its helpers.
build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The five tools alone (what `make demo` and `make install` need).
tools: configure
	cmake --build $(BUILD) -j $(JOBS) --target tools

# One short example a tool (examples/<tool>.sh, through examples/demo.sh), then where to go next;
# under 150 lines in all (ctest demo.lines). The set-up and build print to $(BUILD)/demo-build.log
# (shown whole only if they fail), so that the demo itself is what a newcomer reads.
demo:
	@mkdir -p $(BUILD); echo "make demo: installing what is missing and building the tools (log: $(BUILD)/demo-build.log)"
	@$(MAKE) --no-print-directory tools > $(BUILD)/demo-build.log 2>&1 || { cat $(BUILD)/demo-build.log; exit 1; }
	@sh examples/demo.sh $(BIN)

test: test-deps build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite again under AddressSanitizer and UndefinedBehaviorSanitizer, built with clang in
# $(SANITIZE_BUILD), whose objects are also instrumented for libFuzzer's coverage so that `make fuzz`
# links its harnesses from them instead of compiling the project once more. -O1: the suite runs
# faster than at -O0; line tables only (not full debug information, which costs compile time):
# ASan's and UBSan's reports keep their files and lines. The tests labelled slow (the
# shell-completion drives, the data perturbation, the package and the include check: long runs
# over code the golden cases already cover) run in `make test` only.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_FLAGS ?= -O1 -gline-tables-only
test-sanitize: sanitize-build test-deps
	cd $(SANITIZE_BUILD) && ctest --output-on-failure -j $(JOBS) -LE '^slow$$'

sanitize-build:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(DEB_PACKAGES) $(FUZZ_DEB_PACKAGES)"
	CXX=clang++ cmake -S . -B $(SANITIZE_BUILD) $(if $(wildcard $(SANITIZE_BUILD)/CMakeCache.txt),,-G "$(GENERATOR)") -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=$(SANITIZE_FLAGS)" \
	  -DGUNPOWDER_SANITIZE=ON -DGUNPOWDER_FUZZ=ON -DGUNPOWDER_WERROR=$(WERROR) -DGUNPOWDER_UNITY=$(UNITY) \
	  -DGUNPOWDER_TEST_NODE_MODULES=$(CURDIR)/$(BUILD)/test-node/node_modules
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)

# The golden command-line cases (ctest label cli) again, each tool run under $(VALGRIND), which
# sees the reads of uninitialised memory that ASan cannot. The tools are linked dynamically there
# from the objects of $(BUILD) (target tools-dynamic, in $(BUILD)/bin-dynamic): valgrind cannot
# replace the allocator of a static program, and linking is all it takes (issue 28).
test-valgrind: configure
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(VALGRIND_DEB_PACKAGES)"
	cmake --build $(BUILD) -j $(JOBS) --target tools-dynamic
	cd $(BUILD) && GUNPOWDER_TEST_TOOL_DIR="$(CURDIR)/$(BIN)-dynamic" GUNPOWDER_TEST_WRAPPER="$(VALGRIND)" \
	  ctest --output-on-failure -j $(JOBS) -L '^cli$$' -I $(VALGRIND_FIRST),,$(VALGRIND_EVERY)

# Regenerates the reference tables of docs/tables/ and the reference book's site, $(BUILD)/book
# (open $(BUILD)/book/index.html), with gunpowder-book, which declares the pages once.
tables: tools
	sh scripts/make-tables.sh $(BIN) docs/tables $(BUILD)/book

# Fails when the committed tables differ from what the tools print now.
tables-check: tools
	@rm -rf $(BUILD)/tables-check && sh scripts/make-tables.sh $(BIN) $(BUILD)/tables-check $(BUILD)/tables-check-book
	@diff -r docs/tables $(BUILD)/tables-check || { echo "docs/tables is stale: run make tables" >&2; exit 1; }
	@echo "docs/tables is up to date"

install: tools
	cmake --install $(BUILD) --prefix $(PREFIX)

# The Debian package gunpowder_<version>_amd64.deb, written here (packaging/package.cmake; CPack
# uses dpkg-shlibdeps of dpkg-dev for Depends). `apt install ./gunpowder_*_amd64.deb` installs it.
DEB_TOOL_PACKAGES := dpkg-dev
deb: tools
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(DEB_TOOL_PACKAGES)"
	@rm -rf $(BUILD)/deb
	cd $(BUILD) && cpack -B $(CURDIR)/$(BUILD)/deb
	cp $(BUILD)/deb/gunpowder_*_amd64.deb .
	@ls -l gunpowder_*_amd64.deb

# The package, then lintian on it: any error fails (CI).
deb-check: deb
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="lintian"
	lintian --fail-on error --display-info gunpowder_*_amd64.deb
	@echo "lintian: no error"

bench: tools
	cmake --build $(BUILD) -j $(JOBS) --target bench-hello bench-startup bench-reference bench-sampling
	sh bench/run.sh $(BIN)

# clang-tidy with the committed .clang-tidy over every source of lib/ and tools/ (and the headers
# they include); any finding fails. Uses the compile commands of $(BUILD) (GCC's own warning
# options there are unknown to clang: -Wno-unknown-warning-option; clang 22 reports libstdc++ 12's own
# use of get_temporary_buffer, deprecated in C++20, under std::stable_sort: -Wno-deprecated-declarations,
# which GCC's build still reports for this project's code).
# The compile commands come from a configuration of their own, TIDY_BUILD, without unity batches
# (which list batches, not files); it is only configured, never built.
TIDY_BUILD ?= $(BUILD)-tidy
tidy:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(DEB_PACKAGES) $(TIDY_DEB_PACKAGES)"
	@$(MAKE) --no-print-directory configure BUILD=$(TIDY_BUILD) UNITY=OFF > /dev/null
	run-clang-tidy-$(TIDY_VERSION) -clang-tidy-binary clang-tidy-$(TIDY_VERSION) -p $(TIDY_BUILD) -j $(JOBS) -quiet -extra-arg=-Wno-unknown-warning-option -extra-arg=-Wno-deprecated-declarations "$(CURDIR)/(lib|tools)/.*\.cpp$$" > $(TIDY_BUILD)/tidy.log 2>&1 || \
	  { grep -E "(warning|error):" $(TIDY_BUILD)/tidy.log | sort -u >&2; echo "tidy: findings above (full log: $(TIDY_BUILD)/tidy.log)" >&2; exit 1; }
	@echo "clang-tidy: no finding in lib/ and tools/"

# Each libFuzzer harness for FUZZ_RUNS inputs (at most FUZZ_SECONDS), from the corpus kept in
# fuzz/corpus/<tool>/ and large inputs made by fuzz/large-seeds.sh, with a fixed seed so that a
# run is reproducible (fuzz/harness.hpp: TOML on stdin or in a file, output files, command lines).
# UBSan stops at its first report (halt_on_error; the project's own targets do not recover anyway).
# A harness's dictionary, fuzz/<name>.dict when there is one, is given to libFuzzer (-dict).
# New inputs go to a scratch directory; findings are written to $(SANITIZE_BUILD)/findings/.
fuzz: sanitize-build
	@set -e; rm -rf $(SANITIZE_BUILD)/findings; mkdir -p $(SANITIZE_BUILD)/findings; for h in $(SANITIZE_BUILD)/fuzz/fuzz_*; do \
	  name=$$(basename $$h | sed 's/^fuzz_//; s/_/-/g'); \
	  scratch=$(SANITIZE_BUILD)/scratch/$$name; rm -rf $$scratch; mkdir -p $$scratch; \
	  large=$(SANITIZE_BUILD)/large/$$name; rm -rf $$large; sh fuzz/large-seeds.sh $$name $$large; \
	  echo "== fuzzing $$name: $(FUZZ_RUNS) inputs (at most $(FUZZ_SECONDS) s)"; \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 $$h -seed=1 -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -max_len=$(FUZZ_MAX_LEN) $$(test -f fuzz/$$name.dict && echo -dict=fuzz/$$name.dict) -artifact_prefix=$(CURDIR)/$(SANITIZE_BUILD)/findings/$$name- $$scratch fuzz/corpus/$$name $$large 2>&1 | tee $(SANITIZE_BUILD)/findings/$$name.log | \
	    grep -E "^(stat::number_of_executed_units|stat::new_units_added|Done|==[0-9]+==ERROR|SUMMARY|fuzz: check failed)|runtime error" || true; \
	  if ls $(SANITIZE_BUILD)/findings/$$name-* >/dev/null 2>&1 || grep -qE "ERROR: libFuzzer|deadly signal|^SUMMARY: " $(SANITIZE_BUILD)/findings/$$name.log; then \
    echo "fuzz: $$name found a failing input ($(SANITIZE_BUILD)/findings/)" >&2; exit 1; fi; \
	done

# Keeps in fuzz/corpus/<tool>/ the inputs of the last `make fuzz` that reach code the corpus did
# not (libFuzzer's -merge=1), so that the corpus grows with the runs; commit what it adds.
fuzz-corpus:
	@test -d $(SANITIZE_BUILD)/scratch || { echo "fuzz-corpus: run make fuzz first" >&2; exit 1; }
	@set -e; for h in $(SANITIZE_BUILD)/fuzz/fuzz_*; do \
	  name=$$(basename $$h | sed 's/^fuzz_//; s/_/-/g'); \
	  before=$$(ls fuzz/corpus/$$name | wc -l); \
	  $$h -merge=1 -timeout=10 -rss_limit_mb=2048 fuzz/corpus/$$name $(SANITIZE_BUILD)/scratch/$$name >/dev/null 2>&1; \
	  echo "$$name: $$before -> $$(ls fuzz/corpus/$$name | wc -l) corpus inputs"; \
	done

clean:
	rm -rf $(BUILD) $(BUILD)-tidy build-sanitize build-valgrind build-fuzz gunpowder_*_amd64.deb
