package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real pytest project whose tests import {@code inflection}, a small PyPI package no interpreter of
 * this machine has: the set-up installs it from the registry into repofix's own venv.
 */
@Tag("slow")
class PythonEnvironmentSetupTest {
    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = HostEnvironment.fromSystem();

    private Path project() throws Exception {
        Path root = Files.createDirectories(dir.resolve("project"));
        Files.writeString(root.resolve("requirements.txt"), "inflection\n");
        Files.createDirectories(root.resolve("tests"));
        Files.writeString(root.resolve("tests/test_words.py"), """
                import inflection

                def test_plural():
                    assert inflection.pluralize("bug") == "bugs"
                """);
        return root;
    }

    private EnvironmentSetup setup(List<String> commands) {
        RunSettings run = RunSettings.defaults();
        run = new RunSettings(run.testCommand(), run.maxCandidates(), run.timeout(), run.testTimeout(), run.reruns(),
                run.jobs(), commands, Optional.empty());
        return EnvironmentSetup.of(run, executor, host, dir.resolve("cache"), Clock.systemUTC());
    }

    private ExecResult python(Path venvBin, String code) {
        return executor.run(new Command(List.of(venvBin.resolve("python").toString(), "-c", code), dir,
                Map.of("PATH", System.getenv("PATH")), Duration.ofMinutes(1), Command.DEFAULT_OUTPUT_CAP));
    }

    @Test
    void installsTheRequirementsIntoAVenvOfItsOwnAndReusesItNextTime() throws Exception {
        Path root = project();
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        assertThat(executor.run(Command.shell("python3 -c 'import inflection'", dir, Map.of("PATH",
                System.getenv("PATH")), Duration.ofMinutes(1))).succeeded()).as("the host has no inflection").isFalse();

        PreparedEnvironment env = setup(List.of()).prepare(root, build);

        Path bin = env.pathFolders().get(0);
        assertThat(env.reused()).isFalse();
        assertThat(env.variables()).containsKey("VIRTUAL_ENV");
        assertThat(env.sourceRoots()).containsExactly(".");
        assertThat(env.description()).contains("pip install -r requirements.txt");
        assertThat(python(bin, "import inflection, pytest").succeeded()).isTrue();
        assertThat(python(bin, "import sys; print(sys.prefix != sys.base_prefix)").output()).contains("True");
        assertThat(Files.readString(bin.getParent().resolve("pyvenv.cfg")))
                .contains("include-system-site-packages = false");
        assertThat(root.resolve("target")).doesNotExist();

        PreparedEnvironment again = setup(List.of()).prepare(root, build);

        assertThat(again.reused()).isTrue();
        assertThat(again.setupTime()).isZero();
        assertThat(again.pathFolders()).isEqualTo(env.pathFolders());

        Files.writeString(root.resolve("requirements.txt"), "inflection\n# another line\n");
        PreparedEnvironment changed = setup(List.of()).prepare(root, build);

        assertThat(changed.reused()).isFalse();
        assertThat(changed.pathFolders()).isNotEqualTo(env.pathFolders());
        assertThat(new EnvironmentStore(dir.resolve("cache"), Clock.systemUTC()).list()).hasSize(2);
    }

    /**
     * A project whose version comes from Git (setuptools-scm): the set-up's copy gets the
     * workspace's Git folder, so {@code pip install -e .} installs the version the repository's
     * tags give (without it, setuptools-scm refuses to build: no version to detect).
     */
    @Test
    void aProjectVersionedByGitInstallsTheVersionItsTagsGive() throws Exception {
        Path root = Files.createDirectories(dir.resolve("scm"));
        Files.writeString(root.resolve("pyproject.toml"), """
                [build-system]
                requires = ["setuptools>=64", "setuptools-scm>=8"]
                build-backend = "setuptools.build_meta"

                [project]
                name = "scmpkg"
                dynamic = ["version"]

                [tool.setuptools]
                packages = ["scmpkg"]

                [tool.setuptools_scm]
                """);
        Files.createDirectories(root.resolve("scmpkg"));
        Files.writeString(root.resolve("scmpkg/__init__.py"), "ANSWER = 42\n");
        Files.createDirectories(root.resolve("tests"));
        Files.writeString(root.resolve("tests/test_answer.py"), "import scmpkg\n\ndef test_answer():\n"
                + "    assert scmpkg.ANSWER == 42\n");
        dev.repofix.workspace.TestRepo repo = dev.repofix.workspace.TestRepo.init(root);
        repo.commit("first");
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.open(root.toFile())) {
            git.tag().setName("v1.4.0").setAnnotated(false).call();
        }
        repo.write("scmpkg/extra.py", "X = 1\n").commit("second");

