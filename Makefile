# gallery-render — a Makefile that wraps SwiftPM.
#   make run       build (release) and render the bundled Fixtures photos to out/gallery.png
#   make test      the whole test suite (reads ../shared/corpus when present)
#   make bench     benchmarks against peers (not part of make test)
#   make install   a self-contained release binary in $(PREFIX)/bin (static Swift standard library)
#   make format    swift format, in place

PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_FLAGS := -c release --static-swift-stdlib --product gallery-render
BIN := .build/release/gallery-render
OUT := out

.PHONY: build release run test install format lint clean

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	@mkdir -p $(OUT)
	$(BIN) --width 375 --offset 120 --display-scale 2 Fixtures/photos -o $(OUT)/gallery.png
	@echo "Rendered $(OUT)/gallery.png"

# Tests run optimised (with testability): rendering in a debug build is ~30x slower.
test:
	$(SWIFT) test -c release -Xswiftc -enable-testing

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gallery-render

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

clean:
	rm -rf .build $(OUT)
