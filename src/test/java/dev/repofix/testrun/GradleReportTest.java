package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.GradleBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.workspace.FileIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle's own JUnit XML (its JUnitXmlResultWriter: testsuite with timestamp and hostname,
 * {@code method()} names for JUnit 5, display names for parameterized tests, output in
 * CDATA, {@code app//} class-loader prefixes in traces), written where Gradle writes it
 * by a command standing in for {@code gradle test}: Gradle cannot be downloaded here.
 */
class GradleReportTest {
    static final String PRICES_TEST_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="com.acme.PricesTest" tests="4" skipped="1" failures="1" errors="0" \
            timestamp="2026-11-24T07:00:00" hostname="ci" time="0.031">
              <properties/>
              <testcase name="adds()" classname="com.acme.PricesTest" time="0.012">
                <failure message="org.opentest4j.AssertionFailedError: expected: &lt;5&gt; but was: &lt;-1&gt;" \
            type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;5&gt; but was: &lt;-1&gt;
            \tat app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
            \tat app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:150)
            \tat app//com.acme.PricesTest.adds(PricesTest.java:10)
            \tat java.base@21.0.2/java.lang.reflect.Method.invoke(Method.java:580)
            Caused by: java.lang.IllegalStateException: rate table closed
            \tat app//com.acme.Prices.rate(Prices.java:7)
            \t... 3 more
            </failure>
              </testcase>
              <testcase name="[1] a" classname="com.acme.PricesTest" time="0.002"/>
              <testcase name="refuses negatives" classname="com.acme.PricesTest" time="0.001"/>
              <testcase name="later()" classname="com.acme.PricesTest" time="0.0">
                <skipped/>
              </testcase>
              <system-out><![CDATA[12:00 [Test worker] INFO prices - total <5> & done
            ]]></system-out>
              <system-err><![CDATA[]]></system-err>
            </testsuite>
            """;

    @TempDir
    Path dir;

    @Test
    void readsGradlesReportOfASubprojectWithItsFramesInTheRepository() {
        String script = "mkdir -p app/build/test-results/test && cat > app/build/test-results/test/"
                + "TEST-com.acme.PricesTest.xml <<'X'\n" + PRICES_TEST_XML + "X\nexit 1";
        FileIndex files = new FileIndex(dir, List.of("app/src/main/java/com/acme/Prices.java",
                "app/src/test/java/com/acme/PricesTest.java", "settings.gradle"));
        TestRunner runner = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()),
                new HostEnvironment(Map.of("PATH", System.getenv("PATH"))), ReportParsers.standard(),
                new StackFrameExtractor());

        TestOutcome outcome = runner.run(dir, new GradleBuild(), new TestCommand(script, Map.of()), files,
                Duration.ofSeconds(30));

        assertThat(outcome).isInstanceOf(TestOutcome.Completed.class);
        TestRun run = ((TestOutcome.Completed) outcome).run();
        assertThat(run.results()).extracting(TestResult::status).containsExactly(TestStatus.FAILED, TestStatus.PASSED,
                TestStatus.PASSED, TestStatus.SKIPPED);
        TestResult failed = run.failing().getFirst();
        assertThat(failed.message()).isEqualTo("org.opentest4j.AssertionFailedError: expected: <5> but was: <-1>");
        assertThat(failed.frames()).containsExactly(
                new StackFrame("app/src/main/java/com/acme/Prices.java", 7, "rate", 1),
                new StackFrame("app/src/test/java/com/acme/PricesTest.java", 10, "adds", 0));
    }
}
