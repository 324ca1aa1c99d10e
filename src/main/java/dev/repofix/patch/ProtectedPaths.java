package dev.repofix.patch;

import dev.repofix.build.TestPathRules;
import dev.repofix.config.ConfigResolver;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one table of paths a patch may not change because what they hold runs outside the
 * tests: CI definitions, build wrappers and extensions, Git's own files, repofix's
 * configuration (refused always), and build files that run code when the tests are built
 * or collected (refused unless the tests run in the Docker sandbox). Every row applies to
 * every repository, whatever build was detected: CI runs them all, and a repository may
 * hold several ecosystems. Paths are compared segment by segment as {@link PathSafety}
 * folds them (without case, format characters, NTFS's trailing dots and streams), so a
 * name the file system or CI would take for a protected one is protected too. The README's
 * security model shows {@link #markdownTable()}; a test keeps them equal.
 */
public final class ProtectedPaths {
    /** When a row's paths are refused. */
    public enum Protection {
        /** Whatever runs the tests: what the path holds runs in CI, or is the build tool itself. */
        ALWAYS,
        /**
         * Unless the tests run in the Docker sandbox: the build runs what the path holds on the
         * machine that runs the tests, before or beside the tests themselves.
         */
        OUTSIDE_DOCKER
    }

    /**
     * One row of the table.
     *
     * @param ecosystem  whose files these are, for people: "GitHub", "Maven", "pytest", ...
     * @param what       what the files are, the start of a refusal: "CI configuration", ...
     * @param protection when a patch that touches one is refused
     * @param globs      repository-relative globs, as {@link TestPathRules#globToRegex} reads them,
     *                   compared without case
     * @param why        what the files make run, for the refusal and the README
     */
    public record Row(String ecosystem, String what, Protection protection, List<String> globs, String why) {
        public Row {
            Objects.requireNonNull(ecosystem, "ecosystem");
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(protection, "protection");
            globs = List.copyOf(globs);
            Objects.requireNonNull(why, "why");
            if (globs.isEmpty()) {
                throw new IllegalArgumentException("a row needs a glob: " + ecosystem + ", " + what);
            }
        }
    }

    /** A row with its globs as one pattern over folded paths. */
    private record Compiled(Row row, Pattern pattern) {
        static Compiled of(Row row) {
            String any = row.globs().stream().map(g -> TestPathRules.globToRegex(g.toLowerCase(Locale.ROOT)).pattern())
                    .collect(Collectors.joining("|", "(?:", ")"));
            return new Compiled(row, Pattern.compile(any));
        }
    }

    private static final String CI = "CI configuration";
    private static final String WRAPPER = "build wrapper or extension";
    private static final String BUILD_FILE = "build file that runs code";

    private static final List<Row> ROWS = List.of(
            always("Git", "Git internals", List.of("**/.git", "**/.git/**"),
                    "the repository's config, hooks and history, which Git itself runs and trusts"),
            always("Git", "Git settings", List.of("**/.gitmodules", "**/.gitattributes"),
                    "which submodules a checkout fetches and from where; which filters (programs) Git runs on "
                            + "checkout, and what a diff hides from review"),
            always("GitHub", CI, List.of(".github/**", "**/action.yml", "**/action.yaml"),
                    "workflows and actions (composite, Docker, JavaScript, at any depth) run in CI with its "
                            + "secrets; CODEOWNERS and Dependabot's settings decide who reviews and what is updated"),
            always("Docker", CI, List.of("**/Dockerfile", "**/Dockerfile.*", "**/*.dockerfile", "**/Containerfile"),
                    "a Docker action or a CI job builds the image and runs it with CI's rights"),
            always("GitLab", CI, List.of("**/.gitlab-ci.yml", "**/*.gitlab-ci.yml", ".gitlab/**"),
                    "pipelines and the templates they include run in CI with its variables"),
            always("Jenkins", CI, List.of("**/Jenkinsfile*", "**/*.jenkinsfile"),
                    "pipeline scripts run on the agents with their credentials"),
            always("CircleCI", CI, List.of(".circleci/**"), "pipelines and orbs run in CI with its contexts"),
            always("Azure Pipelines", CI, List.of("**/azure-pipelines*.yml", "**/azure-pipelines*.yaml",
                    ".azure-pipelines/**", ".azuredevops/**"), "pipelines and templates run in CI with its secrets"),
            always("Travis CI", CI, List.of("**/.travis.yml"), "the build script runs in CI with its secrets"),
            always("Buildkite", CI, List.of(".buildkite/**", "buildkite.yml", "buildkite.yaml", "buildkite.json"),
                    "pipelines and hooks run on the agents"),
            always("other CI and hooks", CI, List.of(".ci/**", ".drone.yml", "bitbucket-pipelines.yml", "appveyor.yml",
                    ".appveyor.yml", ".cirrus.yml", ".woodpecker.yml", ".woodpecker/**", ".pre-commit-config.yaml",
                    ".husky/**", ".devcontainer/**", ".devcontainer.json"),
                    "run in CI, on every commit or when a development container opens"),
            always("Maven", WRAPPER, List.of("**/mvnw", "**/mvnw.cmd", "**/.mvn/**"),
                    "the wrapper downloads and starts Maven; .mvn holds the extensions Maven loads "
                            + "(extensions.xml), its JVM flags (jvm.config) and its options (maven.config)"),
            always("Gradle", WRAPPER, List.of("**/gradlew", "**/gradlew.bat", "**/gradle/wrapper/**", "**/buildSrc/**",
                    "**/init.gradle", "**/init.gradle.kts", "**/*.init.gradle", "**/*.init.gradle.kts",
                    "**/init.d/*.gradle", "**/init.d/*.gradle.kts"),
                    "the wrapper downloads and starts the Gradle its properties name; buildSrc is compiled into "
                            + "every build; init scripts run before any project"),
            always("npm", WRAPPER, List.of("**/.npmrc", "**/.yarnrc", "**/.yarnrc.yml", "**/.yarn/**",
                    "**/.pnpmfile.cjs"),
                    ".npmrc sets the shell scripts run in and node's flags; .yarnrc.yml's yarnPath and .yarn/ are "
                            + "the Yarn that runs and its plugins; .pnpmfile.cjs runs on install"),
            always("Cargo", WRAPPER, List.of("**/.cargo/**", "**/rust-toolchain", "**/rust-toolchain.toml"),
                    ".cargo/config.toml names programs Cargo starts (rustc-wrapper, runner, aliases); "
                            + "rust-toolchain picks the compiler rustup downloads and runs"),
            always("repofix", "repofix configuration", List.of(ConfigResolver.FILE_NAME, ".repofix.yaml"),
                    "it sets how the tests run, and a patch may not change how it is judged"),
            outsideDocker("Maven", List.of("**/pom.xml"),
                    "plugins run code while the tests build (exec, antrun, any plugin and version it names)"),
            outsideDocker("Gradle", List.of("**/*.gradle", "**/*.gradle.kts", "**/gradle.properties",
                    "**/gradle/*.versions.toml"),
                    "build and settings scripts are programs; gradle.properties sets the daemon's JVM flags; "
                            + "the version catalog picks plugins"),
            outsideDocker("pytest, unittest", List.of("**/conftest.py", "**/pytest.ini", "**/.pytest.ini",
                    "**/pyproject.toml", "**/setup.cfg", "**/tox.ini", "**/setup.py", "**/noxfile.py",
                    "**/sitecustomize.py", "**/usercustomize.py"),
                    "pytest imports every conftest.py before any test, and its settings (addopts = -p) load "
                            + "plugins; setup.py and build backends run when the project installs; "
                            + "sitecustomize runs when Python starts"),
            outsideDocker("npm", List.of("**/package.json"), "its scripts (pretest, test, posttest) run as npm "
                    + "runs the tests"),
            outsideDocker("Cargo", List.of("**/build.rs", "**/Cargo.toml"),
                    "build.rs runs before the tests compile; Cargo.toml names build scripts, build-dependencies "
                            + "and procedural macros, which run at compile time"));
    private static final List<Compiled> COMPILED = ROWS.stream().map(Compiled::of).toList();

    private ProtectedPaths() {}

    private static Row always(String ecosystem, String what, List<String> globs, String why) {
        return new Row(ecosystem, what, Protection.ALWAYS, globs, why);
    }

    private static Row outsideDocker(String ecosystem, List<String> globs, String why) {
        return new Row(ecosystem, BUILD_FILE, Protection.OUTSIDE_DOCKER, globs, why);
    }

    /** Every row, those refused always first. */
    public static List<Row> rows() {
        return ROWS;
    }

    /**
     * The first row of {@code protection} that holds the path of {@code foldedSegments}
     * (segments as {@link PathSafety} folds them, "." and empty ones dropped), or empty.
     */
    static Optional<Row> find(List<String> foldedSegments, Protection protection) {
        String path = String.join("/", foldedSegments);
        return COMPILED.stream().filter(c -> c.row().protection() == protection && c.pattern().matcher(path).matches())
                .map(Compiled::row).findFirst();
    }

    /**
     * The table as the README shows it: one line per row, with its ecosystem, its paths, when
     * they are refused and why.
     */
    public static String markdownTable() {
        StringBuilder md = new StringBuilder("| ecosystem | paths | refused | why |\n| --- | --- | --- | --- |\n");
        for (Row row : ROWS) {
            md.append("| ").append(row.ecosystem()).append(" | ")
                    .append(row.globs().stream().map(g -> "`" + g + "`").collect(Collectors.joining(", ")))
                    .append(" | ").append(row.protection() == Protection.ALWAYS ? "always"
                            : "unless the tests run in Docker")
                    .append(" | ").append(row.what()).append(": ").append(row.why()).append(" |\n");
        }
        return md.toString();
    }
}
