package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole {@code repofix fix} runs on a pytest project whose code and tests import {@code roman}, a
 * small PyPI package that no interpreter of this machine has, declared in its
 * {@code pyproject.toml}: nothing is installed by hand, the set-up installs it into repofix's own
 * venv, and every test run (locally, and in the Docker sandbox without network) uses that venv.
 * Without the set-up every test fails with {@code No module named 'roman'} and the run ends as
 * ENVIRONMENT. The tests of this class share one cache folder: its environments are keyed by the
 * files that define them, so later runs reuse what the first prepared.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ProjectDependenciesEndToEndTest {
    private static final String PACKAGE = "roman";
    private static final String PYPROJECT = """
            [build-system]
            requires = ["setuptools>=61"]
            build-backend = "setuptools.build_meta"

            [project]
            name = "numerals"
            version = "0.1.0"
            requires-python = ">=3.8"
            dependencies = ["roman==4.2"]

            [tool.setuptools]
            py-modules = ["numerals"]

            [tool.pytest.ini_options]
            pythonpath = ["."]
            """;
    /** One bug: 3999, the largest number with a Roman numeral, is left out ({@code <} for {@code <=}). */
    private static final String NUMERALS = """
            import roman


            def in_range(n):
                return n >= 1 and n < 3999


            def numeral(n):
                return roman.toRoman(n) if in_range(n) else None
            """;
    private static final String NUMERALS_TEST = """
            import roman

            from numerals import numeral


            def test_four():
                assert numeral(4) == "IV"


            def test_largest():
                assert numeral(3999) == roman.toRoman(3999)


            def test_zero_has_none():
                assert numeral(0) is None


            def test_too_large_has_none():
                assert numeral(4000) is None
            """;
    /**
     * Fails always, with what its own process sees: the interpreter, the venv's prefix against the
     * interpreter's base, where {@code roman} was imported from and every site-packages folder on
     * {@code sys.path}.
     */
    private static final String WHERE_TEST = """
            import sys

            import roman


            def test_reports_where_it_runs():
                site = [p for p in sys.path if p.endswith("site-packages") or p.endswith("dist-packages")]
                raise AssertionError("WHERE executable=" + sys.executable + " prefix=" + sys.prefix
                                     + " base=" + sys.base_prefix + " roman=" + roman.__file__
                                     + " site=" + ",".join(site) + " END")
            """;
    private static final Pattern WHERE = Pattern.compile(
            "WHERE executable=(\\S+) prefix=(\\S+) base=(\\S+) roman=(\\S+) site=(\\S*) END");

    /** One cache folder for the whole class: the environment is prepared once per sandbox and then reused. */
    @TempDir
    static Path cache;

    @TempDir
    Path temp;

    @BeforeAll
    static void thePackageIsNotInstalledHere() {
        HostAssumptions.pythonModuleMissing(PACKAGE);
    }

    @Test
    @Tag("slow")
    void fixesAProjectWhoseDependencyOnlyTheSetupInstallsAndReusesTheEnvironmentNextRun() {
        fixesAndReuses("local");
    }

    @Test
    @Tag("docker")
    void fixesAProjectWhoseDependencyOnlyTheSetupInstallsInTheDockerSandbox() {
        HostAssumptions.sandboxImages(SandboxImage.PYTHON);
        fixesAndReuses("docker");
    }

    @Test
    @Tag("slow")
    void theTestsOwnProcessRunsInRepofixsVenvWithNoSitePackagesOfTheMachine() {
        Where where = where("local");

        assertThat(where.prefix()).as("a venv under the cache folder").startsWith(cache.resolve("envs").toString());
    }

    @Test
    @Tag("docker")
    void theTestsOwnProcessRunsInRepofixsVenvInTheDockerSandbox() {
        HostAssumptions.sandboxImages(SandboxImage.PYTHON);

        Where where = where("docker");

        assertThat(where.base()).as("the sandbox image's interpreter, not this machine's").isNotEqualTo(hostBase());
    }

    private void fixesAndReuses(String sandbox) {
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("pyproject.toml", PYPROJECT,
                "numerals.py", NUMERALS, "test_numerals.py", NUMERALS_TEST));

        RunOutput first = fix(repo, sandbox, "first", 8);

        JsonNode report = first.report();
        assertThat(first.exitCode()).as(first.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(report.path("status").asText()).as(first.stdout()).isEqualTo("FIXED");
        assertThat(report.path("environment")).as("no environment failure is left").isEmpty();
        assertThat(report.path("failing")).extracting(t -> t.path("id").asText())
                .containsExactly("test_numerals.py::test_largest");
        assertThat(report.path("patch").asText()).contains("-    return n >= 1 and n < 3999")
                .contains("+    return n >= 1 and n <= 3999");
        assertThat(setupSummary(report)).as("the set-up stage says what it installed")
                .containsPattern("environment: python 3(\\.\\d+)+ venv, pip install -e \\. \\((prepared in .+|reused)\\)");
        if (sandbox.equals("docker")) {
            assertThat(report.path("sandbox").asText()).isEqualTo("docker " + SandboxImage.PYTHON.reference());
        }
        Path venv = venvHolding(PACKAGE);

        RunOutput second = fix(repo, sandbox, "second", 8);

        assertThat(second.exitCode()).as(second.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(second.report().path("status").asText()).isEqualTo("FIXED");
        assertThat(setupSummary(second.report())).endsWith("pip install -e . (reused)");
        assertThat(venvHolding(PACKAGE)).isEqualTo(venv);
    }

    /** What the failing fixture test said about its own process, checked against repofix's venv. */
    private Where where(String sandbox) {
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of("pyproject.toml", PYPROJECT,
                "numerals.py", NUMERALS.replace("n < 3999", "n <= 3999"), "test_where.py", WHERE_TEST));

        RunOutput run = fix(repo, sandbox, "where", 1);

        JsonNode report = run.report();
        assertThat(report.path("environment")).as(run.stdout()).isEmpty();
        JsonNode failing = report.path("failing");
        assertThat(failing).extracting(t -> t.path("id").asText()).containsExactly(
                "test_where.py::test_reports_where_it_runs");
        String said = failing.get(0).path("message").asText() + "\n" + failing.get(0).path("trace").asText();
        Matcher m = WHERE.matcher(said);
        assertThat(m.find()).as(said).isTrue();
        Where where = new Where(m.group(1), m.group(2), m.group(3), m.group(4), List.of(m.group(5).split(",")));
        assertThat(where.prefix()).as("a virtual environment, not the interpreter itself").isNotEqualTo(where.base());
        assertThat(where.executable()).startsWith(where.prefix() + "/bin/");
        assertThat(where.roman()).as("the package comes from the venv").startsWith(where.prefix() + "/lib/");
        assertThat(where.site()).as("the venv's site-packages only, no system site-packages")
                .isNotEmpty().allSatisfy(s -> assertThat(s).startsWith(where.prefix() + "/"));
        assertThat(setupSummary(report)).contains("venv, pip install -e .");
        return where;
    }

    private record Where(String executable, String prefix, String base, String roman, List<String> site) {}

    private RunOutput fix(Path repo, String sandbox, String name, int candidates) {
        Path out = temp.resolve("out-" + name);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("REPOFIX_CACHE_DIR", cache.toString());
        return RunOutput.run(temp.resolve("work-" + name), out, vars, "fix", "--repo", repo.toString(), "--out",
                out.toString(), "--timeout", "5m", "--sandbox", sandbox, "--max-candidates",
                String.valueOf(candidates));
    }

    private static String setupSummary(JsonNode report) {
        for (JsonNode stage : report.path("stages")) {
            if (stage.path("stage").asText().equals("setup")) {
                assertThat(stage.path("status").asText()).isEqualTo("OK");
                return stage.path("summary").asText();
            }
        }
        throw new AssertionError("no setup stage in " + report.path("stages"));
    }

    /** The one venv of the cache folder that has {@code module} installed (local runs keep theirs there). */
    private static Path venvHolding(String module) {
        try (Stream<Path> files = Files.find(cache.resolve("envs"), 7, (p, a) -> p.getFileName().toString()
                .equals(module + ".py") && p.getParent().getFileName().toString().equals("site-packages"))) {
            return files.findFirst().map(p -> p.getParent()).orElseThrow(() -> new AssertionError(
                    "no venv under " + cache + " has " + module));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String hostBase() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import sys; print(sys.base_prefix)").start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
