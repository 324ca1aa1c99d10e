package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.ExecResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** coverage.py is pip-installed once per interpreter into repofix's cache and copied into each run from there. */
class CoveragePyInstallTest {
    private static final Pattern TARGET = Pattern.compile("--target (\\S+)");

    @TempDir
    Path dir;

    /**
     * The interpreter as the run's shell sees it: it prints {@code tag} for the tag script and
     * "installs" coverage.py by writing a module where pip's --target says; every script is kept.
     */
    private static final class Interpreter implements CoverageRuns.Shell {
        final List<String> scripts = new ArrayList<>();
        final String tag;
        final boolean pipWorks;
        /** Whether the venv's base interpreter has coverage.py (a sandbox image's python3-coverage). */
        boolean baseHasIt;

        Interpreter(String tag, boolean pipWorks) {
            this.tag = tag;
            this.pipWorks = pipWorks;
        }

        @Override
        public ExecResult run(String script, Map<String, String> extraEnv) {
            scripts.add(script);
            Matcher lib = Pattern.compile("set -- '([^']+)'").matcher(script);
            if (script.contains("_base_executable") && baseHasIt && lib.find()) {
                writeModule(Path.of(lib.group(1)), "version = 'the image's'\n");
                return new ExecResult(new ExecResult.Outcome.Exited(0), script.contains("echo 'repofix-coverage: "
                        + "copied'") ? "repofix-coverage: copied\n" : "", Duration.ZERO);
            }
            if (script.contains("cache_tag")) {
                return new ExecResult(new ExecResult.Outcome.Exited(0), tag + "\n", Duration.ZERO);
            }
            Matcher target = TARGET.matcher(script);
            if (script.contains("pip install") && target.find() && pipWorks) {
                writeModule(Path.of(target.group(1)), "version = '7'\n");
                return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ZERO);
            }
            return new ExecResult(new ExecResult.Outcome.Exited(1), "ERROR: no network", Duration.ZERO);
        }

