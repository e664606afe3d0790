# gallery-render — a Makefile that wraps SwiftPM. Every target that builds first installs the Debian
# packages the build needs when they are missing (Tools/install-deps.sh, the one list of them).
#
#   make run              build (release) and render the bundled Fixtures photos to out/gallery.png
#   make test             the whole test suite, optimised (reads ../shared/corpus when present)
#   make build            a debug build
#   make release          a release build with the Swift standard library linked statically
#   make install          the release binary, its man page and completions under $(PREFIX)
#   make deb              dist/gallery-render_VERSION_ARCH.deb (Tools/make-deb.sh); make deb-check tests it,
#                         make deb-chroot installs it with apt-get on a fresh debootstrap of Debian 12
#   make image            a container image built from this checkout: docker or podman (Dockerfile, Tools/make-image.sh)
#   make image-check      builds it with podman and compares its frame with the host build's (Tools/check-image.sh)
#   make library-example  build and test docs/examples/CarouselSnapshots against this checkout
#   make bench            benchmarks against peers, figures in docs/performance.md (not part of make test)
#   make soak             a SOAK_MINUTES (20) batch + check with resident memory sampled: fails if it grows
#   make sanitize         sanitize-address (ASan, leaks included, with UBSan over the C targets), -undefined, -thread
#   make cross-check      the C kernels built for arm64, run under qemu, compared with x86-64 (Tools/cross-check)
#   make fuzz             the libFuzzer targets, FUZZ_SECONDS each (Fuzz/README.md)
#   make format           swift format, in place
#   make lint             swift format lint: fails on any finding (CI runs it)
#   make deps             only install the packages (Tools/install-deps.sh)
#   make readme           rewrite docs/options.md's option tables from the declarations, and add new targets to docs/architecture.md's module map
#   make clean            remove .build and out

PREFIX ?= /usr/local
# The version, from one place: the git tag on HEAD (v1.2.0 → 1.2.0), else VERSION plus the commit,
# and ".dirty" when tracked files differ from it (as `git describe --dirty`): the frame cache keys on
# the version, so a build of edited sources must not pass for the commit's.
DECLARED_VERSION := $(shell cat VERSION)
GIT_TAG := $(shell git describe --tags --exact-match 2>/dev/null)
GIT_COMMIT := $(shell git rev-parse --short=7 HEAD 2>/dev/null)
GIT_DIRTY := $(if $(shell git status --porcelain --untracked-files=no 2>/dev/null),.dirty)
VERSION := $(or $(patsubst v%,%,$(GIT_TAG)),$(DECLARED_VERSION)$(if $(GIT_COMMIT),+g$(GIT_COMMIT)$(GIT_DIRTY)))
VERSION_HEADER := .build/generated/gr_build_version.h
SWIFT ?= swift
RELEASE_FLAGS := -c release --static-swift-stdlib --product gallery-render
BIN := .build/release/gallery-render
OUT := out
DEPS := Tools/install-deps.sh
# --build: only what building and packaging need (the Dockerfile's build stage).
DEPS_ARGS ?=
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)

.PHONY: image image-check print-version cross-check version library-example deb deb-check deb-chroot readme deps build release run test bench soak install sanitize sanitize-address sanitize-undefined sanitize-thread fuzz format lint clean

deps: version
	@$(DEPS) $(DEPS_ARGS)

# CBuildInfo includes the header when it exists; rewritten (and its C file rebuilt) only on a change.
version:
	@mkdir -p $(dir $(VERSION_HEADER))
	@printf '#define GR_BUILD_VERSION "%s"\n' '$(VERSION)' > $(VERSION_HEADER).new
	@if cmp -s $(VERSION_HEADER).new $(VERSION_HEADER); then rm $(VERSION_HEADER).new; \
	else mv $(VERSION_HEADER).new $(VERSION_HEADER); touch Sources/CBuildInfo/gr_build_info.c; fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	@mkdir -p $(OUT)
	$(BIN) --width 375 --offset 120 --display-scale 2 Fixtures/photos -o $(OUT)/gallery.png
	@echo "Rendered $(OUT)/gallery.png"

