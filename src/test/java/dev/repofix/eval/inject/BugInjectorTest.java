package dev.repofix.eval.inject;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.TickingClock;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How long one injection's test run may take: from the passing run, not the whole test timeout. */
class BugInjectorTest {
    @TempDir
    Path dir;

    @Test
    void aTryMayTakeTenTimesThePassingRunAtLeastAMinuteAtMostTheTimeout() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("calc.py", "def add(a, b):\n    return a + b\n")
                    .write("test_calc.py", "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n");
            repo.commit("passing");
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                assertThat(limit(ws, Duration.ofSeconds(20), Duration.ofMinutes(10))).isEqualTo(Duration.ofSeconds(200));
                assertThat(limit(ws, Duration.ofSeconds(3), Duration.ofMinutes(10))).isEqualTo(Duration.ofMinutes(1));
                assertThat(limit(ws, Duration.ofSeconds(20), Duration.ofSeconds(100))).isEqualTo(Duration.ofSeconds(100));
            }
        }
    }

    @Test
    void neverMutatesOrReadsATrackedLinkThatLeadsOutOfTheRepository() throws Exception {
        Path host = Files.writeString(Files.createDirectories(dir.resolve("host")).resolve("host.py"),
                "def secret():\n    return 'e2e-host-0013' + 1\n");
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("calc.py", "def add(a, b):\n    return a + b\n").symlink("host.py", host.toString());
            repo.commit("a link out");
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                assertThat(ws.files().files()).contains("host.py");

                List<BugInjector.Injection> sites = BugInjector.sites(ws, new dev.repofix.build.PytestBuild());

                assertThat(sites).extracting(BugInjector.Injection::file).contains("calc.py").doesNotContain("host.py");
                assertThat(sites.toString()).doesNotContain("e2e-host-0013");
            }
        }
    }

    @Test
    void aJavaProjectOfThreeClassesHasSitesOnMostOfItsLinesOfEveryKindTheTaxonomiesName() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            for (java.util.Map.Entry<String, String> f : ShopProject.files("<project/>").entrySet()) {
                repo.write(f.getKey(), f.getValue());
            }
            repo.commit("shop");
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                List<BugInjector.Injection> sites = BugInjector.sites(ws, new dev.repofix.build.MavenBuild());

                assertThat(sites).extracting(BugInjector.Injection::file).doesNotContain("src/test/java/shop/ShopTest.java");
                assertThat(BugInjector.Sites.of(sites).lines()).as(sites.toString()).isGreaterThanOrEqualTo(16);
                java.util.Set<String> tokenOperators = java.util.Set.of("relational-op", "negate-condition",
                        "off-by-one", "logical-op", "arithmetic", "boolean-literal");
                assertThat(BugInjector.Sites.of(sites.stream().filter(i -> tokenOperators.contains(i.maker().label()))
                        .toList()).lines()).as("main's token operators alone reach too few lines for 8 cases")
                        .isLessThan(8);
                assertThat(sites).extracting(i -> i.maker().label()).contains("wrong-variable", "statement-deleted",
                        "increment-change", "swap-arguments", "drop-condition-clause", "relational-op");
                assertThat(sites).filteredOn(i -> i.maker().label().equals("increment-change"))
                        .extracting(BugInjector.Injection::buggy)
                        .contains("        count--;", "            sum -= price;");
                assertThat(sites).filteredOn(i -> i.maker().label().equals("swap-arguments"))
                        .extracting(BugInjector.Injection::buggy).contains("        return new Range(high, low);");
                assertThat(sites).filteredOn(i -> i.maker().label().equals("statement-deleted"))
                        .extracting(BugInjector.Injection::original).contains("        this.high = high;");
                assertThat(sites).filteredOn(i -> i.maker().label().equals("drop-condition-clause"))
                        .extracting(BugInjector.Injection::buggy)
                        .containsExactlyInAnyOrder("        return total >= 100;", "        return items > 2;");
            }
        }
    }

    /** The try limit when the passing run is read as taking {@code passing}. */
    private static Duration limit(Workspace ws, Duration passing, Duration timeout) {
        TestRunner runner = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()), HostEnvironment.fromSystem(),
                ReportParsers.standard(), new StackFrameExtractor());
        return new BugInjector(new BuildDetector(), runner, timeout, new TickingClock(Instant.EPOCH, passing))
                .prepare(ws, Optional.empty()).tryLimit();
    }
}
