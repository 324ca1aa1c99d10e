package dev.repofix.eval.run;

import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.TestResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Why a case's run says nothing of the model, when it does not: the same for every model
 * (gold, empty, builtin, an LLM), read from the run record alone. The line between the two:
 * <ul>
 *   <li>{@link ResultStatus#ERROR}: the infrastructure could not give the case a place where
 *       gold passes: the set-up failed, the environment misses something from outside the
 *       repository (a module a test imports, a dependency the build cannot resolve, a JDK
 *       that cannot compile the base commit), so a fail-to-pass test fails or is not collected
 *       because of it. Fix the environment and run again: a resumed run runs it again.</li>
 *   <li>{@link ResultStatus#BROKEN}: the case itself is wrong: its fail-to-pass tests do not
 *       fail at the base commit, its reference tests do not compile there, its input is refused.
 *       Fix the case.</li>
 * </ul>
 *
 * @param status ERROR or BROKEN
 * @param reason one line saying what failed and what to do
 */
record Unscorable(ResultStatus status, String reason) {
    /**
     * A compiler's error line naming its source file: Maven's {@code [ERROR] /p/A.java:[3,5]},
     * javac's and Gradle's {@code /p/A.java:3: error}.
     */
    private static final Pattern COMPILE_ERROR = Pattern.compile(
            "([\\w./\\\\$-]+\\.(?:java|kt|scala|groovy))(?::\\[\\d+,\\d+]|:\\d+: error)");
    /** What a build says when the JDK is not the one the project is built for. */
    private static final Pattern JDK_MISMATCH = Pattern.compile("(?i)(invalid (?:target|source) release|release "
            + "version \\d+ not supported|unsupported class file major version|has been compiled by a more recent "
            + "version of the Java Runtime|error: invalid flag: --release|toolchain .* not found|"
            + "No compatible toolchains found)");

    Unscorable {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        if (status != ResultStatus.ERROR && status != ResultStatus.BROKEN) {
            throw new IllegalArgumentException("unscorable is ERROR or BROKEN, not " + status);
        }
    }

    static Unscorable error(String reason) {
        return new Unscorable(ResultStatus.ERROR, reason);
    }

    static Unscorable broken(String reason) {
        return new Unscorable(ResultStatus.BROKEN, reason);
    }

    /** Why {@code record} (a run of {@code kase}) cannot be scored; empty when it can. */
    static Optional<Unscorable> of(EvalCase kase, RunResult record) {
        if (record.error().filter(e -> e.stage().equals("setup")).isPresent()) {
            return Optional.of(error("the case's environment set-up failed: "
                    + firstLine(record.error().get().message())));
        }
        List<String> blocked = blockedTargets(kase, record);
        if (record.status() == RunStatus.ENVIRONMENT || !blocked.isEmpty()) {
            return Optional.of(error(missing(record, blocked)));
        }
        if (record.status() == RunStatus.BUILD_BROKEN) {
            return Optional.of(buildBroken(kase, record));
        }
        Optional<String> notRun = record.notes().stream().filter(n -> n.startsWith(RepairPipeline.NOT_RUN)).findFirst();
        if (record.status() == RunStatus.TESTS_PASS) {
            return Optional.of(broken("no test fails at the base commit with the reference tests; fail_to_pass: "
                    + kase.failToPass() + notRun.map(n -> "; " + n).orElse("")));
        }
        if (notRun.isPresent()) {
            return Optional.of(broken(notRun.get() + " (the case's test ids are not the ones its test command "
                    + "reports, or the command does not run them): check fail_to_pass and test_command"));
        }
        if (record.error().filter(e -> e.kind() == RunError.Kind.INPUT).isPresent()) {
            return Optional.of(broken(record.error().get().message()));
        }
        if (record.status() == RunStatus.FLAKY_ONLY || record.failing().isEmpty()) {
            return Optional.empty();
        }
        Set<String> failing = record.failing().stream().map(TestResult::id).collect(Collectors.toSet());
        if (kase.failToPass().stream().noneMatch(failing::contains)) {
            return Optional.of(broken("none of the fail_to_pass tests fails at the base commit with the reference "
                    + "tests; failing there: " + failing.stream().sorted().limit(5).toList()));
        }
        return Optional.empty();
    }

    /**
     * The fail-to-pass tests the environment keeps from running as they should: failed
     * because something from outside the repository is missing, or in a test module that
     * could not be collected for that reason ({@code tests/test_x.py} for
     * {@code tests/test_x.py::test_y}).
     */
    private static List<String> blockedTargets(EvalCase kase, RunResult record) {
        Set<String> where = record.environment().stream().map(EnvironmentFailure::test).filter(t -> !t.isBlank())
                .collect(Collectors.toSet());
        return kase.failToPass().stream().filter(t -> where.contains(t) || where.contains(module(t))).toList();
    }

    private static String module(String testId) {
        int at = testId.indexOf("::");
        return at < 0 ? testId : testId.substring(0, at);
    }

    private static String missing(RunResult record, List<String> blocked) {
        List<String> what = record.environment().stream()
                .map(e -> e.kind().label() + " " + e.missing())
                .distinct().limit(5).toList();
        List<String> setups = record.environment().stream().map(EnvironmentFailure::setup).filter(s -> !s.isBlank())
                .distinct().limit(3).toList();
        return "the environment misses what the tests need at the base commit: " + String.join(", ", what)
                + (blocked.isEmpty() ? "" : " (fail_to_pass tests that cannot pass here: "
                        + blocked.stream().limit(5).toList() + ")")
                + (setups.isEmpty() ? "" : "; give the case a setup that installs it, e.g. "
                        + String.join("; ", setups));
    }

    /**
     * A build that failed before any test reported: the environment's when the JDK does not
     * fit or the base commit's own files do not compile (the code the case is about compiles
     * wherever it was written), the case's when only its reference tests do not.
     */
    private static Unscorable buildBroken(EvalCase kase, RunResult record) {
        String log = record.buildLog();
        Matcher jdk = JDK_MISMATCH.matcher(log);
        if (jdk.find()) {
            return error("the build cannot run with this machine's JDK: " + lineOf(log, jdk.start())
                    + "; run the case where the JDK its build asks for is installed");
        }
        List<String> testFiles = kase.patch().test().isBlank() ? List.of()
                : PatchText.read(kase.patch().test()) instanceof PatchText.Parsed p ? p.patch().paths() : List.of();
        Matcher m = COMPILE_ERROR.matcher(log);
        while (m.find()) {
            String file = m.group(1).replace('\\', '/');
            if (testFiles.stream().noneMatch(file::endsWith)) {
                return error("the base commit does not compile here, in a file the case does not change ("
                        + lineOf(log, m.start()) + "): the environment (JDK, dependencies, generated sources) is "
                        + "not the one the project builds in");
            }
        }
        return broken("the build or its test modules are broken at the base commit: " + firstLine(log));
    }

    private static String lineOf(String text, int at) {
        int start = text.lastIndexOf('\n', at) + 1;
        int end = text.indexOf('\n', at);
        return text.substring(start, end < 0 ? text.length() : end).strip();
    }

    private static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("(no log)");
    }
}
