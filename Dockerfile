# gallery-render in a container, built from this checkout: for Macs (Docker Desktop builds and runs it
# natively, arm64 on Apple silicon), for Linux machines without Swift, and for the Kubernetes example
# in docs/usage.md. Two stages: the official Swift image (Debian 12) builds the .deb with `make deb`,
# then a plain Debian 12 installs it with apt-get, which brings the libraries it names.
#
#   docker build -t gallery-render .      # or: make image (docker, else podman; Tools/make-image.sh)
#   docker run --rm -v "$PWD:/work" gallery-render --width 375 --offset 120 photos/
#
# SWIFT_IMAGE and BASE can name other images (a mirror's, or local ones where no registry is reachable);
# GALLERY_VERSION names the version (make image passes the checkout's; .git is not sent to the build).
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG BASE=debian:12-slim

FROM ${SWIFT_IMAGE} AS build
ARG GALLERY_VERSION=
WORKDIR /src
COPY . .
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make \
    && make deb DEPS_ARGS=--build ${GALLERY_VERSION:+VERSION=$GALLERY_VERSION} \
    && mkdir /deb && cp dist/gallery-render_*.deb /deb/

FROM ${BASE}
COPY --from=build /deb/ /tmp/deb/
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/deb/gallery-render_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/deb \
    && gallery-render --version
WORKDIR /work
ENTRYPOINT ["gallery-render"]