        /** A {@code coverage} package in {@code lib}, as pip or a copy leaves it. */
        private static void writeModule(Path lib, String text) {
            try {
                Path module = lib.resolve("coverage").resolve("__init__.py");
                Files.createDirectories(module.getParent());
                Files.writeString(module, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        long pipRuns() {
            return scripts.stream().filter(s -> s.contains("pip install")).count();
        }
    }

    @Test
    void pipRunsOnceAndLaterRunsCopyTheCachedInstall() throws Exception {
        Path cache = dir.resolve("cache");
        Interpreter python = new Interpreter("cpython-311-linux-x86_64", true);
        CoveragePyInstall install = new CoveragePyInstall(Optional.of(cache));

        CoveragePyInstall.Outcome first = install.into(dir.resolve("run1/lib"), python);
        CoveragePyInstall.Outcome second = install.into(dir.resolve("run2/lib"), python);

        assertThat(first).isEqualTo(new CoveragePyInstall.Outcome.Ready("installed and cached"));
        assertThat(second).isEqualTo(new CoveragePyInstall.Outcome.Ready("cached"));
        assertThat(python.pipRuns()).isEqualTo(1);
        assertThat(python.scripts).filteredOn(s -> s.contains("python3")).allMatch(s -> s.contains("python3 -I "));
        assertThat(dir.resolve("run2/lib/coverage/__init__.py")).hasContent("version = '7'");
        Path cached = cache.resolve("coverage-py/cpython-311-linux-x86_64/coverage/__init__.py");
        assertThat(Files.getPosixFilePermissions(cached)).as("the cached tree is read-only")
                .doesNotContain(PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_WRITE,
                        PosixFilePermission.OTHERS_WRITE);
        assertThat(Files.getPosixFilePermissions(dir.resolve("run2/lib/coverage/__init__.py")))
                .as("a run's copy is its own").contains(PosixFilePermission.OWNER_WRITE);
        try (var left = Files.list(cache.resolve("coverage-py"))) {
            assertThat(left).extracting(p -> p.getFileName().toString()).containsExactly("cpython-311-linux-x86_64");
        }
    }

    @Test
    void aVenvWhoseBaseInterpreterHasCoverageGetsItsCopyWithoutPip() {
        Interpreter python = new Interpreter("cpython-313-linux-x86_64", false);
        python.baseHasIt = true;

        CoveragePyInstall.Outcome got = new CoveragePyInstall(Optional.of(dir.resolve("cache")))
                .into(dir.resolve("run/lib"), python);

        assertThat(got).isEqualTo(new CoveragePyInstall.Outcome.Ready("copied from the venv's base interpreter"));
        assertThat(python.pipRuns()).isZero();
        assertThat(dir.resolve("run/lib/coverage/__init__.py")).hasContent("version = 'the image's'");
    }

    @Test
    void oneCommandAsksTheEnvironmentAndCopiesFromTheBaseInterpreter() {
        Interpreter python = new Interpreter("cpython-313-linux-x86_64", false);
        python.baseHasIt = true;

        Optional<CoveragePyInstall.Outcome> got = new CoveragePyInstall(Optional.of(dir.resolve("cache")))
                .ensure(dir.resolve("run/lib"), python);

        assertThat(got).contains(new CoveragePyInstall.Outcome.Ready("copied from the venv's base interpreter"));
        // In a sandbox each command is a container start: the check and the copy are one.
        assertThat(python.scripts).hasSize(1);
        assertThat(dir.resolve("run/lib/coverage/__init__.py")).exists();
    }

    @Test
    void anotherInterpreterGetsItsOwnInstall() {
        Path cache = dir.resolve("cache");
        new CoveragePyInstall(Optional.of(cache)).into(dir.resolve("run1/lib"),
                new Interpreter("cpython-311-linux-x86_64", true));
        Interpreter other = new Interpreter("cpython-312-linux-x86_64", true);

        assertThat(new CoveragePyInstall(Optional.of(cache)).into(dir.resolve("run2/lib"), other))
                .isEqualTo(new CoveragePyInstall.Outcome.Ready("installed and cached"));
        assertThat(other.pipRuns()).isEqualTo(1);
    }

    @Test
    void aTreeLeftWithoutItsCompletionMarkIsInstalledOver() throws Exception {
        Path cache = dir.resolve("cache");
        Path crashed = cache.resolve("coverage-py/cpython-311-linux-x86_64/coverage");
        Files.createDirectories(crashed);
        Files.writeString(crashed.resolve("__init__.py"), "half");
        Interpreter python = new Interpreter("cpython-311-linux-x86_64", true);

        CoveragePyInstall.Outcome got = new CoveragePyInstall(Optional.of(cache)).into(dir.resolve("run/lib"), python);

        assertThat(python.pipRuns()).isEqualTo(1);
        assertThat(got).isInstanceOf(CoveragePyInstall.Outcome.Ready.class);
        assertThat(dir.resolve("run/lib/coverage/__init__.py")).hasContent("version = '7'");
    }

    @Test
    void aTagThatIsNotAFolderNameIsNotCachedUnder() {
        Path cache = dir.resolve("cache");
        Interpreter python = new Interpreter("../../etc", true);

        assertThat(new CoveragePyInstall(Optional.of(cache)).into(dir.resolve("run/lib"), python))
                .isEqualTo(new CoveragePyInstall.Outcome.Ready("installed"));
        assertThat(cache).doesNotExist();
    }

    @Test
    void withoutPipTheReasonSaysSo() {
        CoveragePyInstall.Outcome got = new CoveragePyInstall(Optional.of(dir.resolve("cache")))
                .into(dir.resolve("run/lib"), new Interpreter("cpython-311-linux-x86_64", false));

        assertThat(got).isInstanceOf(CoveragePyInstall.Outcome.Failed.class);
        assertThat(((CoveragePyInstall.Outcome.Failed) got).why()).contains("pip could not install")
                .contains("no network");
    }
}
