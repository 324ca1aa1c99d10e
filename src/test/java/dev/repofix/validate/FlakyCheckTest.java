package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flaky check with a build that selects tests by listing their ids after
 * {@code run-only}, and an executor that writes a JUnit report of the tests it was asked
 * to run: every selected one fails, except those named flaky, which pass.
 */
class FlakyCheckTest {
    @TempDir
    Path dir;

    private final List<List<String>> selections = new ArrayList<>();

    @Test
    void aFewFailingTestsAreAllRerunAndTheirTimeIsKeptForScreening() {
        List<String> failing = ids(5);

        FlakyCheck.Result r = new FlakyCheck(suite(Set.of("t.T#m03"))).check(baseline(failing), dir, 2,
                Duration.ofMinutes(1));

        assertThat(selections).hasSize(2).allSatisfy(s -> assertThat(s).containsExactlyElementsOf(failing));
        assertThat(r.baseline().flaky()).containsExactly("t.T#m03");
        assertThat(r.failingOnly()).isPresent();
        assertThat(r.notes()).isEmpty();
    }

    /** With a warm JVM, the reruns run there: no build invocation, and a test that passes there is flaky. */
    @Test
    void failingTestsRerunInTheWarmJvmNotThroughTheBuild() {
        List<String> failing = ids(5);
        Warm warm = new Warm(Set.of("t.T#m03"), false);

        FlakyCheck.Result r = new FlakyCheck(suite(Set.of()), Optional.of(warm)).check(baseline(failing), dir, 2,
                Duration.ofMinutes(1));

        assertThat(selections).as("no build invocation").isEmpty();
        assertThat(warm.runs).hasSize(2).allSatisfy(s -> assertThat(s).containsExactlyElementsOf(failing));
        assertThat(r.baseline().flaky()).containsExactly("t.T#m03");
        assertThat(r.baseline().failing()).hasSize(4);
    }

    /** A warm JVM that cannot run them (it timed out) hands this rerun and the next to the build. */
    @Test
    void aWarmJvmThatCannotRunTheFailingTestsHandsTheRerunsToTheBuild() {
        List<String> failing = ids(3);
        Warm warm = new Warm(Set.of(), true);

        FlakyCheck.Result r = new FlakyCheck(suite(Set.of("t.T#m01")), Optional.of(warm)).check(baseline(failing),
                dir, 2, Duration.ofMinutes(1));

        assertThat(warm.runs).hasSize(1);
        assertThat(selections).hasSize(2).allSatisfy(s -> assertThat(s).containsExactlyElementsOf(failing));
        assertThat(r.baseline().flaky()).containsExactly("t.T#m01");
    }

    /** 1,553 failing tests that fail for one reason: a sample reruns, the same each time, and the notes say so. */
    @Test
    void manyFailingTestsRerunOnlyASpreadSampleAndSaySo() {
        List<String> failing = new ArrayList<>(ids(1553));
        java.util.Collections.reverse(failing); // the sample does not depend on the report's order

        FlakyCheck.Result r = new FlakyCheck(suite(Set.of("t.T#m0000", "t.T#m0777"))).check(baseline(failing), dir,
                2, Duration.ofMinutes(1));

        assertThat(selections).hasSize(2);
        assertThat(selections.get(0)).hasSize(FlakyCheck.MAX_RERUN).doesNotHaveDuplicates()
                .contains("t.T#m0000", "t.T#m1552").isEqualTo(selections.get(1));
        assertThat(r.notes()).containsExactly("flaky check: reran 20 of 1,553 failing tests (an evenly spread sample "
                + "by id); the others were not checked for flakiness");
        assertThat(r.baseline().flaky()).as("a flaky test in the sample is found").containsExactly("t.T#m0000");
        assertThat(r.baseline().failing()).hasSize(1552);
        assertThat(r.failingOnly()).as("a sample's time is not what screening every failing test costs").isEmpty();
    }

    /** A warm JVM in which every test fails except {@code passing}; or one that always times out. */
    private static final class Warm implements Screening {
        final List<List<String>> runs = new ArrayList<>();
        final Set<String> passing;
        final boolean timesOut;

        Warm(Set<String> passing, boolean timesOut) {
            this.passing = passing;
            this.timesOut = timesOut;
        }

        @Override
        public ScreenResult screen(String candidateId, Path copy, List<String> sources, List<String> tests,
                Duration limit) {
            runs.add(List.copyOf(tests));
            if (timesOut) {
                return new ScreenResult.TimedOut(limit, limit);
            }
            Map<String, TestStatus> statuses = new java.util.HashMap<>();
            tests.forEach(t -> statuses.put(t, passing.contains(t) ? TestStatus.PASSED : TestStatus.FAILED));
            return new ScreenResult.Ran(statuses, Map.of(), Duration.ZERO, Duration.ofMillis(2));
        }

        @Override
        public void close() {}
    }

    private static List<String> ids(int n) {
        String format = n > 100 ? "t.T#m%04d" : "t.T#m%02d";
        return IntStream.range(0, n).mapToObj(i -> String.format(format, i)).toList();
    }

    private static Baseline baseline(List<String> failing) {
        List<TestResult> results = new ArrayList<>(failing.stream()
                .map(id -> new TestResult(id, TestStatus.FAILED, "boom", "boom", List.of())).toList());
        results.add(TestResult.passed("t.Ok#fine"));
        return Baseline.of(new TestRun(results));
    }

    private SuiteRunner suite(Set<String> flaky) {
        Executor executor = c -> {
            String shell = c.argv().get(c.argv().size() - 1);
            List<String> selected = shell.startsWith("run-only ")
                    ? Arrays.asList(shell.substring("run-only ".length()).split(" ")) : List.of();
            selections.add(selected);
            StringBuilder xml = new StringBuilder("<testsuite name=\"t\">");
            for (String id : selected) {
                String[] parts = id.split("#");
                xml.append("<testcase classname=\"").append(parts[0]).append("\" name=\"").append(parts[1])
                        .append("\">").append(flaky.contains(id) ? "" : "<failure message=\"boom\">boom</failure>")
                        .append("</testcase>");
            }
            try {
                Files.writeString(c.workdir().resolve("TEST-t.xml"), xml.append("</testsuite>"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new ExecResult(new ExecResult.Outcome.Exited(1), "", Duration.ofMillis(5));
        };
        TestRunner runner = new TestRunner(executor, new HostEnvironment(Map.of()), ReportParsers.standard(),
                new StackFrameExtractor());
        return new SuiteRunner(new SelectingBuild(), new TestCommand("run-all", Map.of()), null, runner,
                new FileIndex(dir, List.of()));
    }
}
