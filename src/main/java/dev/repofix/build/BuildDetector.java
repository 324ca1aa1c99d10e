package dev.repofix.build;

import dev.repofix.build.Ecosystem.Detection;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Picks the build system of a repository from its files, asking the {@link Ecosystems} rows in order. */
public final class BuildDetector {
    private final Ecosystems ecosystems;

    public BuildDetector(Ecosystems ecosystems) {
        this.ecosystems = Objects.requireNonNull(ecosystems, "ecosystems");
    }

    /** Detects every ecosystem repofix recognises. */
    public BuildDetector() {
        this(Ecosystems.standard());
    }

    /**
     * The build at {@code root}. With a test command given, an unknown build (or one
     * recognised but not run yet) is still usable: reports are searched in the usual places.
     *
     * @throws BuildException when nothing runnable is recognised and no command is given
     */
    public BuildSystem detect(Path root, Optional<String> testCommand) {
        List<Ecosystem> found = ecosystems.detectedIn(root, Detection.TEST_SOURCES);
        BuildException notRunnable = null;
        for (Ecosystem row : found) {
            try {
                return row.build().apply(root);
            } catch (BuildException e) {
                notRunnable = notRunnable == null ? e : notRunnable; // recognised, not run yet: a later row may be
            }
        }
        if (testCommand.isPresent()) {
            return new CustomBuild(testCommand.get(), CustomBuild.toolchainOf(root));
        }
        if (notRunnable != null) {
            throw notRunnable;
        }
        throw new BuildException("no build found: looked for " + ecosystems.lookedFor() + "; pass --test-cmd with a "
                + "command that runs the tests and writes JUnit XML reports");
    }
}
