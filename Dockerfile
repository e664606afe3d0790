# gallery-render in a container: Debian 12 with the .deb installed (make image builds it). For Macs
# (Docker Desktop runs amd64 images on Apple silicon through emulation) and for the Kubernetes
# example in docs/usage.md. The .deb is amd64: an arm64 image needs an arm64 build, not made here.
#
#   make image                      dist/ .deb → gallery-render:VERSION (docker, or podman)
#   docker run --rm -v "$PWD:/work" -w /work gallery-render:VERSION --width 375 --offset 120 photos/
ARG BASE=debian:12-slim
FROM ${BASE}
ARG DEB
COPY ${DEB} /tmp/gallery-render.deb
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/gallery-render.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/gallery-render.deb \
    && gallery-render --version
WORKDIR /work
ENTRYPOINT ["gallery-render"]
