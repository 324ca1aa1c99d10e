# repofix GitHub container action (and GitLab CI step).
#
# Both stages take their base image from a build argument: the defaults are the
# public Debian trixie image (trixie ships OpenJDK 21 and Maven 3.9); where no
# registry is reachable, build FROM a local base made with debootstrap (see
# .ci/docker-setup).
#
# Extra CA certificates (a proxy that re-signs TLS): put PEM files into certs/
# or pass one certificate's PEM text as --build-arg EXTRA_CA_CERT=...; the build
# (Maven over HTTPS) and the runtime JVM trust them.
#
# Ecosystems covered inside this image: Maven (JDK 21) and pytest. Other
# ecosystems (Node, Rust, Go) run their tests in the sandbox images
# (`repofix images build`), started as sibling containers through the mounted
# Docker socket.
ARG BUILD_BASE=debian:trixie-slim
ARG RUNTIME_BASE=debian:trixie-slim

FROM ${BUILD_BASE} AS build
ARG EXTRA_CA_CERT=""
COPY certs/ /tmp/certs/
COPY docker/trust-extra-ca.sh /usr/local/bin/trust-extra-ca
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates \
    && EXTRA_CA_CERT="$EXTRA_CA_CERT" trust-extra-ca /tmp/certs \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-21-jdk-headless maven \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, in their own layer, so a source change does not download them again.
COPY pom.xml ./
RUN mvn -B -q -Dstyle.color=never dependency:resolve dependency:resolve-plugins >/dev/null
COPY src/main ./src/main
COPY docker ./docker
# The JSON Schemas go into the jar: the run record's ('repofix publish' checks saved reports against
# it) and the benchmark's case and result files ('repofix eval' checks what it reads).
COPY docs/report.schema.json docs/eval-case.schema.json docs/eval-result.schema.json ./docs/
RUN mvn -B -q -Dstyle.color=never -Dmaven.test.skip=true package

FROM ${RUNTIME_BASE}
ARG EXTRA_CA_CERT=""
COPY certs/ /tmp/certs/
COPY docker/trust-extra-ca.sh /usr/local/bin/trust-extra-ca
# A JDK (not a JRE): the tests of Maven projects compile. Python with pytest for
# pytest projects, git for repositories given by URL or ref.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates \
    && EXTRA_CA_CERT="$EXTRA_CA_CERT" trust-extra-ca /tmp/certs \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        openjdk-21-jdk-headless maven git python3 python3-pytest \
    && rm -rf /var/lib/apt/lists/* /tmp/certs
COPY --from=build /src/target/repofix.jar /opt/repofix/repofix.jar
# GitHub runs container actions as root with the workspace at /github/workspace.
ENTRYPOINT ["java", "-jar", "/opt/repofix/repofix.jar"]
CMD ["--help"]
