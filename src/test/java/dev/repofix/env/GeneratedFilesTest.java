package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedFilesTest {
    @TempDir
    Path dir;

    private Path write(Path root, String relative, String text) throws Exception {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    /** The project as checked out, and the set-up's copy of it after an install that wrote into it. */
    private GeneratedFiles keptAfterAnInstall() throws Exception {
        Path project = dir.resolve("project");
        write(project, "pyproject.toml", "[project]\n");
        write(project, "src/pkg/__init__.py", "from ._version import version\n");
        write(project, "src/pkg/util.py", "X = 1\n");
        Path work = dir.resolve("env/.project");
        write(work, "pyproject.toml", "[project]\n");
        write(work, "src/pkg/__init__.py", "from ._version import version\n");
        write(work, "src/pkg/util.py", "X = 2\n");
        write(work, "src/pkg/_version.py", "version = '1.2.3'\n");
        write(work, "src/pkg/__pycache__/util.cpython-311.pyc", "bytes");
        write(work, "src/pkg/util.pyc", "bytes");
        write(work, "src/pkg.egg-info/PKG-INFO", "Name: pkg\n");
        write(work, "build/lib/pkg/util.py", "X = 1\n");
        return GeneratedFiles.keep(project, work, List.of("src", "."), dir.resolve("env/generated"));
    }

    @Test
    void keepsOnlyNewFilesInTheProjectsOwnSourceFolders() throws Exception {
        GeneratedFiles kept = keptAfterAnInstall();

        assertThat(kept.files()).containsExactly("src/pkg/_version.py");
        assertThat(dir.resolve("env/generated/src/pkg/_version.py")).hasContent("version = '1.2.3'");
    }

    @Test
    void placesTheKeptFilesInACopyWithoutOverwritingItsOwn() throws Exception {
        GeneratedFiles kept = keptAfterAnInstall();
        Path copy = dir.resolve("copy-1");
        write(copy, "src/pkg/__init__.py", "from ._version import version\n");
        Path other = dir.resolve("copy-2");
        write(other, "src/pkg/_version.py", "version = 'its own'\n");

        kept.placeIn(copy);
        kept.placeIn(other);
        kept.placeIn(dir.resolve("elsewhere"));

        assertThat(copy.resolve("src/pkg/_version.py")).hasContent("version = '1.2.3'");
        assertThat(other.resolve("src/pkg/_version.py")).hasContent("version = 'its own'");
        assertThat(dir.resolve("elsewhere")).doesNotExist();
    }

    @Test
    void placesNothingThroughALinkOfTheCopyThatLeavesIt() throws Exception {
        GeneratedFiles kept = keptAfterAnInstall();
        Path outside = Files.createDirectories(dir.resolve("outside/pkg"));
        Path copy = dir.resolve("copy");
        Files.createDirectories(copy.resolve("src"));
        Files.createSymbolicLink(copy.resolve("src/pkg"), outside);

        kept.placeIn(copy);

        assertThat(outside.resolve("_version.py")).doesNotExist();
    }

    @Test
    void anEnvironmentPlacesItsGeneratedFilesInTheFolderACommandRunsIn() throws Exception {
        GeneratedFiles kept = keptAfterAnInstall();
        Path copy = dir.resolve("copy");
        write(copy, "src/pkg/__init__.py", "");
        PreparedEnvironment env = new PreparedEnvironment("python venv", java.util.Map.of("VIRTUAL_ENV", "/v"),
                List.of(), List.of(), List.of("src"), java.time.Duration.ZERO, false, kept);

        env.applyTo(dev.repofix.exec.Command.shell("pytest", copy, java.util.Map.of(), java.time.Duration.ofMinutes(1)));

        assertThat(copy.resolve("src/pkg/_version.py")).hasContent("version = '1.2.3'");
    }
}