        try (dev.repofix.workspace.Workspace ws = new dev.repofix.workspace.Workspaces(dir.resolve("ws"),
                Duration.ofMinutes(1)).open(root.toString(), Optional.empty())) {
            BuildSystem build = new BuildDetector().detect(ws.root(), Optional.empty());
            PreparedEnvironment env = setup(List.of()).prepare(ws.root(), build, ws.gitFolder());

            ExecResult version = python(env.pathFolders().get(0),
                    "import importlib.metadata as m; print(m.version('scmpkg'))");
            assertThat(version.succeeded()).as(version.output()).isTrue();
            assertThat(version.output().strip()).startsWith("1.4.1.dev1+g");
            assertThat(ws.root().resolve(".git")).doesNotExist();
        }
    }

    @Test
    void aSetupReplacesTheDetectedStepsAndStillRunsInTheVenv() throws Exception {
        Path root = project();
        Files.delete(root.resolve("requirements.txt"));
        Files.writeString(root.resolve("setup.py"), "from setuptools import setup\nsetup(name='p', py_modules=[])\n");
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        PreparedEnvironment env = setup(List.of("pip install -q inflection", "pip install -q pytest"))
                .prepare(root, build);

        assertThat(env.description()).contains("setup: pip install -q inflection").doesNotContain("pip install -e");
        Path bin = env.pathFolders().get(0);
        assertThat(python(bin, "import inflection").succeeded()).isTrue();
        assertThat(python(bin, "import importlib.util as u; print(u.find_spec('p') is None)").output())
                .as("the detected pip install -e . did not run").contains("True");
    }

    @Test
    void aProjectRequiringPythonBelow310GetsAVenvOfAnInstalledOne() throws Exception {
        Path root = project();
        Files.delete(root.resolve("requirements.txt"));
        Files.writeString(root.resolve("pyproject.toml"), """
                [build-system]
                requires = ["setuptools>=61"]
                build-backend = "setuptools.build_meta"

                [project]
                name = "words"
                version = "0.1"
                requires-python = "<3.10"
                dependencies = ["inflection"]

                [tool.setuptools]
                py-modules = []
                """);
        PythonInterpreters installed = new HostPythonInterpreters(executor, host);
        org.assertj.core.api.Assumptions.assumeThat(installed.installed()).as("a Python older than 3.10 is installed")
                .anyMatch(i -> i.release()[1] < 10);
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        PreparedEnvironment env = setup(List.of()).prepare(root, build);

        Path bin = env.pathFolders().get(0);
        assertThat(env.description()).startsWith("python 3.").contains("pip install -e .");
        assertThat(python(bin, "import sys, inflection; print('minor', sys.version_info[1])").output())
                .containsPattern("minor [6-9]\\b");
    }

    @Test
    void aFailingSetupNamesTheCommandItsOutputAndTheSetupKey() throws Exception {
        Path root = project();
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        assertThatThrownBy(() -> setup(List.of("echo about to fail && exit 3")).prepare(root, build))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("`echo about to fail && exit 3` (exit code 3)")
                .hasMessageContaining("about to fail")
                .hasMessageContaining("Set setup")
                .satisfies(e -> assertThat(((RepofixException) e).kind()).isEqualTo(RepofixException.ErrorKind.RUNTIME));
        assertThat(new EnvironmentStore(dir.resolve("cache"), Clock.systemUTC()).list()).isEmpty();
    }
}
