# repofix container (preview). The base images are build arguments so that the
# image can be built from public images (the defaults) or from local bases
# where no registry is reachable.
#
# Covers Maven (JDK 21) and pytest projects. It does not yet sandbox the tests
# in sibling containers, nor post to GitHub; see README "Status".
ARG BUILD_BASE=maven:3.9-eclipse-temurin-21
ARG RUNTIME_BASE=maven:3.9-eclipse-temurin-21

FROM ${BUILD_BASE} AS build
WORKDIR /src
COPY pom.xml ./
COPY src ./src
RUN mvn -B -q -Dstyle.color=never -DskipTests package

FROM ${RUNTIME_BASE}
# The runtime needs a JDK and Maven for Maven projects, Python with pytest for
# pytest projects.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 python3-pytest git \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/repofix.jar /opt/repofix/repofix.jar
ENTRYPOINT ["java", "-jar", "/opt/repofix/repofix.jar"]
CMD ["fix", "--help"]