# Tests run optimised (with testability): rendering in a debug build is ~30x slower.
test: deps
	$(SWIFT) test -c release -Xswiftc -enable-testing

# The Dockerfile's image, built from this checkout inside a Swift image: docker, or podman (Tools/make-image.sh).
image:
	VERSION='$(VERSION)' Tools/make-image.sh

# Builds the image with podman and compares its frame with the host build's (IMAGE_BASE: Tools/check-image.sh).
image-check:
	@Tools/check-image.sh

print-version:
	@echo '$(VERSION)'

# The C kernels on arm64 (cross-built, run under qemu-user) and at every x86-64 SIMD level, byte for byte.
cross-check:
	Tools/cross-check/cross-check.sh

# Not part of `make test`: peers and photos are set up on demand (Bench/run.py says what it installs).
BENCH_ARGS ?=
bench: release
	@mkdir -p .build/bench
	cc -O2 -o .build/bench/decode_floor Bench/decode_floor.c -ljpeg
	python3 Bench/run.py $(BENCH_ARGS)

# Not part of `make test`: 20 minutes by default (Tools/soak.py says what it measures).
SOAK_MINUTES ?= 20
soak: release
	SOAK_MINUTES=$(SOAK_MINUTES) python3 Tools/soak.py

# The sanitizers, each over the whole suite: sanitize-address is AddressSanitizer (leaks included)
# and UndefinedBehaviorSanitizer in one build and one run (what CI runs); sanitize-undefined is UBSan
# alone, which also runs the tests ASan's runtime cannot (NoProcTests); sanitize-thread, TSan.
SANITIZE_FLAGS := -c release -Xswiftc -enable-testing
sanitize: sanitize-address sanitize-undefined sanitize-thread

# UndefinedBehaviorSanitizer over the C targets (swiftc has no -sanitize=undefined; Swift traps on
# its own): clang instruments them, and clang links its runtime. Any report stops the run.
UBSAN_FLAGS := -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
	-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
UBSAN_ENV := UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

sanitize-address: deps
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tools/lsan.supp $(UBSAN_ENV) \
		$(SWIFT) test $(SANITIZE_FLAGS) --sanitize address $(UBSAN_FLAGS) --scratch-path .build/asan

sanitize-undefined: deps
	$(UBSAN_ENV) $(SWIFT) test $(SANITIZE_FLAGS) $(UBSAN_FLAGS) --scratch-path .build/ubsan

sanitize-thread: deps
	$(SWIFT) test $(SANITIZE_FLAGS) --sanitize thread --scratch-path .build/tsan

