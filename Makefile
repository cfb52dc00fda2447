# capq: see README.md. Every target works from a fresh clone with only Go.
GO       ?= go
BIN      := bin/capq
PKGS     := ./...
STATICCHECK_VERSION ?= v0.8.2

.PHONY: build test check vet cross staticcheck fmt golden bench pgo fuzz demo release clean

build:
	$(GO) build -o $(BIN) ./cmd/capq

## test: what CI runs: formatting, vet, the cross builds and every test (unit, golden, end-to-end).
test: vet cross
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -count=1 $(PKGS)

vet:
	$(GO) vet $(PKGS)

## cross: the binary still compiles where int is 32 bits and where the
## syscalls differ (the tests themselves need Linux: FIFOs, rlimits).
cross:
	GOARCH=386 $(GO) build -o /dev/null ./cmd/capq
	GOOS=windows $(GO) build -o /dev/null ./cmd/capq

## check: test plus staticcheck (installed through the module proxy if missing).
check: test staticcheck

staticcheck:
	@command -v staticcheck >/dev/null 2>&1 || $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	PATH="$$PATH:$$($(GO) env GOPATH)/bin" staticcheck $(PKGS)

fmt:
	gofmt -w $$(git ls-files '*.go')

## golden: rewrite every golden file from the current output (review the diff!).
golden:
	CAPQ_UPDATE_GOLDEN=1 $(GO) test -count=1 $(PKGS)

## bench: every benchmark, 6 runs each, for benchstat (go run golang.org/x/perf/cmd/benchstat bench.txt),
## with the profile the shipped binary is built with (go build applies cmd/capq/default.pgo by itself;
## go test needs it named).
PGO := $(CURDIR)/cmd/capq/default.pgo
bench:
	$(GO) test -pgo=$(PGO) -run '^$$' -bench . -benchmem -count 6 $(PKGS) | tee bench.txt

## pgo: rewrite cmd/capq/default.pgo, the CPU profile go build optimises capq with: the engine's
## hot paths on the contended day (1,000 and 10,000 leaves) and the busy-versus-idle and
## scheduling benchmarks, merged. About two minutes; re-run it when the engine changes much.
pgo:
	mkdir -p bin/pgo
	$(GO) test -c -o bin/pgo/sim.test ./engine/sim
	cd engine/sim && CAPQ_SCALE=1 CAPQ_SCALE_DAY=contended CAPQ_SCALE_UNTIL=12h ../../bin/pgo/sim.test \
	  -test.run TestScaleTable -test.cpuprofile ../../bin/pgo/contended.prof
	cd engine/sim && CAPQ_SCALE=1 CAPQ_SCALE_DAY=contended10k CAPQ_SCALE_UNTIL=8h ../../bin/pgo/sim.test \
	  -test.run TestScaleTable -test.cpuprofile ../../bin/pgo/contended10k.prof
	cd engine/sim && ../../bin/pgo/sim.test -test.run '^$$' -test.bench 'BusyVsIdle|Scheduling' \
	  -test.benchtime 2x -test.cpuprofile ../../bin/pgo/bench.prof
	$(GO) tool pprof -proto bin/pgo/contended.prof bin/pgo/contended10k.prof bin/pgo/bench.prof > bin/pgo/merged.pgo
	mv bin/pgo/merged.pgo $(PGO)

## fuzz: each fuzz target for FUZZTIME (default 20s). Go minimizes every
## new interesting input for up to a minute by default, uncounted: runs
## showed 0 execs/s for most of a 60 s run. FUZZMINIMIZE bounds it.
FUZZTIME ?= 20s
FUZZMINIMIZE ?= 2s
fuzz:
	@for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg || exit 1; \
	  done; \
	done

## demo: build capq and run it on the bundled example from the seed documents.
demo: build
	./$(BIN) tree testdata/seeds-example/capacity-scheduler.xml --cluster memory=1000g,vcores=1000
	./$(BIN) lint testdata/seeds-example/capacity-scheduler.xml
	@echo; echo "# development capped with maximum-capacity 40: Hadoop reads it against engineering's maximum"
	./$(BIN) tree testdata/seeds-dev-max40 --cluster memory=1000g
	@echo; echo "# a change that adds a team and removes a stopped one: would refreshQueues accept it?"
	./$(BIN) diff testdata/diff/seeds-new-team/old.xml testdata/diff/seeds-new-team/new.xml

## release: static binaries for every platform, the version stamped, and a
## checksums file, under $(DIST). VERSION defaults to `git describe`.
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64
DIST      ?= dist
release:
	rm -rf $(DIST) && mkdir -p $(DIST)
	@for p in $(PLATFORMS); do \
	  os=$${p%/*}; arch=$${p#*/}; out=$(DIST)/capq-$(VERSION)-$$os-$$arch; \
	  echo "build $$out"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath \
	    -ldflags "-s -w -X main.version=$(VERSION)" -o $$out ./cmd/capq || exit 1; \
	done
	cd $(DIST) && if command -v sha256sum >/dev/null 2>&1; then sha256sum capq-*; else shasum -a 256 capq-*; fi > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

clean:
	rm -rf bin bench.txt dist