# libFuzzer targets (Fuzz/README.md), each run FUZZ_SECONDS, seeded from the corpus and regressions.
FUZZ_SECONDS ?= 60
FUZZ_ARGS ?=
FUZZ_TARGETS := fuzz-png fuzz-apng fuzz-jpeg fuzz-heif fuzz-webp fuzz-icc fuzz-render fuzz-manifest fuzz-options fuzz-layout fuzz-font
FUZZ_DIR := .build/fuzz
CORPUS ?= ../shared/corpus
# ASan fills every allocation (max_malloc_fill_size), as M_PERTURB does under glibc's malloc: libde265
# reads memory it never wrote in a damaged stream, and the HEIF target compares two decodes.
# SwiftPM passes `--sanitize` to swiftc as one -sanitize= flag each, and swiftc keeps only the last:
# without the combined flag the Swift code had ASan but no coverage counters (only the C was guided).
FUZZ_SWIFTC := -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
fuzz: deps
	@for target in $(FUZZ_TARGETS); do \
		GALLERY_FUZZ=1 $(SWIFT) build -c release --product $$target --sanitize fuzzer --sanitize address \
			$(FUZZ_SWIFTC) --scratch-path $(FUZZ_DIR) || exit 1; \
	done
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$target $(FUZZ_DIR)/artifacts Fuzz/regressions/$$target; \
		seeds="Fuzz/regressions/$$target"; \
		case $$target in \
			fuzz-png) [ -d $(CORPUS)/pngsuite ] && seeds="$$seeds $(CORPUS)/pngsuite" ;; \
			fuzz-jpeg) python3 Fuzz/make_jpeg_seeds.py $(FUZZ_DIR)/seeds/fuzz-jpeg && seeds="$$seeds $(FUZZ_DIR)/seeds/fuzz-jpeg"; \
				[ -d $(CORPUS)/jpeg ] && seeds="$$seeds $(CORPUS)/jpeg $(CORPUS)/exif-orientation" ;; \
			fuzz-heif) [ -d $(CORPUS)/heif ] && seeds="$$seeds $(CORPUS)/heif" ;; \
			fuzz-icc) [ -d /usr/share/color/icc/ghostscript ] && seeds="$$seeds /usr/share/color/icc/ghostscript" ;; \
			fuzz-render) [ -d $(CORPUS)/jpeg ] && seeds="$$seeds $(CORPUS)/jpeg $(CORPUS)/pngsuite Fixtures/photos" ;; \
			fuzz-font) mkdir -p $(FUZZ_DIR)/seeds/fuzz-font; \
				cp /usr/share/fonts/opentype/inter/Inter-Regular.otf /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
					$(FUZZ_DIR)/seeds/fuzz-font/ 2>/dev/null; seeds="$$seeds $(FUZZ_DIR)/seeds/fuzz-font" ;; \
		esac; \
		echo "== $$target for $(FUZZ_SECONDS) s (seeds: $$seeds)"; \
		mask=0; [ $$target = fuzz-options ] && mask=3; \
		ASAN_OPTIONS=detect_leaks=1:max_malloc_fill_size=2147483647 $(FUZZ_DIR)/release/$$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-close_fd_mask=$$mask $(FUZZ_ARGS) \
			-rss_limit_mb=2048 -max_len=1048576 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$$target- \
			$(FUZZ_DIR)/corpus/$$target $$seeds > $(FUZZ_DIR)/$$target.log 2>&1; status=$$?; \
		tail -n 12 $(FUZZ_DIR)/$$target.log; \
		[ $$status -eq 0 ] || { echo "$$target failed: see $(FUZZ_DIR)/$$target.log and $(FUZZ_DIR)/artifacts/"; exit 1; }; \
	done

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gallery-render
	$(BIN) --generate-manual > $(DESTDIR)$(PREFIX)/share/man/man1/gallery-render.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gallery-render
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gallery-render
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gallery-render.fish

# The example package, as a separate package depending on this checkout by a link named as a URL
# dependency would be (its identity, gallery-render), built in a scratch folder of its own.
EXAMPLE := docs/examples/CarouselSnapshots
library-example: deps
	@mkdir -p .build/example && ln -sfn "$(CURDIR)" .build/example/gallery-render
	GALLERY_RENDER_PATH="$(CURDIR)/.build/example/gallery-render" $(SWIFT) test --package-path $(EXAMPLE) \
		--scratch-path .build/example/build

deb: release
	@Tools/make-deb.sh '$(VERSION)' $(BIN)

# Builds the .deb, inspects it, unpacks it into a scratch root and runs the unpacked binary on the
# fixtures; lintian when installed (Tools/check-deb.sh).
deb-check: deb
	@Tools/check-deb.sh dist/gallery-render_$(VERSION)_$(ARCH).deb

# apt-get install of the .deb on a fresh minimal Debian 12 (debootstrap; root and a mirror needed).
deb-chroot: deb
	@Tools/check-deb-chroot.sh dist/gallery-render_$(VERSION)_$(ARCH).deb

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build $(OUT)

# docs/options.md's option tables, rewritten from the option declarations (the test fails that run, on purpose).
readme: deps
	-GALLERY_UPDATE_README=1 $(SWIFT) test -c release -Xswiftc -enable-testing --filter "OptionTablesTests|ModuleMapTests"
	@git diff --stat docs/options.md docs/architecture.md
